import Foundation
import TestSupport
import Testing
import UVCore
import UVEngine
import UVProtocol
import UVStore

@testable import UVDaemon

/// The shell's ordering, in-process on a virtual clock: steps never interleave, the deadline
/// armed is the latest state's, and a press is kept before anything is done about it.
@Suite("The core's loop, in-process")
struct CoreOrderingTests {
    static let morning = ISO8601DateFormatter().date(from: "2026-01-15T10:00:00+11:00")!

    /// What the timer must be set to for the core's state now.
    private func expectedArm(_ core: CoreShell, now: Date) async -> Date? {
        let engine = await core.state.engine
        guard let wake = EngineStep(engine, .tick, now: now).wake else { return nil }
        var schedule = await core.state.schedule
        schedule.engineAsks(wakeAt: wake)
        return schedule.wake(noLaterThan: now.addingTimeInterval(Core.longestSleep))
    }

    @Test func theDeadlineArmedIsTheLatestStatesWhateverTheOrderOfCalls() async throws {
        let shell = try InProcessCore(onScreen: [.rule(.reapply): 1])
        let now = Self.morning
        await shell.startEngine(now: now)
        _ = await shell.core.timerFired(clockChanged: false, now: now)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    switch index % 4 {
                    case 0:
                        try? await shell.core.run(
                            .applySunscreen(
                                spf: .spf30, quantity: .medium, activity: nil, at: now.addingTimeInterval(-Double(index) * 60), for: nil),
                            now: now)
                    case 1: try? await shell.core.run(.removeSunscreen, now: now)
                    case 2: try? await shell.core.run(.snooze(.reapply, minutes: index), now: now)
                    default: try? await shell.press(.remind, on: .rule(.reapply), at: now)
                    }
                }
            }
        }
        let expected = await expectedArm(shell.core, now: now)
        #expect(expected != nil)
        #expect(shell.timer.armed == expected)
    }

    @Test func afterEveryCallTheTimerIsSetForTheStateItLeft() async throws {
        let shell = try InProcessCore()
        let now = Self.morning
        await shell.startEngine(now: now)
        _ = await shell.core.timerFired(clockChanged: false, now: now)
        var armed: [Date?] = []
        // Due in 2 h, 10 min, 90 min and 5 min: two of them before the longest sleep.
        for minutesAgo in [0.0, 110, 30, 115] {
            try await shell.core.run(
                .applySunscreen(spf: .spf30, quantity: .medium, activity: nil, at: now.addingTimeInterval(-minutesAgo * 60), for: nil),
                now: now)
            #expect(shell.timer.armed == (await expectedArm(shell.core, now: now)), "applied \(minutesAgo) min ago")
            armed.append(shell.timer.armed)
            try await shell.core.run(.removeSunscreen, now: now)
            #expect(shell.timer.armed == (await expectedArm(shell.core, now: now)), "removed")
        }
        // The calls moved the deadline: the check above compared different instants.
        #expect(Set(armed).count > 1)
    }

    @Test func aPressIsKeptWithItsEffects() async throws {
        let shell = try InProcessCore(onScreen: [.rule(.leaveHome): 1])
        let now = Self.morning
        await shell.startEngine(now: now)
        try await shell.press(.applied, on: .rule(.leaveHome), at: now)
        let history = try shell.store.history(limit: 10)
        let pressed = try #require(history.firstIndex { $0.kind == .pressed && $0.key == "applied" })
        // Handled: the sunscreen it records is on, and nothing waits to be replayed.
        #expect(await shell.core.state.user.sunscreen.newest?.appliedAt == now)
        #expect(try shell.store.pendingPresses().isEmpty)
        #expect(history[..<pressed].allSatisfy { $0.kind != .withdrawn })
    }

    /// uvd 0.4's countdown, wherever the person is: each stage reaches the server in turn.
    @Test func aReminderDayPlaysOnAVirtualClock() async throws {
        let shell = try InProcessCore(config: InProcessCore.popUpsWhereverYouAre)
        // The history is what the server was sent, written as the outbox sends it.
        let delivering = shell.deliver()
        defer { delivering.cancel() }
        let now = Self.morning
        await shell.startEngine(now: now)
        let info: SunscreenInfo = try await shell.core.command(
            .applySunscreen(spf: .spf50, quantity: .lots, activity: nil, at: now, for: nil), now: now)
        let reapplyAt = try #require(ISO8601DateFormatter().date(from: info.reapplyAt))
        // Each stage is let reach the server before the clock moves on: a stage superseded
        // before it was sent is never in the history (the server never saw it).
        var clock = now
        for (index, change) in ReapplyCountdown.changes(before: reapplyAt).enumerated() {
            await shell.advance(from: clock, to: change)
            clock = change
            #expect(await shell.deliveryEnds(), "stage \(index) reached the server")
        }
        let reminders = try shell.store.history(limit: 50).filter { $0.kind == .notified && $0.subject == .rule(.reapply) }
        #expect(reminders.map(\.time) == ReapplyCountdown.changes(before: reapplyAt))
        #expect(reminders.last?.summary == "Reapply sunscreen now")
        // The status said the time the last reminder's text gives.
        let said = WallClock.format(reapplyAt, in: InProcessCore.sydney.timeZone, twelveHour: false)
        #expect(reminders.allSatisfy { $0.body?.contains(said) == true })
    }
}

/// The in-process core leaves nothing open behind it.
@Suite("The in-process core's own files")
struct InProcessCoreCleanupTests {
    @Test func itsStoreIsClosedWhenItGoes() async throws {
        var shell: InProcessCore? = try InProcessCore()
        await shell?.startEngine(now: Date())
        let store = try #require(shell.map { ObjectIdentifier($0.store) })
        weak let released = shell?.store
        shell = nil
        // Its checkpointer, emptying the WAL of the last write on a thread of its own, holds it
        // for as long as that takes.
        #expect(await eventually { released == nil }, "store \(store) still alive")
    }
}
