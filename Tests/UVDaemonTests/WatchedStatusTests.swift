import Foundation
import Testing
import UVCore
import UVProtocol

@testable import UVDaemon

/// A watcher (a bar, `uvctl status --follow`) sees the status `uvctl status` gives at the same
/// moment, word for word: uvd's own warnings and the day's dose included, from its first status
/// on and after every event.
@Suite struct WatchedStatusTests {
    static let morning = ISO8601DateFormatter().date(from: "2026-01-15T10:00:00+11:00")!

    @Test func aWatcherSeesWhatStatusSays() async throws {
        // A zone this system cannot read: a warning the status carries (times on UTC's clock).
        let shell = try InProcessCore(
            place: Place(
                name: "Nowhere", coordinate: Coordinate(latitude: -33.9, longitude: 151.2), zone: ZoneName("Mars/Olympus_Mons"),
                source: .manual))
        await shell.startEngine(now: Self.morning)
        try await shell.core.run(
            .outside(OutsideParameters(action: .add, date: nil, span: ClockSpan(parsing: "21:00-22:30"))), now: Self.morning)

        var watching = await shell.core.subscribe(now: Self.morning).makeAsyncIterator()
        let first = try #require(await watching.next())
        let asked = try await shell.core.read { try $0.status(now: Self.morning) }
        #expect(!asked.warnings.isEmpty)
        #expect(asked.dose != nil)
        #expect(first == asked)

        let later = Self.morning.addingTimeInterval(600)
        try await shell.core.run(.applySunscreen(spf: nil, quantity: nil, activity: nil, at: later, for: nil), now: later)
        let afterEvent = try #require(await watching.next())
        #expect(afterEvent == (try await shell.core.read { try $0.status(now: later) }))
    }
}
