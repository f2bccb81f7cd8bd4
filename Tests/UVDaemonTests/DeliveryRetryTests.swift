import Foundation
import Logging
import Synchronization
import TestSupport
import Testing
import UVCore
import UVEngine
import UVStore

@testable import UVDaemon

/// A server that fails is tried again on the core's one timer: the outbox asks (its report's
/// `tryAgain`), the core keeps the deadline and, when it comes, the loop kicks the outbox. The
/// outbox runs no timer of its own.
@Suite struct DeliveryRetryTests {
    private static let alert = PresentedAlert(
        subject: .reapply, rule: .reapply, summary: "Reapply by 13:00", body: "", urgency: .normal, buttons: [])

    @Test func theOutboxAsksToBeToldAndTriesOnlyWhenTold() async throws {
        let server = RecordingServer()
        server.refuse(next: 1)
        let reports = Mutex<[DeliveryReport.TryAgain?]>([])
        let outbox = NotificationOutbox(
            server: server, saved: NotificationIDs(), log: Logger(label: "test"), onAnswer: { _, _ in },
            onReport: { report in reports.withLock { $0.append(report.tryAgain) } })
        let running = Task { await outbox.run() }
        defer { running.cancel() }
        await outbox.notify(Self.alert)
        #expect(
            await eventually { reports.withLock { $0.contains(.after(DeliveryBackoff.first)) } },
            "asked to try again after 1 s")
        let tried = server.attempts
        // On its own timer it would have tried again at 1 s.
        try await Task.sleep(for: .milliseconds(1500))
        #expect(server.attempts == tried, "tried \(server.attempts - tried) times untold")
        #expect(server.notifications.isEmpty)

        await outbox.kick()
        #expect(await eventually { server.notifications.count == 1 }, "shown when told")
        #expect(await eventually { reports.withLock { $0.last == .notNeeded } }, "says nothing is left to try")
    }

    @Test func theCoreKeepsTheDeadlineOnItsTimerAndDeliversWhenItComes() async throws {
        let shell = try InProcessCore()
        shell.server.refuse(next: 1)
        let now = Date()
        await shell.core.startEngine(outbox: shell.outbox, now: now)
        let delivering = Task { await shell.outbox.run() }
        defer { delivering.cancel() }
        // The first round starts; its requests are never asked here, so it runs on and only the
        // retry is near.
        await shell.core.timerFired(clockChanged: false, now: now)
        await shell.outbox.notify(Self.alert)
        #expect(
            // 1 s after the report came: after `now`, and no later than 1 s after the time it is looked at.
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
