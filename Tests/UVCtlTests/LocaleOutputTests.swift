import Foundation
import TestSupport
import Testing

/// What uvctl's calculators print in every language uvd speaks (and a 12-hour and a regional
/// locale of each) is what it printed before it wrote its dates from its own tables, byte for
/// byte: `Tests/Fixtures/locale-output/NAME.LANGUAGE.txt`, written by uvctl 0.3.3 with ICU
/// (`scripts/capture-locale-output`). One line moved since, on purpose: in `simulate-sydney` the
/// 80 % dose notice comes at 10:18, when 80 % is reached, no longer at 10:37 with the UV 8 alert.
/// Added since, on purpose (0.5.0): each simulation ends with the day's vitamin D, and a day's
/// forecast has a `D` column for it, a line saying what it is, and `vitaminD` in its JSON.
@Suite("uvctl's output in each language")
struct LocaleOutputTests {
    static let fixtures = ProviderFixture.packageRoot.appendingPathComponent("Tests/Fixtures/locale-output")

    /// The non-comment lines of a fixture list, each split into its first word and the rest.
    static func entries(_ name: String) -> [(String, [String])] {
        let text = (try? String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let words = line.split(separator: " ").map(String.init)
            return (words[0], Array(words.dropFirst()))
        }
    }

    static let languages = entries("languages.txt")

    @Test(arguments: entries("cases.txt").map(\.0))
    func sameAsBefore(_ name: String) throws {
        let catalogs = try CompiledCatalogs()
        let arguments = try #require(Self.entries("cases.txt").first { $0.0 == name }?.1).map {
            $0 == "SCENARIO" ? Self.fixtures.appendingPathComponent("day.scenario").path : $0
        }
        #expect(Self.languages.count == 7)
        for (language, settings) in Self.languages {
            var environment = ["UVD_LOCALEDIR": catalogs.directory.path]
            for setting in settings {
                let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
                environment[parts[0]] = parts[1]
            }
            let result = try ToolRunner.uvctl.run(arguments, environment: environment)
            let printed = result.stdout + result.stderr + (result.status == 0 ? "" : "exit \(result.status)\n")
            let expected = try String(contentsOf: Self.fixtures.appendingPathComponent("\(name).\(language).txt"), encoding: .utf8)
            #expect(printed == expected, "\(name) in \(language)")
        }
    }

    /// The cities found now that were not before: a name typed without its accents.
    @Test(arguments: ["LANGUAGE=es", "LANGUAGE=fr", "LANGUAGE=ja", "LANG=C.UTF-8"])
    func aCityWithoutItsAccentsIsFoundInEachLanguage(_ setting: String) throws {
        let catalogs = try CompiledCatalogs()
        let parts = setting.split(separator: "=").map(String.init)
        for (query, city) in [("zurich", "Zürich"), ("sao paulo", "São Paulo"), ("malmo", "Malmö"), ("saint-etienne", "Saint-Étienne")] {
            let result = try ToolRunner.uvctl.run(
                ["forecast", "--offline", "--location", query, "--date", "2026-03-01"],
                environment: ["UVD_LOCALEDIR": catalogs.directory.path, parts[0]: parts[1]])
            #expect(result.status == 0 && result.stdout.hasPrefix(city), "\(query) in \(setting): \(result.stderr)")
        }
    }
}
