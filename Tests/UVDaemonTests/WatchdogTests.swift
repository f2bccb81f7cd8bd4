import Foundation
import Synchronization
import Testing

@testable import UVDaemon

/// systemd's watchdog rides the core's one timer: no loop of its own.
@Suite struct WatchdogTests {
    @Test func aPingIsDueAtOnceThenEveryInterval() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var ping = WatchdogPing(interval: .seconds(10), now: start)
        #expect(ping.deadline(before: start.addingTimeInterval(3600)) == start)
        let first = ping.isDue(at: start)
        let early = ping.isDue(at: start.addingTimeInterval(9.9))
        #expect(first && !early)
        #expect(ping.deadline(before: start.addingTimeInterval(3600)) == start.addingTimeInterval(10))
        #expect(ping.deadline(before: start.addingTimeInterval(4)) == start.addingTimeInterval(4))
        // A late wake plans the next ping from when it came.
        let late = ping.isDue(at: start.addingTimeInterval(25))
        #expect(late)
        #expect(ping.next == start.addingTimeInterval(35))
    }

    /// A minute of the daemon's timer with a 10 s watchdog: a ping at each 10 s, and the timer
    /// never set further than that ahead.
    @Test func theCoreTimerPingsAndStillWakesTheCore() async throws {
        let pings = Mutex(0)
        let uvd = try InProcessCore(watchdog: .seconds(10), pingWatchdog: { pings.withLock { $0 += 1 } })
        let start = Date()
        await uvd.startEngine(now: start)
        var clock = start
        while let next = uvd.timer.armed, next <= start.addingTimeInterval(60) {
            #expect(next.timeIntervalSince(clock) <= 10.001)
            clock = max(clock, next)
            _ = await uvd.core.timerFired(clockChanged: false, now: clock)
        }
        #expect(pings.withLock { $0 } == 7)
    }
}
