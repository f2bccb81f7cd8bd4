import Foundation
import UVPlatform

/// The one timer: armed after every step for the earliest of the engine's next deadline and the
/// next refresh round, and at most 15 minutes ahead, so that waking from sleep is noticed even
/// when the next deadline is hours away (a suspended machine's timer does not run).
extension DaemonCore {
    static let longestSleep: TimeInterval = 15 * 60

    /// A timer the kernel will not arm leaves uvd blind (no fetch, no alert, ever): uvd says
    /// so and stops with a failure, for its service manager to start it again.
    func armTimer(now: Date) {
        counts.timerArms += 1
        do {
            try timer.arm(at: schedule.wake(noLaterThan: now.addingTimeInterval(Self.longestSleep)))
        } catch {
            DaemonStop.fail(
                because: "the kernel refused uvd's timer (\(error)); without it nothing would ever be fetched or said", log: log)
        }
    }

    /// The providers should be asked now (a new place, a reload, a resume, a watcher), if the
    /// fetch policy agrees.
    func refreshSoon(now: Date) {
        schedule.refresh(by: now)
        armTimer(now: now)
    }

    /// What the loop is to start when the timer fires, beside the engine's step.
    struct TimerDue: Equatable {
        /// A refresh round, run beside the loop (`runScheduledRefresh`) so that the providers'
        /// answers never hold up a deadline.
        var refreshRound = false
        /// The outbox's delivery, tried again after a failure (`NotificationOutbox.kick()`).
        var deliveryRetry = false
    }

    /// The timer fired or the clock changed: the engine looks at its deadlines, and what else
    /// came due is returned for the loop to start.
    func timerFired(clockChanged: Bool, now: Date) -> TimerDue {
        // A delivery's report that did not come: what waited for it is kept without it.
        if schedule.keepIsDue(now: now) { keepUnsaved() }
        let due = TimerDue(
            refreshRound: schedule.startRoundIfDue(now: now), deliveryRetry: schedule.takeDeliveryRetryIfDue(now: now))
        // A step settles and arms the timer itself; only without one is it armed here.
        if !engineTimerFired(clockChanged: clockChanged, now: now) { armTimer(now: now) }
        return due
    }

    /// One scheduled round; then the timer is armed for the next. Each answer was settled as it
    /// came; the round's end only sets when the next is due.
    func runScheduledRefresh(now: Date) async {
        let next = await refreshIfDue(now: now)
        schedule.roundEnded(nextDue: next)
        armTimer(now: now)
        // A round may have loaded a library (libxml2 for the station feed).
        CodeResidency.touchedPagesOnly()
    }
}
