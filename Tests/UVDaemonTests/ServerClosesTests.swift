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
/// user makes is passed on once `closeVerdictDelay` has gone by on the core's clock.
@Suite("A server's own closes")
struct ServerClosesTests {
    private static let prompt = OutboxPlay.alert(.rule(.leaveHome), "UV up to 9 today", buttons: [.applied])

    @Test func closesAsTheServerStopsAreNotTheUsers() async throws {
        var play = OutboxPlay()
        await play.show(Self.prompt)
        // As dunst or Plasma stop: everything closed (as a dismissal), then the name let go.
        await play.hear(.closed(id: 1, reason: .dismissed))
        await play.advance(by: 0.1)
        play.server.leave()
        await play.hear(.serverChanged(owner: nil))
        play.server.arrive(as: ":1.7")
        await play.hear(.serverChanged(owner: ":1.7"))
        await play.advance(by: Outbox.closeVerdictDelay * 2)
        #expect(play.server.notifications.map(\.summary) == ["UV up to 9 today", "UV up to 9 today"], "shown again")
        #expect(play.answers.isEmpty, "the rules heard \(play.answers)")
    }

    @Test func aCloseTheUserMakesIsPassedOnWhenItsVerdictIsDue() async throws {
        var play = OutboxPlay()
        await play.show(Self.prompt)
        await play.hear(.closed(id: 1, reason: .dismissed))
        #expect(play.outbox.wake == play.now.addingTimeInterval(Outbox.closeVerdictDelay))
        await play.advance(by: Outbox.closeVerdictDelay / 2)
        #expect(play.answers.isEmpty, "not before its verdict")
        await play.advance(by: Outbox.closeVerdictDelay / 2)
        #expect(play.answers.map(\.subject) == [.rule(.leaveHome)])
        #expect(play.answers.map(\.answer) == [.closed(.dismissed)])
        #expect(play.server.notifications.count == 1, "not shown again")
    }

    /// The core's way: the close is kept in the history as the user's once the timer reaches
    /// its verdict.
    @Test func theCoreKeepsTheUsersCloseAtItsVerdict() async throws {
        let shell = try InProcessCore()
        let now = Date()
        await shell.startEngine(now: now)
        // The first round starts; its requests are never asked here, so only the verdict is near.
        await shell.core.timerFired(clockChanged: false, now: now)
        let delivering = shell.deliver()
        defer { delivering.cancel() }
        await shell.core.send(.tray(.today), at: now)
        #expect(await eventually { await shell.core.state.outbox.ids[.today] != nil })
        let id = try #require(await shell.core.state.outbox.ids[.today])
        await shell.core.send(.notificationServer(.closed(id: id, reason: .dismissed)), at: now)
        let dismissals = { try shell.store.history(limit: 50).filter { $0.kind == .dismissed }.count }
        #expect(try dismissals() == 0, "not before its verdict")
        #expect(shell.timer.armed == now.addingTimeInterval(Outbox.closeVerdictDelay), "the timer wakes for the verdict")
        await shell.advance(from: now, to: now.addingTimeInterval(Outbox.closeVerdictDelay))
        #expect(try dismissals() == 1)
    }
}
