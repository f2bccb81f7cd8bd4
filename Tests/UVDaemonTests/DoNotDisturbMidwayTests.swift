import Foundation
import Testing
import UVCore
import UVEngine
import UVNotify

@testable import UVDaemon

/// Do-not-disturb that comes on while the outbox is showing something, before the server's
/// signal says so (LXQt's comes from a file watch, after the file is written): what is posted
/// then is held, not shown on the strength of a reading taken before.
@Suite struct DoNotDisturbMidwayTests {
    @Test func whatIsPostedAfterItCameOnIsHeld() async throws {
        var play = OutboxPlay()
        var step = play.posting(OutboxPlay.alert(.rule(.reapply), "Reapply by 12:00"))
        while let call = step.calls.first {
            if case .show = call.kind { break }
            step = await play.answer(step)
        }
        // The show is out: do-not-disturb comes on, unsignalled yet, and another is posted.
        play.server.setDoNotDisturb(true)
        #expect(play.posting(OutboxPlay.alert(.other("reapply-later"), "Reapply by 12:30")).calls.isEmpty, "the pass under way takes it")
        await play.run(step)
        #expect(play.server.notifications.map(\.summary) == ["Reapply by 12:00"])
        #expect(play.outbox.waiting.keys.contains(.other("reapply-later")), "held while do-not-disturb is on")

        play.server.setDoNotDisturb(false)
        await play.hear(.doNotDisturbChanged)
        #expect(play.server.notifications.map(\.summary) == ["Reapply by 12:00", "Reapply by 12:30"], "shown as it ends")
    }
}
