import Foundation
import TestSupport
import Testing
import UVConfig
import UVCore
import UVEngine

/// Every rule is named wherever a user is told which rules there are: the help of `snooze`,
/// `mute` and `unmute`, the varlink interface's documentation and the README. `dose` was
/// missing from all of them ("leave-home, uv-alert, reapply or morning").
@Suite("One list of rules")
struct RuleListTests {
    /// The engine asks one list of rules (`Rules.all`); each name a rule can have is one of it,
    /// once, so every list below, held to `Rule.allCases`, is held to the engine's too.
    @Test func everyRuleNameIsARuleTheEngineAsks() {
        #expect(Set(Rule.inEngineOrder) == Set(Rule.allCases))
        #expect(Rule.inEngineOrder.count == Rule.allCases.count)
    }

    @Test(arguments: ["snooze", "mute", "unmute"])
    func theHelpNamesEveryRule(_ command: String) throws {
        let help = try ToolRunner.uvctl.run([command, "--help"]).stdout
        for rule in Rule.allCases { #expect(help.contains(rule.rawValue), "uvctl \(command) --help lacks \(rule.rawValue)") }
    }

    /// `uvctl simulate --help` names the configuration's section of every rule it plays.
    @Test func theSimulatorsHelpNamesEveryRulesSection() throws {
        let help = try ToolRunner.uvctl.run(["simulate", "--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
        for rule in Rule.allCases {
            let section = Configuration.section(of: rule)
            #expect(help.contains("[\(section)]"), "uvctl simulate --help lacks [\(section)]")
        }
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
