import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `Tests/TestSupport/fixture_server.py` (or the hostile server) on a loopback port for one test.
public final class FixtureServer: Sendable {
    public let port: Int
    public let log: URL
    private let process: ChildProcess
    private let portFile: URL

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("fixture_server.py")

    /// `failures`: a path's scripted status (`"503"`, or `"429:3600"` with Retry-After, and
    /// `"503@4"` for one given after 4 seconds);
    /// `hanging`: paths that never answer.
    public convenience init(routes: [String: String], failures: [String: String] = [:], hanging: [String] = [], rebaseToday: Bool = false)
        throws
    {
        var arguments: [String] = hanging.flatMap { ["--hang", $0] }
        for (path, file) in routes { arguments += ["--route", "\(path)=\(ProviderFixture.directory.appendingPathComponent(file).path)"] }
        for (path, status) in failures { arguments += ["--fail", "\(path)=\(status)"] }
        if rebaseToday { arguments.append("--rebase-today") }
        try self.init(script: Self.script, arguments: arguments)
    }

    /// `hostile_http_server.py`: a compression bomb, a trickle, a reset, silence and a 429.
    public static func hostile() throws -> FixtureServer {
        try FixtureServer(script: script.deletingLastPathComponent().appendingPathComponent("hostile_http_server.py"), arguments: nil)
    }

    /// Starts `script` with `arguments` (and `--log`, unless nil) and reads its port.
    private init(script: URL, arguments: [String]?) throws {
        let id = UUID().uuidString
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(id).jsonl")
        let portFile = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(id).port")
        self.log = log
        self.portFile = portFile
        let all = [script.path] + (arguments.map { ["--log", log.path] + $0 } ?? [])
        process = try ChildProcess(
            "/usr/bin/env", ["python3"] + all, environment: ProcessInfo.processInfo.environment, stdout: portFile.path, stderr: "/dev/null")
        let deadline = Date().addingTimeInterval(10)
        var port: Int?
        while port == nil, Date() < deadline, process.isRunning {
            let text = (try? String(contentsOf: portFile, encoding: .utf8)) ?? ""
            if text.hasSuffix("\n") { port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) } else { usleep(20_000) }
        }
        guard let port else { throw ServerError.noPort((try? String(contentsOf: portFile, encoding: .utf8)) ?? "") }
        self.port = port
    }

    public enum ServerError: Error { case noPort(String) }

    public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Every request the server saw, in order.
    public func requests() throws -> [[String: Any]] {
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
    }

    deinit {
        process.signal(SIGTERM)
        process.wait()
        try? FileManager.default.removeItem(at: log)
        try? FileManager.default.removeItem(at: portFile)
    }
}
