import Foundation
import TestSupport
import Testing

/// `uvctl sunscreen apply --for NAME`: sunscreen put on one person alone is theirs, and a family
/// member with a sunscreen of their own wears it under the one for everyone; each person's dose
/// goes through what they wore.
@Suite("Sunscreen for one person")
struct FamilySunscreenTests {
    /// Places whose clocks together cover the day: one of them is always in its afternoon.
    static let places = [
        "21.3,-157.9", "4.7,-74.1", "-8.1,-34.9", "5.6,-0.2", "-26.2,28.0", "-1.3,36.8", "25.2,55.3", "28.6,77.2", "13.8,100.5",
        "14.6,121.0", "-12.5,130.8", "-27.5,153.0",
    ]

    @Test func eachPersonsDoseGoesThroughWhatTheyWore() throws {
        let uvd = try DaemonHarness(providers: false, zone: "Etc/UTC")
        try uvd.start()
        // A place between 16:00 and 21:59: 10:00 to 14:00 has been, within uvctl's 720 minutes.
        var clock = Calendar(identifier: .gregorian)
        let now = Date()
        var chosen: String?
        for place in Self.places {
            let location = try uvd.uvctl(["location", "set", place, "--json"]).json()
            let zone = try #require(TimeZone(identifier: location["timeZone"] as? String ?? ""))
            clock.timeZone = zone
            if (16...21).contains(clock.component(.hour, from: now)) {
                chosen = place
                break
            }
        }
        try #require(chosen != nil, "no place in its afternoon")
        func minutesAgo(_ hour: Int) -> String {
            let then = clock.date(bySettingHour: hour, minute: 0, second: 0, of: now) ?? now
            return String(Int(now.timeIntervalSince(then) / 60))
        }

        #expect(try uvd.uvctl(["profile", "set", "--skin-type", "IV", "--spf", "30", "--quantity", "lots"]).status == 0)
        #expect(try uvd.uvctl(["family", "add", "Mia", "--skin-type", "II"]).status == 0)
        #expect(try uvd.uvctl(["family", "add", "Sam", "--skin-type", "II"]).status == 0)
        #expect(try uvd.uvctl(["family", "add", "Ana", "--skin-type", "II", "--spf", "50"]).status == 0)
        #expect(try uvd.uvctl(["outside", "add", "10:00-14:00"]).status == 0)
        #expect(try uvd.uvctl(["sunscreen", "apply", "--minutes-ago", minutesAgo(10)]).status == 0)
        let sams = try uvd.uvctl(["sunscreen", "apply", "--for", "sam", "--spf", "50", "--minutes-ago", minutesAgo(12), "--json"])
        #expect(sams.status == 0, "\(sams.stderr)")
        // The reply is what was just put on, with the party's reapply time.
        #expect(try sams.json()["spf"] as? String == "50", "\(sams.stdout)")

        // `uvctl dose --json` gives the days asked for, today alone here.
        let days = try JSONSerialization.jsonObject(with: Data(try uvd.uvctl(["dose", "--json"]).stdout.utf8)) as? [[String: Any]]
        let dose = try #require(days?.last)
        let people = try #require(dose["people"] as? [[String: Any]])
        let share = { (name: String) in people.first { $0["name"] as? String == name }?["burnDosePercent"] as? Double ?? 0 }
        #expect(people.map { $0["name"] as? String } == ["you", "Mia", "Sam", "Ana"])
        #expect(share("Mia") > 0)
        #expect(share("Sam") < share("Mia"), "Sam had his own SPF 50 from 12:00: \(people)")
        #expect(share("Ana") < share("Sam"), "Ana wore everyone's in her own SPF 50 all along: \(people)")
        #expect(abs((dose["burnDosePercent"] as? Double ?? -1) - share("you")) < 1e-9, "the user's is the day's")

        let nobody = try uvd.uvctl(["sunscreen", "apply", "--for", "Nobody"])
        #expect(nobody.status != 0 && nobody.stderr.contains("no one named Nobody in the family"), "\(nobody.stderr)")
        let both = try uvd.uvctl(["sunscreen", "apply", "--for", "Mia", "--all"])
        #expect(both.status != 0 && both.stderr.contains("--for names one person and --all means everyone"), "\(both.stderr)")
    }
}
