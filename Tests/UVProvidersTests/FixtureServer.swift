import Foundation

/// `Tests/Support/fixture_server.py` running on a loopback port for one test.
final class FixtureServer {
    let port: Int
    let log: URL
    private let process: Process

    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Support/fixture_server.py")

    init(routes: [String: String], failures: [String: String] = [:], rebaseToday: Bool = false) throws {
        log = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(UUID().uuidString).jsonl")
        var arguments = [Self.script.path, "--log", log.path]
        for (path, file) in routes { arguments += ["--route", "\(path)=\(ProviderFixture.directory.appendingPathComponent(file).path)"] }
        for (path, status) in failures { arguments += ["--fail", "\(path)=\(status)"] }
        if rebaseToday { arguments.append("--rebase-today") }
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        // Read up to the end of the first line: the server keeps running, so no end of file comes.
        var bytes = Data()
        while !bytes.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            bytes.append(chunk)
        }
        let line = String(decoding: bytes, as: UTF8.self)
        guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw ServerError.noPort(line)
        }
        self.port = port
    }

    enum ServerError: Error { case noPort(String) }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Every request the server saw, in order.
    func requests() throws -> [[String: Any]] {
        guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: log)
    }
}
