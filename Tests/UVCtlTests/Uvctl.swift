import Foundation

/// Runs the built `uvctl` binary, as a user would from a shell.
struct Uvctl {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        /// Standard output parsed as a JSON object.
        func json() throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
            guard let dictionary = object as? [String: Any] else { throw ParseError.notAnObject(stdout) }
            return dictionary
        }
    }

    enum ParseError: Error { case notAnObject(String) }

    /// The products directory holds the test bundle and the executables side by side.
    static let executable: URL = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return bundle.deletingLastPathComponent().appendingPathComponent("uvctl")
    }()

    /// Runs `uvctl arguments…` with a clean, predictable environment plus `environment`.
    static func run(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ["PATH": "/usr/bin:/bin", "TZ": "Etc/UTC", "LANG": "C.UTF-8"]
        env.merge(environment) { _, new in new }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: stderrData, as: UTF8.self))
    }
}
