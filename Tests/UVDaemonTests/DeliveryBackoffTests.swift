import Testing

@testable import UVDaemon

/// The outbox's retry schedule: 1 s doubling to 5 minutes, restarted once nothing is left to
/// retry; a failure is logged when it changes, and the recovery once.
@Suite("Notification delivery backoff")
struct DeliveryBackoffTests {
    @Test func delaysDoubleUpToFiveMinutes() {
        var backoff = DeliveryBackoff()
        let delays = (0..<12).map { _ in backoff.nextDelay() }
        #expect(delays.map { $0.components.seconds } == [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300])
        backoff.restart()
        let afterRestart = backoff.nextDelay()
        #expect(afterRestart == .seconds(1))
    }

    @Test func aRepeatedFailureIsNewsOnceAndSoIsItsEnd() {
        var backoff = DeliveryBackoff()
        let news = [
            backoff.answered(), backoff.failed("no server"), backoff.failed("no server"), backoff.failed("timed out"),
            backoff.answered(), backoff.answered(), backoff.failed("timed out"),
        ]
        #expect(news == [false, true, false, true, true, false, true])
    }
}
