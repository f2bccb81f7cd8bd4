import Foundation
import TestSupport
import Testing
import UVCore
import UVEngine
import UVStore

@testable import UVDaemon

/// A server that fails is tried again on the core's one timer: the outbox keeps the deadline
/// (`retryAt`), the core arms its timer for it and, when it comes, the outbox's next pass starts.
/// The outbox runs no timer of its own.
@Suite struct DeliveryRetryTests {
    private static let alert = OutboxPlay.alert(.rule(.reapply), "Reapply by 13:00")

    @Test func theOutboxTriesAgainOnlyWhenItsDeadlineComes() async throws {
        var play = OutboxPlay()
        play.server.refuse(next: 1)
        await play.show(Self.alert)
        #expect(play.outbox.retryAt == play.now.addingTimeInterval(1), "tried again 1 s on")
        let tried = play.server.attempts
        await play.advance(by: 0.9)
        #expect(play.server.attempts == tried, "tried \(play.server.attempts - tried) times before its time")
        #expect(play.server.notifications.isEmpty)

        await play.advance(by: 0.1)
        #expect(play.server.notifications.count == 1, "shown when the deadline came")
        #expect(play.outbox.retryAt == nil, "nothing is left to try")
    }

    @Test func theDelayDoublesWhileTheServerFails() async throws {
        var play = OutboxPlay()
        play.server.refuse(next: 3)
        await play.show(Self.alert)
        var delays: [TimeInterval] = []
        while let retryAt = play.outbox.retryAt {
            delays.append(retryAt.timeIntervalSince(play.now))
            await play.advance(by: retryAt.timeIntervalSince(play.now))
        }
        #expect(delays == [1, 2, 4])
        #expect(play.server.notifications.count == 1)
    }

    @Test func theCoreKeepsTheDeadlineOnItsTimerAndDeliversWhenItComes() async throws {
        let shell = try InProcessCore()
        shell.server.refuse(next: 1)
        let now = Date()
        await shell.startEngine(now: now)
        let delivering = shell.deliver()
        defer { delivering.cancel() }
        // The first round starts; its requests are never asked here, so it runs on and only the
        // retry is near.
        await shell.core.timerFired(clockChanged: false, now: now)
        // "UV today" from the tray: a notification the core hands the outbox at once.
        await shell.core.send(.tray(.today), at: now)
        #expect(
            // 1 s after the failure came: after `now`, and no later than 1 s after the time it is looked at.
            await eventually {
                shell.timer.armed.map { $0.timeIntervalSince(now) >= 0.99 && $0.timeIntervalSinceNow <= 1.01 } ?? false
            },
            "the core's timer armed for the retry, 1 s ahead")
        #expect(shell.server.notifications.isEmpty)

        let retryAt = try #require(shell.timer.armed)
        await shell.advance(from: now, to: retryAt)
        #expect(await eventually { shell.server.notifications.count == 1 }, "shown when the core's deadline came")
    }
}
