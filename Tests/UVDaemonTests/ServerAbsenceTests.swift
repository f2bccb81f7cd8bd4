import Foundation
import Testing
import UVCore
import UVEngine
import UVNotify
import UVStore

@testable import UVDaemon

/// No notification server running, or no session bus at all: uvd waits for one to come (the
/// owner watch, the runtime directory's watch), not on a timer.
@Suite struct ServerAbsenceTests {
    private static let reminder = OutboxPlay.alert(.rule(.reapply), "Reapply by 13:00")

    /// Shows the reminder while the server is absent, then moves the clock on 4 s: not a single
    /// retry (one on a timer would have come at 1 s and again at 3 s).
    private func shownWhileAbsent(_ play: inout OutboxPlay) async {
        await play.show(Self.reminder)
        let tried = play.server.attempts
        #expect(tried >= 1)
        #expect(play.outbox.wake == nil, "no deadline to try again on")
        await play.advance(by: 4)
        #expect(play.server.attempts == tried, "retried \(play.server.attempts - tried) times with nothing to answer")
    }

    @Test func nothingIsRetriedUntilAServerOwnsTheName() async throws {
        var play = OutboxPlay()
        play.server.leave()
        await play.hear(.serverChanged(owner: nil))
        await shownWhileAbsent(&play)

        play.server.arrive(as: ":1.7")
        await play.hear(.serverChanged(owner: ":1.7"))
        #expect(play.server.notifications.map(\.summary) == ["Reapply by 13:00"], "shown once a server owns the name")
    }

    @Test func withoutABusNothingIsRetriedUntilOneStarts() async throws {
        var play = OutboxPlay()
        play.server.loseBus()
        await shownWhileAbsent(&play)

        play.server.startBus()
        await play.hear(.sessionBusAppeared)
        #expect(play.server.notifications.count == 1, "shown once the bus starts")
    }
}

/// A bus too loaded to say in time who owns org.freedesktop.Notifications says nothing of the
/// server: neither that it changed (what is on screen stays, not shown again) nor that it is
/// absent (a failed show is retried on the timer, not left to wait for news that never comes).
@Suite struct UnansweredOwnerQuestionTests {
    @Test func whatIsOnScreenIsNotShownAgain() async throws {
        var play = OutboxPlay()
        await play.show(OutboxPlay.alert(.rule(.reapply), "Reapply by 13:00"))
        #expect(play.server.notifications.count == 1)

        play.server.ownerQuestionTimesOut(true)
        await play.show(OutboxPlay.alert(.uvLevel(.veryHigh), "UV 8: very high"))
        await play.advance(by: 1)
        #expect(play.server.notifications.map(\.summary) == ["Reapply by 13:00", "UV 8: very high"], "nothing shown again")
    }

    @Test func aFailedShowIsRetriedOnTheTimer() async throws {
        var play = OutboxPlay()
        play.server.leave()
        play.server.ownerQuestionTimesOut(true)
        await play.show(OutboxPlay.alert(.rule(.reapply), "Reapply by 13:00"))
        #expect(play.outbox.retryAt == play.now.addingTimeInterval(1), "tried again 1 s on")
    }
}
