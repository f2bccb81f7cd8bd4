import Foundation
import Testing
import UVCore
import UVEngine

@Suite("Quiet hours")
struct QuietHoursTests {
    static let sydney = Zone(identifier: "Australia/Sydney")!

    static func instant(_ text: String) -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else { fatalError("bad time \(text)") }
        return date
    }

    @Test func parsing() {
        #expect(QuietSpan(parsing: "22:00-07:00") == QuietSpan(start: 1320, end: 420))
        #expect(QuietSpan(parsing: " 9:30 - 11:15 ")?.description == "09:30-11:15")
        #expect(QuietSpan(parsing: "22:00-22:00") == nil)
        #expect(QuietSpan(parsing: "25:00-07:00") == nil)
        #expect(QuietSpan(parsing: "night") == nil)
    }

    @Test func spansThatCrossMidnight() throws {
        let night = QuietHours([try #require(QuietSpan(parsing: "22:00-07:00"))])
        #expect(night.isQuiet(at: Self.instant("2026-01-15T23:30:00+11:00"), in: Self.sydney))
        #expect(night.isQuiet(at: Self.instant("2026-01-16T06:59:00+11:00"), in: Self.sydney))
        #expect(!night.isQuiet(at: Self.instant("2026-01-16T07:00:00+11:00"), in: Self.sydney))
        #expect(!night.isQuiet(at: Self.instant("2026-01-15T21:59:00+11:00"), in: Self.sydney))
        #expect(night.end(after: Self.instant("2026-01-15T23:30:00+11:00"), in: Self.sydney) == Self.instant("2026-01-16T07:00:00+11:00"))
        #expect(night.end(after: Self.instant("2026-01-15T12:00:00+11:00"), in: Self.sydney) == nil)
    }

    @Test func touchingSpansRunOn() throws {
        let hours = QuietHours([try #require(QuietSpan(parsing: "12:00-13:00")), try #require(QuietSpan(parsing: "13:00-14:30"))])
        #expect(hours.end(after: Self.instant("2026-01-15T12:10:00+11:00"), in: Self.sydney) == Self.instant("2026-01-15T14:30:00+11:00"))
    }

    /// Sydney's clocks go back at 03:00 on 2026-04-05 and forward at 02:00 on 2026-10-04.
    @Test func daylightSavingNights() throws {
        let night = QuietHours([try #require(QuietSpan(parsing: "22:00-07:00"))])
        // The 25-hour night still ends at 07:00 on the wall clock (now +10:00).
        #expect(night.end(after: Self.instant("2026-04-04T23:00:00+11:00"), in: Self.sydney) == Self.instant("2026-04-05T07:00:00+10:00"))
        // A span ending inside the skipped hour ends when the clock reappears.
        let early = QuietHours([try #require(QuietSpan(parsing: "01:00-02:30"))])
        #expect(early.end(after: Self.instant("2026-10-04T01:30:00+10:00"), in: Self.sydney) == Self.instant("2026-10-04T03:00:00+11:00"))
    }
}
