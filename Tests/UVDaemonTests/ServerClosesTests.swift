import Foundation
import TestSupport
import Testing
import UVCore
import UVEngine
import UVNotify
import UVStore

@testable import UVDaemon

/// A close that comes as the server stops is the server's, not the user's: the rules never hear
/// it as a dismissal, and what was on screen is shown again once a server is back. A close the
/// user makes is still passed on.
@Suite("A server's own closes")
struct ServerClosesTests {
    private static func prompt() -> NotificationOutbox.Posting {
        let alert = PresentedAlert(
            subject: .leaveHome, rule: .leaveHome, summary: "UV up to 9 today", body: "Apply sunscreen before you leave", urgency: .normal,
            buttons: [(.applied, "Applied")])
        return .init(change: .show(alert), at: Date(), zone: ZoneName("UTC"))
    }

    private func dismissals(_ shell: InProcessCore) throws -> Int {
        try shell.store.history(limit: 50).filter { $0.kind == .dismissed }.count
    }

    private func waitUntil(_ condition: () throws -> Bool) async throws {
        _ = await eventually(condition)
    }

    /// A core whose outbox delivers and listens, the prompt on its server's screen, for `body`.
    private func withThePromptShown(_ body: (InProcessCore, RecordingServer) async throws -> Void) async throws {
        let shell = try InProcessCore()
        let (server, outbox) = (shell.server, shell.outbox)
        let delivering = Task { await outbox.run() }
        defer { delivering.cancel() }
        outbox.post(Self.prompt())
        try await waitUntil { server.notifications.count == 1 }
        try await body(shell, server)
    }

    @Test func closesAsTheServerStopsAreNotTheUsers() async throws {
        try await withThePromptShown { shell, server in
            server.stopClosingEverything()
            server.arrive(as: ":1.7")
            try await waitUntil { server.notifications.count == 2 }
            #expect(server.notifications.map(\.summary) == ["UV up to 9 today", "UV up to 9 today"])
            try await Task.sleep(for: NotificationOutbox.closeVerdictDelay * 2)
            #expect(try dismissals(shell) == 0)
        }
    }

    @Test func aCloseTheUserMakesIsPassedOn() async throws {
        try await withThePromptShown { shell, server in
            server.dismiss(id: 1)
            try await waitUntil { try dismissals(shell) == 1 }
            #expect(try dismissals(shell) == 1)
            #expect(server.notifications.count == 1)
        }
    }
}
