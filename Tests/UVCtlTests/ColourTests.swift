import Foundation
import TestSupport
import Testing

/// What uvctl does on a terminal that it does not do into a pipe: colour and wrapping.
@Suite("uvctl on a terminal")
struct ColourTests {
    static let escape = "\u{1B}["

    /// `script` gives the command a real terminal.
    private func onTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let command = ([ToolRunner.uvctl.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let env = ToolRunner.baseEnvironment.merging(["TERM": "xterm-256color"].merging(environment) { _, new in new }) { _, new in new }
        return try ToolRunner.run(URL(fileURLWithPath: "/usr/bin/script"), ["-q", "-e", "-c", command, "/dev/null"], environment: env)
            .stdout
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) from bsdutils for a terminal"))
    func colourOnlyOnATerminalWithoutNoColor() throws {
        let arguments = ["burn-time", "--skin-type", "I", "--uvi", "9"]
        #expect(try onTerminal(arguments).contains(Self.escape))
        #expect(!(try onTerminal(arguments, environment: ["NO_COLOR": "1"]).contains(Self.escape)))
        #expect(!(try ToolRunner.uvctl.run(arguments).stdout.contains(Self.escape)))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) from bsdutils for a terminal"))
    func linesAreWrappedToTheTerminalBetweenWords() throws {
        let wrapped = try onTerminal(["guide"], environment: ["COLUMNS": "60", "NO_COLOR": "1"]).replacingOccurrences(of: "\r", with: "")
        let piped = try ToolRunner.uvctl.run(["guide"]).stdout
        let lines = wrapped.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 60 }, "every line fits 60 columns")
        #expect(piped.split(separator: "\n").contains { $0.count > 60 }, "a pipe gets whole lines")
        func words(_ text: String) -> [Substring] { text.split { $0 == " " || $0 == "\n" } }
        #expect(words(wrapped) == words(piped), "no word is cut or lost")
        #expect(lines.contains { $0.hasPrefix(String(repeating: " ", count: 26)) }, "a level's advice continues under its column")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) from bsdutils for a terminal"))
    func japaneseWrapsBetweenCharactersWithinTheTerminal() throws {
        let catalogs = try CompiledCatalogs()
        let environment = catalogs.environment("ja").merging(["COLUMNS": "60", "NO_COLOR": "1"]) { _, new in new }
        let wrapped = try onTerminal(["guide", "sunscreen"], environment: environment).replacingOccurrences(of: "\r", with: "")
        let piped = try ToolRunner.uvctl.run(["guide", "sunscreen"], environment: catalogs.environment("ja")).stdout
        let lines = wrapped.split(separator: "\n")
        #expect(lines.allSatisfy { TranslationTests.columns($0) <= 60 }, "every line fits 60 columns:\n\(wrapped)")
        #expect(lines.count > piped.split(separator: "\n").count, "sentences without spaces are wrapped too")
        #expect(!lines.contains { $0.hasPrefix("  。") || $0.hasPrefix("  、") }, "no line starts with a full stop or comma")
        func characters(_ output: String) -> String { output.filter { $0 != " " && $0 != "\n" } }
        #expect(characters(wrapped) == characters(piped), "nothing is cut or lost")
    }
}
