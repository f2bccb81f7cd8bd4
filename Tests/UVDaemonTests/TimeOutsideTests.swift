import Foundation
import TestSupport
import Testing
import UVCore
import UVProtocol
import UVStore

@testable import UVDaemon

/// `TimeOutside` on its own, over a real store: what each `uvctl outside` command opens, closes
/// or refuses, and the words it answers with, on the place's clock.
@Suite("Time outside, decided")
struct TimeOutsideTests {
    /// 10:00 in Sydney on 15 January 2026.
    static let now = ISO8601DateFormatter().date(from: "2026-01-15T10:00:00+11:00")!
    static let clock = PlaceClock(zone: Zone(identifier: "Australia/Sydney") ?? .utc, twelveHour: false)

    private func timeOutside() -> TimeOutside {
        TimeOutside(open: OutsideNow(), record: OutsideRecord(now: Self.now))
    }

    @Test func startTwiceOpensOnceAndStopClosesWhatIsOpen() throws {
        var outside = timeOutside()
        let started = try outside.command(OutsideParameters(action: .start, date: nil), clock: Self.clock, now: Self.now)
        #expect(started.changes == [.open(.user, at: Self.now)])
        #expect(started.reply == "outside from 10:00")
        #expect(outside.user)
        // Already open: nothing to keep, and said so.
        let again = try outside.command(OutsideParameters(action: .start, date: nil), clock: Self.clock, now: Self.now)
        #expect(again.changes.isEmpty)
        #expect(again.reply.contains("already outside"))
        let later = Self.now.addingTimeInterval(3600)
        let stopped = try outside.command(OutsideParameters(action: .stop, date: nil), clock: Self.clock, now: later)
        #expect(stopped.changes == [.close(.user, at: later)])
        #expect(!outside.isOutside)
        #expect(throws: Refusal.self) { try outside.command(OutsideParameters(action: .stop, date: nil), clock: Self.clock, now: later) }
    }

    @Test func aSpanIsOnThePlacesClockAndNotInTheFuture() throws {
        var outside = timeOutside()
        let added = try outside.command(
            OutsideParameters(action: .add, date: nil, span: ClockSpan(parsing: "08:00-09:30")), clock: Self.clock, now: Self.now)
        let start = Self.now.addingTimeInterval(-7200)
        #expect(added.changes == [.add(OutsideInterval(start: start, end: start.addingTimeInterval(5400), source: .user))])
        #expect(added.reply == "outside 08:00–09:30 added")
        // A span not yet come is refused here; one written wrong never reaches here (`ClockSpan`).
        #expect(throws: Refusal.self) {
            try outside.command(
                OutsideParameters(action: .add, date: nil, span: ClockSpan(parsing: "09:00-11:00")), clock: Self.clock, now: Self.now)
        }
        for wrong in ["09:30-08:00", "8-9", "09:00-09:00"] { #expect(ClockSpan(parsing: wrong) == nil, "\(wrong)") }
        // Time outside is kept 90 days: a day older is refused, naming the date.
        let old = try #require(CalendarDate(parsing: "2025-10-01"))
        let refused = #expect(throws: Refusal.self) {
            try outside.command(
                OutsideParameters(action: .add, date: old, span: ClockSpan(parsing: "08:00-09:00")), clock: Self.clock, now: Self.now)
        }
        #expect(refused?.message.contains("2025-10-01") == true)
        #expect(throws: Never.self) {
            try outside.command(
                OutsideParameters(action: .clear, date: CalendarDate(parsing: "2025-10-20")), clock: Self.clock, now: Self.now)
        }
    }
}
