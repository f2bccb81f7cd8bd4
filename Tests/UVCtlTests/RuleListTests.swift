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
    /// The engine asks one list of rules (`Rules.all`), which `Rule.known` reads; each rule
    /// declares its own name and section, so no two may share one (a rule copied from another
    /// and not renamed would answer for both).
    @Test func everyRuleHasANameAndASectionOfItsOwn() {
        #expect(Set(Rule.known).count == Rule.known.count, "\(Rule.known)")
        #expect(Set(Rule.known.map(\.settingsSection)).count == Rule.known.count, "\(Rule.known.map(\.settingsSection))")
    }

    @Test(arguments: ["snooze", "mute", "unmute"])
    func theHelpNamesEveryRule(_ command: String) throws {
        let help = try ToolRunner.uvctl.run([command, "--help"]).stdout
        for rule in Rule.known { #expect(help.contains(rule.rawValue), "uvctl \(command) --help lacks \(rule.rawValue)") }
    }

    /// `uvctl simulate --help` names the configuration's section of every rule it plays.
    @Test func theSimulatorsHelpNamesEveryRulesSection() throws {
        let help = try ToolRunner.uvctl.run(["simulate", "--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
        for rule in Rule.known {
            let section = rule.settingsSection
            #expect(help.contains("[\(section)]"), "uvctl simulate --help lacks [\(section)]")
        }
    }

    @Test func theInterfaceAndTheReadmeNameEveryRule() throws {
        let interface = try ToolRunner.uvd.run(["--varlink-interface"]).stdout
        let rulesLine = try #require(interface.split(separator: "\n").first { $0.contains("# Rules:") })
        let readme = try String(
            contentsOf: ProviderFixture.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let readmeRow = try #require(readme.split(separator: "\n").first { $0.contains("silence one rule") })
        for rule in Rule.known {
            #expect(rulesLine.contains(rule.rawValue), "the interface's rules lack \(rule.rawValue)")
            #expect(readmeRow.contains(rule.rawValue), "the README's rules lack \(rule.rawValue)")
        }
    }
}
