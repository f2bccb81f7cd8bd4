import Foundation
import TestSupport
import Testing
import UVCore
import UVEngine
import UVNotify

@testable import UVDaemon

/// Do-not-disturb that comes on while the outbox is showing something, before the server's
/// signal says so (LXQt's comes from a file watch, after the file is written): what is posted
/// then is held, not shown on the strength of a reading taken before.
@Suite struct DoNotDisturbMidwayTests {
    private static func reminder(_ summary: String, subject: Subject) -> NotificationOutbox.Posting {
        let alert = PresentedAlert(subject: subject, rule: .reapply, summary: summary, body: "", urgency: .normal, buttons: [])
        return .init(change: .show(alert), at: Date(), zone: ZoneName("UTC"))
    }

    @Test func whatIsPostedAfterItCameOnIsHeld() async throws {
        let shell = try InProcessCore()
        let delivering = Task { await shell.outbox.run() }
        defer { delivering.cancel() }
        let (server, outbox) = (shell.server, shell.outbox)
        server.whileShowing { notification in
            guard notification.summary == "Reapply by 12:00" else { return }
            server.setDoNotDisturb(true)
            outbox.post(Self.reminder("Reapply by 12:30", subject: .other("reapply-later")))
        }
        outbox.post(Self.reminder("Reapply by 12:00", subject: .reapply))
        #expect(await eventually { !server.notifications.isEmpty })
        try await Task.sleep(for: .milliseconds(500))
        #expect(server.notifications.map(\.summary) == ["Reapply by 12:00"])
    }
}
