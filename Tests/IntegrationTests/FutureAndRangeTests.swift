import Foundation
import TestSupport
import Testing
import UVCore
import UVEngine
import UVStore

/// Values uvd cannot use are refused with what is allowed, not taken silently.
@Suite("Refused values", .serialized)
struct RefusedValuesTests {
    @Test func noSunscreenAndPlacesOffTheEarth() throws {
        let uvd = try DaemonHarness(providers: false)
        try uvd.start()
        let none = try uvd.uvctl(["sunscreen", "apply", "--spf", "0"])
        #expect(none.status == 64 && none.stderr.contains("SPF of 15, 30 or 50"), "\(none.stderr)")
        let north = try uvd.uvctl(["location", "set", "95,10"])
        #expect(north.status == 64 && north.stderr.contains("the latitude must be from -90 to 90"), "\(north.stderr)")
        let south = try uvd.uvctl(["location", "set", "--", "-33.9,151.2"])
        #expect(south.status == 0, "\(south.stderr)")
        #expect(try uvd.uvctl(["location", "set", "-33.9,151.2"]).status == 0)
    }
}

/// What uvd said in Sydney stays on Sydney's clock after a move to London, and says so.
@Suite("History on one clock", .serialized)
struct HistoryClockTests {
    static let written = Date().addingTimeInterval(-86_400)

    @Test func entriesKeepTheClockTheirTextWasWrittenOn() throws {
        let uvd = try DaemonHarness(providers: false)
        do {
            // What uvd said in Sydney a day ago: recent enough to be kept (history keeps 90 days; a
            // fixed date once made this test fail as the calendar moved on).
            let store = try Store(path: uvd.root.appendingPathComponent("state/uvd/uvd.sqlite"))
            let said = HistoryEntry(
                time: Self.written, kind: .notified, subject: Subject.uvLevel(.high), summary: "UV 7: high",
                body: "Sunscreen window today 08:27 – 16:54", zone: ZoneName("Australia/Sydney"))
            try store.save(
                StoreChanges(
                    engine: EngineState(settings: EngineSettings(), zone: ZoneName("Australia/Sydney"), skinType: .II), history: [said])
            )
        }
        try uvd.start()
        #expect(try uvd.uvctl(["location", "set", "London"]).status == 0)
        let entries = try #require(try uvd.uvctl(["history", "--json"]).json()["entries"] as? [[String: Any]])
        let sydney = try #require(entries.first { $0["zone"] as? String == "Australia/Sydney" }, "\(entries)")
        let offset = (TimeZone(identifier: "Australia/Sydney")?.secondsFromGMT(for: Self.written) ?? 0) / 60
        #expect((sydney["time"] as? String)?.hasSuffix(String(format: "+%02d:%02d", offset / 60, offset % 60)) == true)
        #expect(try uvd.uvctl(["history"]).stdout.contains("(Australia/Sydney)"))
    }
}

/// `uvctl simulate` plays the day for uvd's place and the user's skin, and says so.
@Suite("Simulate with what uvd knows", .serialized)
struct SimulateWithDaemonTests {
    @Test func thePlaceAndProfileAreUvdsUnlessGiven() throws {
        let uvd = try DaemonHarness(providers: false)
        try uvd.start()
        #expect(try uvd.uvctl(["location", "set", "Perth"]).status == 0)
        #expect(try uvd.uvctl(["profile", "set", "--skin-type", "III"]).status == 0)
        let simulated = try uvd.uvctl(["simulate", "--date", "2027-01-15"])
        #expect(simulated.status == 0, "\(simulated.stderr)")
        #expect(simulated.stdout.contains("Perth") && simulated.stdout.contains("skin type III"), "\(simulated.stdout)")
        #expect(simulated.stdout.contains("Place from uvd; skin type from your profile."))
        let given = try uvd.uvctl(["simulate", "--date", "2027-01-15", "--lat", "-33.9", "--lon", "151.2", "--skin-type", "V"])
        #expect(given.stdout.contains("Place from --lat/--lon; skin type from --skin-type."), "\(given.stdout)")
        #expect(try uvd.uvctl(["location", "add", "Beach", "Cairns"]).status == 0)
        let saved = try uvd.uvctl(["simulate", "--date", "2027-01-15", "--location", "Beach"])
        #expect(saved.stdout.contains("Beach") && saved.stdout.contains("Place from --location Beach;"), "\(saved.stdout) \(saved.stderr)")
    }
}

/// `uvctl status` and the forecast say the day's window and peak in one sentence: status once gave
/// the peak as a whole number ("peak 12 at 13:00") where the forecast gave it to a tenth.
@Suite("One window sentence", .serialized)
struct WindowSentenceTests {
    @Test func statusAndForecastSayTheWindowAlike() throws {
        let uvd = try DaemonHarness(providers: false)
        try uvd.start()
        // Near the equator the modelled peak is above UV 10 on every day of the year.
        #expect(try uvd.uvctl(["location", "set", "Singapore"]).status == 0)
        let forecast = try uvd.uvctl(["forecast"]).stdout
        let said = try #require(forecast.split(separator: "\n").first { $0.contains(" · peak ") }, "\(forecast)")
        let status = try uvd.uvctl(["status"]).stdout
        #expect(status.split(separator: "\n").contains(said), "status: \(status)\nforecast: \(said)")
    }
}
