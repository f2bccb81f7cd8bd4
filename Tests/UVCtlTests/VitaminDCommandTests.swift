import Foundation
import TestSupport
import Testing

/// `uvctl vitamin-d` without uvd: the clear-sky day worked out here, its text and its JSON from
/// the same computation, and what it refuses.
@Suite("uvctl vitamin-d")
struct VitaminDCommandTests {
    static let sydney = ["vitamin-d", "--lat", "-33.87", "--lon", "151.21", "--tz", "Australia/Sydney", "--date", "2026-01-15"]

    @Test func theTextAndTheJSONGiveTheSameBestHour() throws {
        let text = try ToolRunner.uvctl.run(Self.sydney + ["--skin-type", "II"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("Vitamin D · 33.87°S 151.21°E · Thursday 15 January 2026\n"))
        let best = try #require(
            text.stdout.firstMatch(
                of: /\nAbout (\d+) min with face, arms and hands bare between (\d\d:\d\d) and (\d\d:\d\d), ([a-z ]+) of your burn time\.\n/)
        )
        let json = try ToolRunner.uvctl.run(Self.sydney + ["--skin-type", "II", "--json"]).json()
        let shown = try #require(json["best"] as? [String: Any])
        #expect(shown["minutes"] as? Int == Int(best.1))
        #expect((shown["start"] as? String)?.dropFirst(11).prefix(5) ?? "" == best.2)
        #expect(json["sky"] as? String == "clear-sky" && json["exposed"] as? String == "face-arms-hands")
        #expect((3...25).contains(Int(best.1) ?? 0))
    }

    @Test func aPolarWinterSaysNoneAndWhenNext() throws {
        let result = try ToolRunner.uvctl.run(
            ["vitamin-d", "--lat", "69.65", "--lon", "18.96", "--tz", "Europe/Oslo", "--date", "2026-12-15", "--skin-type", "II"])
        #expect(result.stdout.contains("The sun is too low to make vitamin D on Tuesday 15 December 2026 (clear sky).\n"))
        #expect(result.stdout.contains(/The next day it can, here, is \w+ \d+ (February|March) 2027\./))
        #expect(result.stdout.contains("Cancer Council Australia's position statement"))
    }

    @Test func whatIsWrongIsSaid() throws {
        let exposed = try ToolRunner.uvctl.run(Self.sydney + ["--skin-type", "II", "--exposed", "legs"])
        #expect(exposed.status == 64 && exposed.stderr.contains("face-hands, face-arms-hands, with-legs, swimwear"))
        let noSkin = try ToolRunner.uvctl.run(Self.sydney)
        #expect(noSkin.status == 64 && noSkin.stderr.contains("Give --skin-type (uvd is not running to say your profile's)."))
        let both = try ToolRunner.uvctl.run(["vitamin-d", "--location", "Sydney", "--lat", "1", "--lon", "2", "--skin-type", "II"])
        #expect(both.status == 64 && both.stderr.contains("Give --location or --lat/--lon, not both."))
    }
}
