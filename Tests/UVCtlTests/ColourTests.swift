import Foundation
import TestSupport
import Testing

@Suite("uvctl colour")
struct ColourTests {
    static let escape = "\u{1B}["

    /// `script` gives the command a real terminal.
    private func onTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let command = ([ToolRunner.uvctl.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let env = ToolRunner.baseEnvironment.merging(["TERM": "xterm-256color"].merging(environment) { _, new in new }) { _, new in new }
        return try ToolRunner.run(URL(fileURLWithPath: "/usr/bin/script"), ["-q", "-e", "-c", command, "/dev/null"], environment: env).stdout
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) from bsdutils for a terminal"))
    func colourOnlyOnATerminalWithoutNoColor() throws {
        let arguments = ["burn-time", "--skin-type", "I", "--uvi", "9"]
        #expect(try onTerminal(arguments).contains(Self.escape))
        #expect(!(try onTerminal(arguments, environment: ["NO_COLOR": "1"]).contains(Self.escape)))
        #expect(!(try ToolRunner.uvctl.run(arguments).stdout.contains(Self.escape)))
    }
}
