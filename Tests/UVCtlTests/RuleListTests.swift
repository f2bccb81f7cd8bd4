import Foundation
import TestSupport
import Testing
import UVEngine

/// Every rule is named wherever a user is told which rules there are: the help of `snooze`,
/// `mute` and `unmute`, the varlink interface's documentation and the README. `dose` was
/// missing from all of them ("leave-home, uv-alert, reapply or morning").
@Suite("One list of rules")
struct RuleListTests {
    @Test(arguments: ["snooze", "mute", "unmute"])
    func theHelpNamesEveryRule(_ command: String) throws {
        let help = try ToolRunner.uvctl.run([command, "--help"]).stdout
        for rule in Rule.allCases { #expect(help.contains(rule.rawValue), "uvctl \(command) --help lacks \(rule.rawValue)") }
    }

    @Test func theInterfaceAndTheReadmeNameEveryRule() throws {
        let interface = try ToolRunner.uvd.run(["--varlink-interface"]).stdout
        let rulesLine = try #require(interface.split(separator: "\n").first { $0.contains("# Rules:") })
        let readme = try String(
            contentsOf: ProviderFixture.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let readmeRow = try #require(readme.split(separator: "\n").first { $0.contains("silence one rule") })
        for rule in Rule.allCases {
            #expect(rulesLine.contains(rule.rawValue), "the interface's rules lack \(rule.rawValue)")
            #expect(readmeRow.contains(rule.rawValue), "the README's rules lack \(rule.rawValue)")
        }
    }
}
