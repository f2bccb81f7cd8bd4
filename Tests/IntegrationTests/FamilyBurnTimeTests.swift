import Foundation
import TestSupport
import Testing

/// `uvctl burn-time --family`: each member's burn time under the same UV and sunscreen, from the
/// family uvd keeps.
@Suite("Burn time for the family")
struct FamilyBurnTimeTests {
    @Test func eachMembersTimeUnderTheSameUV() throws {
        let uvd = try DaemonHarness(providers: false, zone: "Etc/UTC")
        try uvd.start()
        #expect(try uvd.uvctl(["family", "add", "Mia", "--skin-type", "I"]).status == 0)
        #expect(try uvd.uvctl(["family", "add", "Leo", "--skin-type", "II", "--born", Self.monthsAgo(2)]).status == 0)
        let report = try uvd.uvctl(["burn-time", "--family", "--uvi", "10", "--skin-type", "III", "--json"]).json()
        let family = try #require(report["family"] as? [[String: Any]])
        #expect(family.map { $0["name"] as? String } == ["Mia", "Leo"])
        // Type I at UV 10 with no sunscreen: 10 minutes (the same computation as the user's).
        #expect(family[0]["burnTimeMinutes"] as? Int == 10 && family[0]["keepOutOfSun"] as? Bool == false)
        #expect(family[1]["burnTimeMinutes"] is NSNull && family[1]["keepOutOfSun"] as? Bool == true)
        let text = try uvd.uvctl(["burn-time", "--family", "--uvi", "10", "--skin-type", "III"]).stdout
        #expect(text.contains("Mia (skin type I): about 10 min") && text.contains("Leo (skin type II): keep out of direct sun"))
    }

    /// A baby of 6 to 11 months has a burn time but is kept out of direct sun from UV 3, as the
    /// status and the leave-home prompt say: the same rule, not one of its own.
    @Test func aBabyUnderAYearIsKeptOutOfTheSunFromUV3AsTheStatusSays() throws {
        let uvd = try DaemonHarness(providers: false, zone: "Etc/UTC")
        try uvd.start()
        #expect(try uvd.uvctl(["family", "add", "Ava", "--skin-type", "II", "--born", Self.monthsAgo(8)]).status == 0)
        func ava(atUVI uvi: String) throws -> [String: Any] {
            let report = try uvd.uvctl(["burn-time", "--family", "--uvi", uvi, "--skin-type", "III", "--json"]).json()
            return try #require((report["family"] as? [[String: Any]])?.first)
        }
        let high = try ava(atUVI: "10")
        #expect(high["keepOutOfSun"] as? Bool == true && high["burnTimeMinutes"] is Int)
        #expect(try ava(atUVI: "2")["keepOutOfSun"] as? Bool == false)
        let text = try uvd.uvctl(["burn-time", "--family", "--uvi", "10", "--skin-type", "III"]).stdout
        #expect(text.contains("Ava (skin type II): keep out of direct sun"), "\(text)")
    }

    @Test func withoutUvdItSaysSo() throws {
        let uvd = try DaemonHarness(providers: false, zone: "Etc/UTC")
        let result = try uvd.uvctl(["burn-time", "--family", "--uvi", "10", "--skin-type", "III"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("uvd is not running"))
    }

    /// A uvd speaking French answers with the user as "you" on the wire: an English uvctl says
    /// "you", not the daemon's "vous".
    @Test func theUserIsYouOnTheWireWhateverTheDaemonSpeaks() throws {
        let catalogs = try CompiledCatalogs(languages: ["fr"])
        let uvd = try DaemonHarness(providers: false, zone: "Etc/UTC")
        try uvd.start(extraEnvironment: catalogs.environment("fr"))
        #expect(try uvd.uvctl(["profile", "set", "--skin-type", "IV"]).status == 0)
        #expect(try uvd.uvctl(["family", "add", "Mia", "--skin-type", "I"]).status == 0)
        let list = try uvd.uvctl(["family", "list"]).stdout
        #expect(list.hasPrefix("you  "), "\(list)")
        let people = try #require(try uvd.uvctl(["family", "list", "--json"]).json()["people"] as? [[String: Any]])
        #expect(people.first?["name"] as? String == "you")
    }

    /// The month `months` before this one, YYYY-MM, on UTC's calendar.
    static func monthsAgo(_ months: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(byAdding: .month, value: -months, to: Date())!
        let parts = calendar.dateComponents([.year, .month], from: date)
        return String(format: "%04d-%02d", parts.year!, parts.month!)
    }
}
