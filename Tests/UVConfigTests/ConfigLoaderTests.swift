import Foundation
import Testing
import UVCore
import UVProviderPolicy

@testable import UVConfig
@testable import UVEngine

@Suite("config.toml")
struct ConfigLoaderTests {
    @Test func emptyFileIsTheDefaults() throws {
        let loaded = try ConfigLoader.parse("", path: "c.toml")
        #expect(loaded.configuration == Configuration())
        #expect(loaded.entries.allSatisfy { $0.origin == "default" })
    }

    /// `uvctl simulate` takes the rule settings alone (`configuration.engine`): the window
    /// setting must be among them, or its morning summary uses UV 3 while uvd uses the setting.
    @Test func theWindowSettingIsARuleSetting() throws {
        let loaded = try ConfigLoader.parse("[forecast]\nwindow = \"6\"\n", path: "c.toml")
        #expect(loaded.configuration.window == .uvi6)
        #expect(loaded.configuration.engine.window == .uvi6)
    }

    /// The settings that say where a rule's news goes while the person is in, each in its own
    /// rule's section; a choice misspelt names the two there are.
    @Test func whereEachRuleSpeaksIsItsOwnSetting() throws {
        let text = """
            [alerts]
            indoors = "pop-up"
            [reapply]
            countdown = true
            indoors = "pop-up"
            on_going_out = false
            uv_threshold = 0
            [leave_home]
            babies = false
            """
        let engine = try ConfigLoader.parse(text, path: "c.toml").configuration.engine
        #expect(engine[UVAlertRule.key].indoors == .popUp && engine[ReapplyRule.key].indoors == .popUp)
        #expect(
            engine[ReapplyRule.key].countdown && !engine[ReapplyRule.key].onGoingOut && engine[ReapplyRule.key].uvThreshold == 0
                && !engine[LeaveHomeRule.key].namesBabies)
        let defaults = Configuration().engine
        #expect(
            defaults[UVAlertRule.key].indoors == .glance && defaults[ReapplyRule.key].indoors == .glance
                && !defaults[ReapplyRule.key].countdown)
        #expect(
            throws: ConfigLoader.Invalid(problems: [
                "c.toml:2:1: alerts.indoors = \"popup\" is not allowed; expected \"glance\" (the tray, uvctl status and waybar) or \"pop-up\""
            ])
        ) { try ConfigLoader.parse("[alerts]\nindoors = \"popup\"\n", path: "c.toml") }
    }

    @Test func valuesAndWhereTheyCameFrom() throws {
        let text = """
            # mine
            [refresh]
            daily_budget = 20
            open_meteo_minutes = 90

            [providers.open-meteo]
            url = "http://127.0.0.1:8080/v1/forecast"

            [forecast]
            window = "personal"
            """
        let loaded = try ConfigLoader.parse(text, path: "/home/u/.config/uvd/config.toml")
        #expect(loaded.configuration.policy.dailyBudget == 20)
        // A fixed interval no longer means anything: accepted, with what replaced it.
        #expect(
            loaded.warnings == [
                "/home/u/.config/uvd/config.toml:4:1: refresh.open_meteo_minutes no longer decides anything: forecasts are asked when a new model run can be out (CAMS twice a day, the forecast endpoint four times), at most 8 a day; it is ignored, and can be removed"
            ])
        #expect(loaded.configuration.endpoints.openMeteo.absoluteString == "http://127.0.0.1:8080/v1/forecast")
        #expect(loaded.configuration.window == .personal)
        let origins = Dictionary(uniqueKeysWithValues: loaded.entries.map { ($0.key, $0.origin) })
        #expect(origins["refresh.daily_budget"] == "/home/u/.config/uvd/config.toml:3")
        #expect(origins["providers.open-meteo.url"] == "/home/u/.config/uvd/config.toml:7")
        #expect(origins["location.geoclue"] == "default")
    }

    @Test func unknownKeysNameTheLineAndTheKnownKeys() {
        let text = "[refresh]\ndaily_budget = 10\ndialy_budget = 12\n"
        #expect(
            throws: ConfigLoader.Invalid(problems: [
                "c.toml:3:1: unknown key 'dialy_budget' in [refresh]; known keys: arpansa_active_minutes, arpansa_idle_minutes, daily_budget, open_meteo_minutes"
            ])
        ) { try ConfigLoader.parse(text, path: "c.toml") }
        #expect(throws: ConfigLoader.Invalid.self) { try ConfigLoader.parse("[colour]\nx = 1\n", path: "c.toml") }
    }

    @Test func badValuesSayWhatIsAllowed() throws {
        let text = "[refresh]\ndaily_budget = -3\n[providers.arpansa]\nurl = \"ftp://x\"\n[forecast]\nwindow = 4\n"
        do {
            _ = try ConfigLoader.parse(text, path: "c.toml")
            Issue.record("accepted bad values")
        } catch {
            #expect(error.problems.count == 3)
            #expect(error.problems.contains("c.toml:2:1: refresh.daily_budget = -3 is not allowed; expected a whole number from 4 to 500"))
            #expect(
                error.problems.contains {
                    $0.hasPrefix("c.toml:4:1: providers.arpansa.url") && $0.hasSuffix("expected an http:// or https:// URL")
                })
            #expect(error.problems.contains { $0.hasPrefix("c.toml:6:1: forecast.window = 4") })
        }
    }

    @Test func ruleSettings() throws {
        let text = """
            [leave_home]
            cooldown_minutes = 90
            [alerts]
            levels = [8, 6, 10]
            [morning]
            time = "first-activity"
            [quiet]
            hours = ["22:00-07:00", "13:00-14:00"]
            [reapply]
            interval_minutes = 80
            """
        let engine = try ConfigLoader.parse(text, path: "c.toml").configuration.engine
        #expect(engine[LeaveHomeRule.key].cooldown == 5400 && engine[UVAlertRule.key].levels == [6, 8, 10])
        #expect(engine[MorningRule.key].minute == nil && engine.reapplyInterval == 4800)
        #expect(engine.quietHours.spans.map(\.description) == ["22:00-07:00", "13:00-14:00"])
        do {
            _ = try ConfigLoader.parse("[quiet]\nhours = [\"late\"]\n[alerts]\nlevels = [6, \"eight\"]\n", path: "c.toml")
            Issue.record("accepted bad rule settings")
        } catch {
            #expect(error.problems.contains { $0.hasPrefix("c.toml:2:1: quiet.hours") && $0.hasSuffix("e.g. [\"22:00-07:00\"]") })
            #expect(error.problems.contains { $0.hasPrefix("c.toml:4:1: alerts.levels") })
        }
    }

    @Test func syntaxErrorsNameTheLine() {
        do {
            _ = try ConfigLoader.parse("[refresh]\ndaily_budget = = 3\n", path: "c.toml")
            Issue.record("accepted broken TOML")
        } catch {
            #expect(error.problems.first?.hasPrefix("c.toml:2:") == true)
        }
    }

    @Test func missingFileIsTheDefaults() throws {
        let loaded = try ConfigLoader.load(file: URL(fileURLWithPath: "/nonexistent/uvd/config.toml"))
        #expect(loaded == ConfigLoader.defaults)
    }

    /// `Config/uvd.toml`, the commented default file `make install` ships.
    static let shippedFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Config/uvd.toml")

    /// The shipped, commented default file is valid and changes nothing.
    @Test func shippedDefaultFile() throws {
        let file = Self.shippedFile
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(try ConfigLoader.parse(text, path: file.path).configuration == Configuration())
        for key in ConfigKey.all {
            #expect(text.contains(key.path.split(separator: ".").last!), "Config/uvd.toml does not document \(key.path)")
        }
    }

    /// What the shipped file shows commented out is the default: uncommented, it changes nothing
    /// (quiet hours once read as if 22:00-07:00 were the default).
    @Test func theShippedFileShowsTheDefaults() throws {
        let file = Self.shippedFile
        let text = try String(contentsOf: file, encoding: .utf8)
        let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.wholeMatch(of: /# ([a-z_]+ = .*)/).map { String($0.1) } ?? String(line)
        }
        #expect(uncommented.filter { !$0.hasPrefix("#") && $0.contains(" = ") }.count >= 20)
        #expect(try ConfigLoader.parse(uncommented.joined(separator: "\n"), path: file.path).configuration == Configuration())
    }
}

/// Every rule has its section in `config.toml`, with a key the loader takes, and the commented
/// default configuration (`Config/uvd.toml`) documents it: `dose` had none.
@Suite("A section for every rule")
struct RuleSectionTests {
    @Test(arguments: Rule.known)
    func eachRuleHasItsSection(_ rule: Rule) throws {
        let section = rule.settingsSection
        #expect(Configuration.hasKeys(in: section), "no key in [\(section)]")
        let documented = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Config/uvd.toml"), encoding: .utf8)
        #expect(documented.contains("\n[\(section)]\n"), "Config/uvd.toml documents no [\(section)]")
    }

    @Test func theDoseRuleCanBeTurnedOff() throws {
        let loaded = try ConfigLoader.parse("[dose]\nenabled = false\n", path: "config.toml")
        #expect(!loaded.configuration.engine[DoseRule.key].enabled && loaded.warnings.isEmpty)
    }
}
