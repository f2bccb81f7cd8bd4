import Foundation
import Synchronization
import TestSupport
import Testing
import UVCore
import UVNotify

@testable import UVDaemon
@testable import UVEngine

/// The core reads its clocks through `CoreClocks`, so a test plays what the machine does to
/// them: a suspend (the boot clock and the wall clock jump together) and a wall-clock step (the
/// boot clock steady).
@Suite("Suspend and clock steps")
struct SuspendTests {
    /// The clocks a test moves: the wall clock and the seconds spent suspended.
    final class TestClocks: Sendable {
        private let state: Mutex<(wall: Date, suspended: TimeInterval)>
        init(at start: Date) { state = Mutex((start, 0)) }
        var now: Date { state.withLock { $0.wall } }
        var clocks: CoreClocks {
            CoreClocks(wall: { self.now }, suspendedSoFar: { self.state.withLock { $0.suspended } }, jitter: { 0.5 })
        }
        /// Asleep for `seconds`: the wall clock moves on, and the boot clock counts it as suspended.
        func suspend(for seconds: TimeInterval) { state.withLock { $0 = ($0.wall + seconds, $0.suspended + seconds) } }
        /// The wall clock set to `date` (an NTP step, a user's change); nothing suspended.
        func set(_ date: Date) { state.withLock { $0.wall = date } }
        /// Time passing while awake.
        func pass(_ seconds: TimeInterval) { state.withLock { $0.wall += seconds } }
    }

    static let nine = ISO8601DateFormatter().date(from: "2026-01-15T09:00:00+11:00")!

    private func reminders(_ shell: InProcessCore) -> Int {
        shell.server.notifications.filter { $0.summary == "Reapply sunscreen now" }.count
    }

    /// Sunscreen at 9:00 (reapply by 11:00), quiet hours 12:00–14:00, then the laptop sleeps
    /// from 10:00 to 13:00. Waking, uvd notices the 3 hours asleep, holds the reminder it missed
    /// (it is quiet now), and shows it when quiet hours end at 14:00, once.
    @Test func aSuspendOfThreeHoursHoldsTheMissedReminderForQuietHoursToEnd() async throws {
        let test = TestClocks(at: Self.nine)
        let shell = try InProcessCore(clocks: test.clocks, config: InProcessCore.popUpsWhereverYouAre)
        let delivering = shell.deliver()
        defer { delivering.cancel() }
        await shell.startEngine(now: test.now)
        try await shell.core.run(.quiet(QuietHours([QuietSpan(parsing: "12:00-14:00")!])), now: test.now)
        try await shell.core.run(.applySunscreen(spf: nil, quantity: nil, activity: nil, at: test.now, for: nil), now: test.now)
        test.pass(3600)
        await shell.advance(from: Self.nine, to: test.now)
        #expect(reminders(shell) == 0)

        test.suspend(for: 3 * 3600)
        // The timer fires late, as a suspended machine's does, at the first instant awake.
        _ = await shell.core.timerFired(clockChanged: false, now: test.now)
        #expect(await shell.deliveryEnds())
        #expect(reminders(shell) == 0, "shown in quiet hours")
        #expect(await shell.core.state.engine.held.contains { $0.subject == .rule(.reapply) })
        let quietEnds = ISO8601DateFormatter().date(from: "2026-01-15T14:00:00+11:00")!
        #expect(try #require(shell.timer.armed) <= quietEnds)

        test.set(quietEnds)
        await shell.advance(from: quietEnds.addingTimeInterval(-3600), to: quietEnds)
        _ = await eventually { reminders(shell) > 0 }
        #expect(reminders(shell) == 1)
    }

    /// The reminder due at 11:00 is said; then the wall clock steps back an hour (an NTP step,
    /// the boot clock steady: nothing was suspended). uvd follows the wall clock: the reminder
    /// is again a countdown ("Reapply by 11:00"), it is due again when the clock reaches 11:00,
    /// and the step is not taken for a wake from sleep (no second reminder before then).
    @Test func aWallClockStepBackFollowsTheClock() async throws {
        let test = TestClocks(at: Self.nine)
        let shell = try InProcessCore(clocks: test.clocks, config: InProcessCore.popUpsWhereverYouAre)
        let delivering = shell.deliver()
        defer { delivering.cancel() }
        await shell.startEngine(now: test.now)
        try await shell.core.run(.applySunscreen(spf: nil, quantity: nil, activity: nil, at: test.now, for: nil), now: test.now)
        let eleven = Self.nine.addingTimeInterval(2 * 3600 + 60)
        test.set(eleven)
        await shell.advance(from: Self.nine, to: eleven)
        #expect(await shell.core.state.engine[ReapplyRule.key].shown == .now)

        test.set(eleven.addingTimeInterval(-3600))
        _ = await shell.core.timerFired(clockChanged: true, now: test.now)
        #expect(await shell.core.state.engine[ReapplyRule.key].shown != .now, "still 'reapply now' an hour before it is due")
        let shownBefore = reminders(shell)
        await shell.advance(from: test.now, to: eleven.addingTimeInterval(-120))
        #expect(await shell.deliveryEnds())
        #expect(reminders(shell) == shownBefore, "said again before it was due")
        await shell.advance(from: eleven.addingTimeInterval(-120), to: eleven.addingTimeInterval(60))
        #expect(await shell.core.state.engine[ReapplyRule.key].shown == .now)
    }
}
