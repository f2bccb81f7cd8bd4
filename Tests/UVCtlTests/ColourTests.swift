import Foundation
import Testing

@Suite("uvctl colour")
struct ColourTests {
    static let escape = "\u{1B}["

    /// `script` gives the command a real terminal.
    private func onTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let command = ([Uvctl.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
        var env = ["PATH": "/usr/bin:/bin", "TZ": "Etc/UTC", "LANG": "C.UTF-8", "TERM": "xterm-256color"]
        env.merge(environment) { _, new in new }
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) from bsdutils for a terminal"))
    func colourOnlyOnATerminalWithoutNoColor() throws {
        let arguments = ["burn-time", "--skin-type", "I", "--uvi", "9"]
        #expect(try onTerminal(arguments).contains(Self.escape))
        #expect(!(try onTerminal(arguments, environment: ["NO_COLOR": "1"]).contains(Self.escape)))
        #expect(!(try Uvctl.run(arguments).stdout.contains(Self.escape)))
    }
}
