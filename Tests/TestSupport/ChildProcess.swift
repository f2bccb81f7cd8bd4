import CSpawn
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process for tests, started with posix_spawn and reaped with waitpid.
///
/// Foundation's `Process` is not used: with tests launching processes in parallel its
/// `waitUntilExit` was seen to hang on children that had already exited. Here the child starts
/// with an empty signal mask and default signal actions (a test runner's threads may block
/// SIGTERM, and the mask is inherited) and its output goes to files, never to pipes that other
/// children could inherit.
public final class ChildProcess: Sendable {
    public let pid: pid_t
    private let status = Mutex<Int32?>(nil)

    public struct SpawnError: Error, CustomStringConvertible {
        public let path: String
        public let code: Int32
        public var description: String { "cannot start \(path): \(String(cString: strerror(code)))" }
    }

    /// Starts `path arguments…`; standard input from `stdin` (default /dev/null), output appended to the files given.
    public init(
        _ path: String, _ arguments: [String], environment: [String: String], stdin: String = "/dev/null", stdout: String, stderr: String
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        // Only the three standard descriptors: a test's file open for writing in another thread
        // must not be held by this child (executing that file would fail with ETXTBSY).
        uvd_file_actions_close_from(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for string in argv + envp { free(string) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else { throw SpawnError(path: path, code: result) }
        self.pid = pid
        _ = Self.unreaped.withLock { $0.insert(pid) }
        Self.reaperInstalled.withLock { installed in
            guard !installed else { return }
            installed = true
            atexit { ChildProcess.endUnreaped() }
        }
    }

    /// Children not yet reaped, ended when the test process exits: one held by a `static`
    /// (never deinitialised) must not outlive the run.
    private static let unreaped = Mutex<Set<pid_t>>([])
    private static let reaperInstalled = Mutex(false)

    private static func endUnreaped() {
        let pids = unreaped.withLock { $0 }
        for pid in pids { kill(pid, SIGTERM) }
        for pid in pids {
            var raw: Int32 = 0
            for _ in 0..<50 where waitpid(pid, &raw, WNOHANG) == 0 { usleep(20_000) }
            if waitpid(pid, &raw, WNOHANG) == 0 {
                kill(pid, SIGKILL)
                waitpid(pid, &raw, 0)
            }
        }
    }

    public func signal(_ signal: Int32) {
        if isRunning { _ = kill(pid, signal) }
    }

    /// Waits for the child to end: its exit status, or 128 + the signal that ended it.
    @discardableResult
    public func wait() -> Int32 {
        if let known = status.withLock({ $0 }) { return known }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        return record(raw)
    }

    public var isRunning: Bool {
        if status.withLock({ $0 }) != nil { return false }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
        record(raw)
        return false
    }

    @discardableResult
    private func record(_ raw: Int32) -> Int32 {
        Self.unreaped.withLock { _ = $0.remove(pid) }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift cannot import as macros.
        let signal = raw & 0x7f
        let code = signal == 0 ? (raw >> 8) & 0xff : 128 + signal
        status.withLock { $0 = code }
        return code
    }

    deinit {
        if isRunning {
            _ = kill(pid, SIGKILL)
            wait()
        }
    }
}
