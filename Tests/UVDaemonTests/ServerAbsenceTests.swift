import Foundation
import Logging
import Testing
@testable import UVDaemon
import UVEngine
import UVStore

/// No notification server running: uvd waits for one on the owner watch, not on a timer.
@Suite struct ServerAbsenceTests {
    /// Polls `condition` every 50 ms for at most 10 s.
    private func eventually(_ condition: () -> Bool) async throws -> Bool {
        for _ in 0..<200 {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return condition()
    }

    @Test func nothingIsRetriedUntilAServerOwnsTheName() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-absence-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = RecordingServer()
        server.leave()
        let outbox = NotificationOutbox(
            server: server, store: try Store(path: directory.appendingPathComponent("uvd.sqlite")), log: Logger(label: "test"),
            onPress: { _, _ in })
        let listening = Task { await outbox.listen() }
        defer { listening.cancel() }

        await outbox.notify(PresentedAlert(subject: "reapply", rule: .reapply, summary: "Reapply by 13:00", body: "", urgency: .normal, buttons: []))
        #expect(try await eventually { server.attempts >= 1 })
        let tried = server.attempts
        // A retry on a timer would have come at 1 s and again at 3 s.
        try await Task.sleep(for: .seconds(4))
        #expect(server.attempts == tried, "retried \(server.attempts - tried) times with no server to answer")

        server.arrive(as: ":1.7")
        #expect(try await eventually { server.notifications.count == 1 }, "shown once a server owns the name")
        #expect(server.notifications.first?.summary == "Reapply by 13:00")
    }
}
