import FoundationEssentials
import Glibc

/// A release uvd in a private XDG world whose one provider is the local stand-in (ARPANSA off),
/// so every number measures uvd and not the network. `UVD` names the binary
/// (default: ../.build/release/uvd). It runs a copy of the binary no cache holds, in a memory
/// cgroup of its own (`MemoryCgroup`), so that what it is charged is what a cold start costs.
final class RunningDaemon: Sendable {
    let root: String
    let environment: [String: String]
    /// The cold copy uvd runs from; `uvctl` is a link beside it.
    let binary: String
    let connection: Int32
    let pid: pid_t
    /// Where uvd's memory is charged; nil (and `cgroupProblem` says why) where none could be made.
    let cgroup: MemoryCgroup?
    let cgroupProblem: String?
    /// How much of the copy the page cache held as uvd started (0 for a truly cold start).
    let cachedAtStart: Int
    /// The release binary the copy was made from.
    static let release =
        ProcessInfo.processInfo.environment["UVD"]
        ?? URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/release/uvd").path

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `name` tells two daemons' directories apart; `extraEnvironment` is added to uvd's;
    /// `station` lets uvd ask the stand-in's ARPANSA station.
    /// `binaryDirectory`: where the cold copy goes (default: beside uvd's other files).
    init(
        provider: ProviderStandIn, name: String = "uvd", station: Bool = false, extraEnvironment: [String: String] = [:],
        binaryDirectory: String? = nil
    ) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.release) else {
            throw Failure(description: "no uvd at \(Self.release): run `make release` first, or set UVD")
        }
        root = FileManager.default.temporaryDirectory.path + "/uvd-bench-\(getpid())-\(name)"
        binary = try ColdBinary.copy(Self.release, into: binaryDirectory ?? "\(root)/bin")
        cachedAtStart = ColdBinary.cachedBytes(binary)
        switch MemoryCgroup.make(name) {
        case .success(let made): (cgroup, cgroupProblem) = (made, nil)
        case .failure(let problem): (cgroup, cgroupProblem) = (nil, problem.description)
        }
        for directory in ["config/uvd", "state", "run"] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(directory)", withIntermediateDirectories: true)
        }
        chmod("\(root)/run", 0o700)
        try """
        [providers.cams]
        url = "http://127.0.0.1:\(provider.port)/v1/air-quality"
        [providers.open-meteo]
        url = "http://127.0.0.1:\(provider.port)/v1/forecast"
        [providers.arpansa]
        enabled = \(station)
        url = "http://127.0.0.1:\(provider.port)/xml/uvvalues.xml"
        series_url = "http://127.0.0.1:\(provider.port)/api/uvlevel/"
        """.write(toFile: "\(root)/config/uvd/config.toml", atomically: true, encoding: .utf8)
        environment = [
            "HOME": root, "TZ": "Australia/Sydney", "PATH": "/usr/bin:/bin",
            "XDG_CONFIG_HOME": "\(root)/config", "XDG_STATE_HOME": "\(root)/state", "XDG_RUNTIME_DIR": "\(root)/run",
        ].merging(extraEnvironment) { _, extra in extra }
        pid = try cgroup?.spawn(binary, [], environment: environment) ?? Self.spawn(binary, environment: environment)
        let socketPath = "\(root)/run/uvd/io.uvd"
        var fd: Int32 = -1
        for _ in 0..<200 where fd < 0 {
            usleep(25_000)
            fd = Self.connect(socketPath)
        }
        guard fd >= 0 else { throw Failure(description: "uvd did not open \(socketPath)") }
        connection = fd
    }

    /// One varlink call and its reply, on the open connection.
    func call(_ message: String) throws -> [UInt8] {
        let bytes = Array(message.utf8) + [0]
        guard send(connection, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else { throw Failure(description: "send failed") }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while reply.last != 0 {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { throw Failure(description: "uvd closed the connection") }
            reply += buffer[..<count]
        }
        return reply
    }

    /// A second uvd on the same (warm) state with its own runtime directory and NOTIFY_SOCKET.
    func prepareStart() throws -> WarmStart {
        try WarmStart(binary: binary, environment: environment, root: root)
    }

    /// Stops uvd and removes its directories. Called at the end of `main`: a global is never
    /// deinitialised when the process exits, so without it every `make bench` left a uvd running.
    func stop() {
        close(connection)
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        cgroup?.remove()
        try? FileManager.default.removeItem(atPath: root)
    }

    static func spawn(_ path: String, _ arguments: [String] = [], environment: [String: String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for string in argv + envp { free(string) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, nil, argv, envp) == 0 else { throw Failure(description: "cannot start \(path)") }
        return pid
    }

    /// Runs `path arguments…` to its end; its wait status (0: it exited with 0).
    @discardableResult
    static func run(_ path: String, _ arguments: [String] = [], environment: [String: String]) throws -> Int32 {
        var status: Int32 = 0
        waitpid(try spawn(path, arguments, environment: environment), &status, 0)
        return status
    }

    private static func connect(_ path: String) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = address(path)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if result == 0 { return fd }
        close(fd)
        return -1
    }

    static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        return address
    }
}

/// One measured start: launch, wait for READY=1 on the notify socket, then stop.
final class WarmStart {
    private let binary: String
    private var environment: [String: String]
    private let run: String
    private let listener: Int32
    private var child: pid_t = 0
    private var ready = false

    init(binary: String, environment: [String: String], root: String) throws {
        self.binary = binary
        self.environment = environment
        run = "\(root)/run-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: true)
        chmod(run, 0o700)
        let notifyPath = "\(run)/notify"
        listener = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = RunningDaemon.address(notifyPath)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        self.environment["XDG_RUNTIME_DIR"] = run
        self.environment["NOTIFY_SOCKET"] = notifyPath
    }

    /// The measured part.
    func launchAndAwaitReady() {
        guard let pid = try? RunningDaemon.spawn(binary, environment: environment) else { return }
        child = pid
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !ready {
            let count = recv(listener, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            ready = String(decoding: buffer[..<count], as: UTF8.self).contains("READY=1")
        }
    }

    func stop() throws {
        if child > 0 {
            kill(child, SIGTERM)
            var status: Int32 = 0
            waitpid(child, &status, 0)
        }
        close(listener)
        try? FileManager.default.removeItem(atPath: run)
        guard ready else { throw RunningDaemon.Failure(description: "uvd sent no READY=1") }
    }
}
