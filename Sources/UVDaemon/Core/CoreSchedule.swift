import FoundationEssentials

/// When the core wakes next: the engine's deadline, the next refresh round and a save waiting for
/// a delivery share the one timer (with the outbox's own deadlines, `Outbox.wake`). With the time spent suspended as last seen, to notice a resume. Its state is its own:
/// the core says what happened (a step asked for a deadline, a round started or ended, a refresh
/// is wanted) and asks when to wake.
struct CoreSchedule: Sendable {
    /// The deadline the engine's last step asked for.
    private(set) var engineWake = Date.distantFuture
    /// When the next refresh round is due (at once after a start; `.distantFuture` while one runs).
    private var refreshDue = Date.distantPast
    /// When what events changed must be saved at the latest while it waits for the end of the
    /// delivery an event started (`Core.deliveryWait`).
    private var saveDue = Date.distantFuture
    /// Time spent suspended as last seen (CLOCK_BOOTTIME − CLOCK_MONOTONIC).
    private var suspendedSeconds: Double = 0

    /// The engine's step asked to be woken at `instant`.
    mutating func engineAsks(wakeAt instant: Date) { engineWake = instant }

    /// The providers should be asked by `now` (a new place, a reload, a resume, a watcher).
    mutating func refresh(by now: Date) { refreshDue = min(refreshDue, now) }

    /// Whether a round is due at `now`; if so, it is taken as started (none is due while it runs).
    mutating func startRoundIfDue(now: Date) -> Bool {
        guard refreshDue <= now else { return false }
        refreshDue = .distantFuture
        return true
    }

    /// A round ended, the next due at `next` (or sooner, if a refresh was asked meanwhile).
    mutating func roundEnded(nextDue next: Date) {
        refreshDue = min(refreshDue == .distantFuture ? next : refreshDue, next)
    }

    /// What an event changed waits to be saved with what its delivery did, until `instant` at the
    /// latest (the earliest such deadline holds).
    mutating func saveBy(_ instant: Date) { saveDue = min(saveDue, instant) }

    /// Everything changed so far is being saved: nothing waits. Returns the deadline it cleared,
    /// for a refused save to restore (`saveBy`).
    mutating func savedAll() -> Date {
        defer { saveDue = .distantFuture }
        return saveDue
    }

    /// Whether what waits for a delivery must be saved without it at `now`.
    func saveIsDue(now: Date) -> Bool { saveDue <= now }

    /// Whether anything waits for a delivery to be saved.
    var isWaitingToSave: Bool { saveDue != .distantFuture }

    /// When the timer should fire: the earliest deadline, but no later than `latest`.
    func wake(noLaterThan latest: Date) -> Date { min(engineWake, refreshDue, saveDue, latest) }

    /// Takes the time suspended so far; returns the seconds slept since it was last taken.
    mutating func suspended(soFar total: Double) -> Double {
        defer { suspendedSeconds = total }
        return total - suspendedSeconds
    }
}
