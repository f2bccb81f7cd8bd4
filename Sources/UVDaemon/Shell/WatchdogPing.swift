import FoundationEssentials

/// systemd's watchdog (`WatchdogSec=`), kept by the core's one timer rather than a loop of its
/// own: the timer is armed for the earlier of the core's deadline and the next `WATCHDOG=1`, so
/// a uvd whose loop is stuck stops pinging, and uvd still has one wait for everything.
struct WatchdogPing: Sendable, Equatable {
    /// Half the unit's `WatchdogSec` (`Systemd.watchdogPingInterval`).
    let interval: Duration
    /// When the next ping is due: at once after the start.
    private(set) var next: Date

    init(interval: Duration, now: Date) {
        self.interval = interval
        next = now
    }

    /// The instant to arm the timer for: the core's deadline or the next ping, whichever is first.
    func deadline(before coreDeadline: Date) -> Date {
        min(coreDeadline, next)
    }

    /// Whether a ping is due at `now`; when it is, the one after is planned from `now`.
    mutating func isDue(at now: Date) -> Bool {
        guard now >= next else { return false }
        let (seconds, attoseconds) = interval.components
        next = now.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
        return true
    }
}
