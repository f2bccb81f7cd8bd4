import CSpawn
import FoundationEssentials
import Synchronization
import UVCore
import UVPlatform

#if canImport(Glibc)
    import Glibc
#endif

/// GET requests made by a fetch process (`uvd --fetch`, see `ChildFetch`) instead of in the
/// daemon: libcurl, OpenSSL, GnuTLS and Kerberos are loaded only there, so the daemon stays
/// small, and whatever a hostile answer does to them ends with that process.
///
/// The limits are the child's `CurlHTTPClient`'s; this side adds its own bounds on top, so a
/// child that misbehaves cannot hold the daemon: its output is read up to the body's cap plus
/// room for the headers, and a child still running `grace` after the deadline is killed.
/// Cancelling the task kills the child at once. Each request reads on a thread of its own, as
/// `CurlHTTPClient` does.
public struct ChildProcessHTTPClient: HTTPClient {
    /// The running binary itself, by the path `/proc/self/exe` names (read once: a tool that runs
    /// uvd under it, such as valgrind, answers with uvd's path there, while executing
    /// `/proc/self/exe` would start the tool).
    public static let ownExecutable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "/proc/self/exe"
    static let headerRoom = 256 << 10

    /// What to start for `executable`: itself, unless it is uvd's own binary and that file has
    /// been removed or replaced since uvd started (a package upgraded or removed under it): then
    /// the binary uvd runs, which `/proc/self/exe` still names until it exits, so that a running
    /// uvd keeps fetching with its own code until it is restarted.
    static func program(for executable: String) -> String {
        guard executable == ownExecutable,
            let now = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"), now.hasSuffix(" (deleted)")
        else { return executable }
        return "/proc/self/exe"
    }

    public var executable: String
    public var limits: CurlHTTPClient
    public var grace: Duration

    public init(executable: String = ownExecutable, limits: CurlHTTPClient = CurlHTTPClient(), grace: Duration = .seconds(5)) {
        self.executable = executable
        self.limits = limits
        self.grace = grace
    }

    /// Writing the order to a child that is already gone must fail with EPIPE, not end the daemon
    /// by SIGPIPE's default action: ignored from the first fetch on (uvd's sockets send with
    /// MSG_NOSIGNAL already; nothing in uvd wants SIGPIPE).
    private static let pipeSignalIgnored: Void = { signal(SIGPIPE, SIG_IGN) }()

    public func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        Self.pipeSignalIgnored
        let order = FetchOrder(
            parent: getpid(), url: request.url.absoluteString, headers: request.headers,
            deadlineMilliseconds: limits.deadline.wholeMilliseconds,
            stallSeconds: limits.stallSeconds, maximumBytes: limits.maximumBytes)
        guard let input = try? JSONEncoder().encode(order) else {
            throw .transport("the request could not be written for the fetch process")
        }
        let child = FetchChildProcess()
        let wait = limits.deadline + grace
        let cap = limits.maximumBytes + Self.headerRoom
        let result: Result<HTTPResponse, HTTPError> = await withTaskCancellationHandler {
            await OffThread.run(named: "uvd-fetch") { [executable] in
                child.run(Self.program(for: executable), input: input, cap: cap, wait: wait)
            }
        } onCancel: {
            child.cancel()
        }
        return try result.get()
    }
}

/// One fetch process: spawned, fed, read and reaped on the calling thread; `cancel` kills it from
/// any thread.
final class FetchChildProcess: Sendable {
    /// `read` once the output is read: the child is no longer killed (it may be reaped and its
    /// pid reused any moment), and a late cancel changes nothing.
    private enum State {
        case starting
        case running(pid_t)
        case cancelled, read
    }
    private let state = Mutex(State.starting)

    func cancel() {
        state.withLock { state in
            switch state {
            case .starting: state = .cancelled
            case .running(let pid):
                kill(pid, SIGKILL)
                state = .cancelled
            case .cancelled, .read: break
            }
        }
    }

    func run(_ executable: String, input: Data, cap: Int, wait: Duration) -> Result<HTTPResponse, HTTPError> {
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        guard uvd_pipe_cloexec(&toChild) == 0 else {
            return .failure(.transport("no pipe for the fetch process: \(String(cString: strerror(errno)))"))
        }
        defer { for end in [toChild[0], toChild[1]] where end >= 0 { close(end) } }
        guard uvd_pipe_cloexec(&fromChild) == 0 else {
            return .failure(.transport("no pipe for the fetch process: \(String(cString: strerror(errno)))"))
        }
        defer { for end in [fromChild[0], fromChild[1]] where end >= 0 { close(end) } }

        guard let pid = spawn(executable, stdin: toChild[0], stdout: fromChild[1]) else {
            return .failure(.transport("the fetch process could not start: \(String(cString: strerror(errno)))"))
        }
        let started = state.withLock { state -> Bool in
            guard case .starting = state else { return false }
            state = .running(pid)
            return true
        }
        if !started { kill(pid, SIGKILL) }
        close(toChild[0])
        toChild[0] = -1
        close(fromChild[1])
        fromChild[1] = -1
        _ = input.withUnsafeBytes { write(toChild[1], $0.baseAddress, $0.count) }
        close(toChild[1])
        toChild[1] = -1

        let (output, ending) = Self.read(fromChild[0], cap: cap, wait: wait)
        if ending != nil { kill(pid, SIGKILL) }
        let cancelled = state.withLock { state -> Bool in
            if case .cancelled = state { return true }
            state = .read
            return false
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if cancelled { return .failure(.transport("cancelled")) }
        if let ending { return .failure(ending) }
        if let result = ChildFetch.read(output) { return result }
        return .failure(.transport("the fetch process ended without an answer (\(Self.describe(status)))"))
    }

    /// The child's output up to `cap` bytes and `wait`; the error that ended the read early, if any.
    private static func read(_ descriptor: Int32, cap: Int, wait: Duration) -> (Data, HTTPError?) {
        let end = ContinuousClock.now + wait
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let left = end - ContinuousClock.now
            guard left > .zero else { return (output, .transport("the fetch process gave no answer within \(wait.components.seconds) s")) }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            // Rounded up, so that less than a millisecond left does not spin.
            let milliseconds = Int32(clamping: left.wholeMilliseconds)
            let ready = poll(&poller, 1, milliseconds < .max ? milliseconds + 1 : milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return (output, nil) }
            output.append(contentsOf: buffer[..<count])
            if output.count > cap { return (output, .tooLarge(cap - ChildProcessHTTPClient.headerRoom)) }
        }
    }

    private func spawn(_ executable: String, stdin: Int32, stdout: Int32) -> pid_t? {
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("uvd"), strdup("--fetch"), nil]
        defer { for argument in argv { free(argument) } }
        let pid = uvd_spawn_with_pipes(executable, argv, stdin, stdout)
        return pid > 0 ? pid : nil
    }

    private static func describe(_ status: Int32) -> String {
        let signal = status & 0x7F
        return signal == 0 ? "exit status \((status >> 8) & 0xFF)" : "ended by signal \(signal) (\(String(cString: strsignal(signal))))"
    }
}
