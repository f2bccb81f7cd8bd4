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
        #expect(WallClock.minuteOfDay(instant, in: try #require(TimeZone(identifier: "Australia/Sydney"))) == 12 * 60 + 40)
    }
}
