import Foundation
import TestSupport
import Testing

/// The README says `--json` works on every command: every command uvctl lists takes it.
@Suite("--json on every command")
struct JSONEverywhereTests {
    /// The subcommands a help text lists.
    private func subcommands(of path: [String]) throws -> [String] {
        let help = try ToolRunner.uvctl.run(path + ["--help"]).stdout
        guard let section = help.components(separatedBy: "SUBCOMMANDS:").dropFirst().first else { return [] }
        return section.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first else { return nil }
            return String(name)
        }.filter { $0 != "See" && $0 != "help" }
    }

    /// Every command with no subcommands of its own, as its words.
    private func leaves(under path: [String] = []) throws -> [[String]] {
        let children = try subcommands(of: path)
        if children.isEmpty { return [path] }
        return try children.flatMap { try leaves(under: path + [$0]) }
    }

    @Test func everyCommandTakesJSON() throws {
        let commands = try leaves()
        #expect(commands.count > 30)
        for command in commands {
            let help = try ToolRunner.uvctl.run(command + ["--help"]).stdout
            #expect(help.contains("--json"), "uvctl \(command.joined(separator: " ")) has no --json")
        }
    }
}
