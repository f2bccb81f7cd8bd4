import Foundation
import PropertyBased
import Testing
import UVCore

/// ISO 8601 instants as `--at` and every reply carry them: the forms uvd writes and users type
/// are read to the second; impossible dates and times are refused, never rolled over.
@Suite struct ISOInstantTests {
    @Test(arguments: [
        ("2026-01-15T12:00:00Z", 1_768_478_400.0),
        ("2026-01-15T12:00:00+11:00", 1_768_438_800),
        ("2026-01-15T12:00:00+1100", 1_768_438_800),
        ("2026-01-15T12:00Z", 1_768_478_400),
        ("2026-01-15T12:00-03:30", 1_768_491_000),
        ("2026-01-15T12:00:00.250Z", 1_768_478_400.25),
        ("2024-02-29T00:00:00Z", 1_709_164_800),
        ("1970-01-01T00:00:00Z", 0),
    ])
    func readsTheFormsInUse(text: String, seconds: Double) {
        #expect(ISOInstant.parse(text)?.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: [
        "2026-02-30T12:00:00Z", "2025-02-29T12:00:00Z", "2026-04-31T12:00:00Z", "2026-13-01T12:00:00Z",
        "2026-01-15T24:00:00Z", "2026-01-15T12:60:00Z", "2026-01-15T12:00:60Z", "2026-01-15T12:00:00+19:00",
        "2026-01-15T12:00:00", "2026-01-15 12:00:00Z", "2026-01-15t12:00:00z", "2026-1-15T12:00:00Z",
        "+2026-01-15T12:00:00Z", "2026-01-15T12:00:00.Z", "2026-01-15T12:00:00.1234567890Z",
        "2026-01-15T12:00:00Z ", "0000-01-01T00:00:00Z", "", "2026-01-15T١٢:00:00Z",
    ])
    func refusesWhatIsNotAnInstant(text: String) {
        #expect(ISOInstant.parse(text) == nil)
    }

    /// What uvd writes (`ISOTimestamp`, on a place's clock) reads back as the same second,
    /// across the years uvd can meet and offsets from -12 to +14 hours.
    @Test func readsBackWhatUVDWrites() async {
        await propertyCheck(input: Gen.int(in: -2_000_000_000...4_000_000_000), Gen.int(in: -48...56)) { seconds, quarterHours in
            let zone = Zone(secondsFromGMT: quarterHours * 900) ?? .utc
            let date = Date(timeIntervalSince1970: Double(seconds))
            #expect(ISOInstant.parse(ISOTimestamp(timeZone: zone).string(date)) == date)
        }
    }

    /// uvd's timestamps are what Foundation's ISO 8601 style writes, `Z` at UTC included.
    @Test(arguments: ["UTC", "Australia/Sydney", "Asia/Kathmandu", "America/St_Johns", "Pacific/Apia", "America/Sao_Paulo"])
    func timestampsAreFoundationsForm(identifier: String) throws {
        let zone = try #require(Zone(identifier: identifier))
        let style = Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: Fixture.foundationZone(zone))
        for seconds in stride(from: 0, to: 3_000_000_000, by: 3_599_999) {
            let date = Date(timeIntervalSince1970: Double(seconds))
            #expect(ISOTimestamp(timeZone: zone).string(date) == style.format(date))
        }
    }

    @Test func agreesWithTheCalendarOnEveryDayOfFourCenturies() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        var day = DateComponents(calendar: calendar, year: 1900, month: 1, day: 1).date ?? .distantPast
        while day < DateComponents(calendar: calendar, year: 2300, month: 1, day: 1).date ?? .distantPast {
            let parts = calendar.dateComponents([.year, .month, .day], from: day)
            let text = String(format: "%04d-%02d-%02dT00:00:00Z", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            #expect(ISOInstant.parse(text) == day, "\(text)")
            day = day.addingTimeInterval(86_400)
        }
    }
}
