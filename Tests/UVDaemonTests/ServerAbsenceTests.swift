import Foundation
import Logging
import Synchronization
import TestSupport
import Testing
import UVCore
import UVEngine
import UVNotify
import UVStore

@testable import UVDaemon

/// No notification server running, or no session bus at all: uvd waits for one to come (the
/// owner watch, the runtime directory's watch), not on a timer.
@Suite struct ServerAbsenceTests {
    /// This test's directory for the store, removed with the suite's instance.
    private let scratch = ScratchPath("uvd-absence")

    private func startOutbox(on server: RecordingServer) throws -> (NotificationOutbox, Task<Void, Never>) {
        try FileManager.default.createDirectory(at: scratch.url, withIntermediateDirectories: true)
        let outbox = NotificationOutbox(
            server: server, saved: NotificationIDs(), log: Logger(label: "test"), onAnswer: { _, _ in }, onReport: { _ in })
        return (outbox, Task { await outbox.run() })
    }

    /// Posts an alert and waits for the first attempt to show it; returns the attempts so far.
    private func firstAttempt(_ outbox: NotificationOutbox, _ server: RecordingServer) async throws -> Int {
        await outbox.notify(
            PresentedAlert(subject: .reapply, rule: .reapply, summary: "Reapply by 13:00", body: "", urgency: .normal, buttons: []))
        #expect(await eventually { server.attempts >= 1 })
        return server.attempts
    }

    @Test func nothingIsRetriedUntilAServerOwnsTheName() async throws {
        let server = RecordingServer()
        server.leave()
        let (outbox, listening) = try startOutbox(on: server)
        defer { listening.cancel() }
        let tried = try await firstAttempt(outbox, server)
        // A retry on a timer would have come at 1 s and again at 3 s.
        try await Task.sleep(for: .seconds(4))
        #expect(server.attempts == tried, "retried \(server.attempts - tried) times with no server to answer")

        server.arrive(as: ":1.7")
        #expect(await eventually { server.notifications.count == 1 }, "shown once a server owns the name")
        #expect(server.notifications.first?.summary == "Reapply by 13:00")
    }

    @Test func withoutABusNothingIsRetriedUntilOneStarts() async throws {
        let server = RecordingServer()
        server.loseBus()
        let (outbox, listening) = try startOutbox(on: server)
        defer { listening.cancel() }
        let tried = try await firstAttempt(outbox, server)
        try await Task.sleep(for: .seconds(4))
        #expect(server.attempts == tried, "retried \(server.attempts - tried) times with no bus to answer")

        server.startBus()
        #expect(await eventually { server.notifications.count == 1 }, "shown once the bus starts")
    }
}

/// A bus too loaded to say in time who owns org.freedesktop.Notifications says nothing of the
/// server: neither that it changed (what is on screen stays, not shown again) nor that it is
/// absent (a failed show is retried on the timer, not left to wait for news that never comes).
@Suite struct UnansweredOwnerQuestionTests {
    private let scratch = ScratchPath("uvd-owner-question")

    /// The reports the outbox sent the core, in order.
    private final class Reports: Sendable {
        private let reports = Mutex<[DeliveryReport]>([])
        func add(_ report: DeliveryReport) { reports.withLock { $0.append(report) } }
        var tryAgain: [DeliveryReport.TryAgain] { reports.withLock { $0.compactMap(\.tryAgain) } }
    }

    private func alert(_ subject: Subject, _ rule: Rule, _ summary: String) -> PresentedAlert {
        PresentedAlert(subject: subject, rule: rule, summary: summary, body: "", urgency: .normal, buttons: [])
    }

    @Test func whatIsOnScreenIsNotShownAgain() async throws {
        let server = RecordingServer()
        let outbox = NotificationOutbox(
            server: server, saved: NotificationIDs(), log: Logger(label: "test"), onAnswer: { _, _ in }, onReport: { _ in })
        let listening = Task { await outbox.run() }
        defer { listening.cancel() }
        await outbox.notify(alert(.reapply, .reapply, "Reapply by 13:00"))
        #expect(await eventually { server.notifications.count == 1 })

        server.ownerQuestionTimesOut(true)
        await outbox.notify(alert(.uvLevel(.veryHigh), .uvAlert, "UV 8: very high"))
        #expect(await eventually { server.notifications.count >= 2 })
        try await Task.sleep(for: .milliseconds(300))
        #expect(server.notifications.map(\.summary) == ["Reapply by 13:00", "UV 8: very high"], "nothing shown again")
    }

    @Test func aFailedShowIsRetriedOnTheTimer() async throws {
        let server = RecordingServer()
        server.leave()
        server.ownerQuestionTimesOut(true)
        let reports = Reports()
        let outbox = NotificationOutbox(
            server: server, saved: NotificationIDs(), log: Logger(label: "test"), onAnswer: { _, _ in },
            onReport: { reports.add($0) })
        let listening = Task { await outbox.run() }
        defer { listening.cancel() }
        await outbox.notify(alert(.reapply, .reapply, "Reapply by 13:00"))
        #expect(await eventually { reports.tryAgain.contains { if case .after = $0 { true } else { false } } }, "\(reports.tryAgain)")
    }
}
