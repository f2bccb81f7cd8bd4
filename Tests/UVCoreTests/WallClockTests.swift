import Foundation
import Testing
import UVCore

@Suite("Wall clock")
struct WallClockTests {
    @Test func parsing() {
        #expect(WallClock.minuteOfDay(parsing: "07:30") == 450)
        #expect(WallClock.minuteOfDay(parsing: " 9:05 ") == 545)
        #expect(WallClock.minuteOfDay(parsing: "24:00") == nil)
        #expect(WallClock.minuteOfDay(parsing: "7:5") == nil)
        #expect(WallClock.minuteOfDay(parsing: "8am") == nil)
    }

    @Test func formatting() {
        #expect(WallClock.format(minuteOfDay: 560, twelveHour: false) == "09:20")
        #expect(WallClock.format(minuteOfDay: 560, twelveHour: true) == "9:20 am")
        #expect(WallClock.format(minuteOfDay: 0, twelveHour: true) == "12:00 am")
        #expect(WallClock.format(minuteOfDay: 12 * 60, twelveHour: true, omitZeroMinutes: true) == "12 pm")
        #expect(WallClock.format(minuteOfDay: 14 * 60 + 40, twelveHour: true, omitZeroMinutes: true) == "2:40 pm")
    }

    @Test func minuteOfDayOnTheZonesClock() throws {
        let instant = try #require(ISO8601DateFormatter().date(from: "2026-01-15T01:40:00Z"))
        #expect(WallClock.minuteOfDay(instant, in: try #require(Zone(identifier: "Australia/Sydney"))) == 12 * 60 + 40)
    }

    /// The offset arithmetic agrees with the calendar's wall clock every 7 minutes 13 seconds
    /// for two years, across DST changes, half- and quarter-hour zones and instants before 1970.
    @Test(arguments: ["Australia/Sydney", "Europe/Paris", "Asia/Kathmandu", "America/St_Johns", "Australia/Lord_Howe", "UTC"])
    func minuteOfDayIsTheCalendarsWallClock(_ identifier: String) throws {
        let zone = try #require(Zone(identifier: identifier))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Fixture.foundationZone(zone)
        for start in [Date(timeIntervalSince1970: 1_767_225_600), Date(timeIntervalSince1970: -86_400 * 400)] {
            var instant = start
            while instant < start.addingTimeInterval(2 * 365 * 86_400) {
                let parts = calendar.dateComponents([.hour, .minute], from: instant)
                let expected = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
                let got = WallClock.minuteOfDay(instant, in: zone)
                if got != expected {
                    Issue.record("\(identifier) \(instant): \(got) ≠ \(expected)")
                    return
                }
                instant = instant.addingTimeInterval(433)
            }
        }
    }
}
