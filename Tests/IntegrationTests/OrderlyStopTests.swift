import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// uvd stopped while a notification server is still answering: the stop waits (at most 2 s) for
/// the delivery under way, so the id the server gives is kept, and the notification can still be
/// withdrawn after a restart.
@Suite("An orderly stop", .enabled(if: RecordingNotificationServer.available, "needs dbus-daemon and python3-gi"))
struct OrderlyStopTests {
    private func reapply(_ notifications: RecordingNotificationServer) -> [[String: Any]] {
        notifications.notifications().filter { ($0["hints"] as? [String: Any])?["category"] as? String == "x-uvd.reapply" }
    }

    @Test func aStopWithADeliveryUnderWayKeepsItsID() throws {
        let uvd = try DaemonHarness(providers: false, zone: "Etc/UTC", extraConfig: DaemonHarness.remindersWhereverYouAre)
        // A server that answers each Notify a second after it came.
        let notifications = try RecordingNotificationServer(in: uvd.root, notifyDelay: 1)
        let environment = ["DBUS_SESSION_BUS_ADDRESS": notifications.address]
        try uvd.start(extraEnvironment: environment)
        #expect(try uvd.uvctl(["location", "set", LeaveHomeTests.solarNoonPlace]).status == 0)
        #expect(try uvd.uvctl(["profile", "set", "--skin-type", "VI", "--spf", "50", "--quantity", "lots"]).status == 0)
        // 61 minutes ago: the reapply reminder is due at once.
        #expect(try uvd.uvctl(["sunscreen", "apply", "--minutes-ago", "61"]).status == 0)
        try uvd.waitFor("the reminder's Notify") { !reapply(notifications).isEmpty }
        let id = try #require(reapply(notifications).first?["id"] as? Int)

        // Stopped while the server has not answered yet.
        uvd.kill(SIGTERM)
        #expect(uvd.log.contains("stopped"))

        // Started again: a sunscreen applied now withdraws the reminder, which uvd can only do
        // by the id the server gave before the stop.
        try uvd.start(extraEnvironment: environment)
        #expect(try uvd.uvctl(["sunscreen", "apply"]).status == 0)
        try uvd.waitFor("the reminder closed by its id") {
            notifications.calls().contains { $0["call"] as? String == "CloseNotification" && $0["id"] as? Int == id }
        }
    }

    /// A `uvctl notify-test` waiting for a press does not hold the stop for its whole wait: the
    /// stop ends the wait, withdraws the notification and tells uvctl it went unanswered.
    @Test func aWaitingTestNotificationDoesNotHoldTheStop() throws {
        let uvd = try DaemonHarness(providers: false, zone: "Etc/UTC")
        let notifications = try RecordingNotificationServer(in: uvd.root)
        try uvd.start(extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": notifications.address])
        let answer = Mutex<ToolRunner.Result?>(nil)
        let environment = uvd.environment
        let asking = Thread {
            let result = try? ToolRunner.uvctl.run(["notify-test", "--seconds", "60"], environment: environment)
            answer.withLock { $0 = result }
        }
        asking.start()
        try uvd.waitFor("the test's Notify") { !notifications.notifications().isEmpty }
        let stopping = Date()
        uvd.kill(SIGTERM)
        #expect(Date().timeIntervalSince(stopping) < 10, "the stop waited for the test's 60 s")
        try uvd.waitFor("uvctl's answer") { answer.withLock { $0 } != nil }
        #expect(answer.withLock { $0?.stdout.contains("no press came") } == true)
        let id = notifications.notifications().first?["id"] as? Int
        #expect(notifications.calls().contains { $0["call"] as? String == "CloseNotification" && $0["id"] as? Int == id })
    }
}
