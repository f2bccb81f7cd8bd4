import Foundation
import Logging
import UVCore
import UVEngine
import UVStore

#if canImport(Glibc)
    import Glibc
#endif

/// The rule engine's side of the core: its saved state, its settings, and the events that come
/// from outside the core (the notifications, the timer), each settled once.
extension DaemonCore {
    /// The rules' saved state, and what could not be read of it (set aside in the store, said).
    static func restoreEngine(store: Store, log: Logger, now: Date) -> (EngineState?, SavedStateProblem?) {
        do {
            switch try store.restoreEngineState(now: now) {
            case .none: return (nil, nil)
            case .read(let state): return (state, nil)
            case .setAside(let problem):
                log.error("\(problem.summary)")
                return (nil, problem)
            }
        } catch {
            let problem = SavedStateProblem(what: tr("the rules' saved state"), reason: "\(error)", keptAs: "setting engine")
            log.error("\(problem.summary)")
            return (nil, problem)
        }
    }

    /// The rule settings of the configuration, on the user's 12- or 24-hour clock.
    var engineSettings: EngineSettings {
        var settings = loaded.configuration.engine
        settings.uses12HourClock = DisplayLocale.current.uses12Hour
        return settings
    }

    /// A button pressed, or the notification gone: kept in the history and heard by the
    /// engine, in one transaction.
    func answered(_ subject: Subject, _ answer: AlertAnswer, now: Date) {
        log.info("\(answer.key) on \(subject)")
        unsaved.history.append(
            HistoryEntry(time: now, kind: HistoryKind(answer), subject: subject, key: answer.key, zone: engine.timeZoneIdentifier.name))
        settle(now: now, hearing: [.answer(subject: subject, answer)])
    }

    /// What the outbox did: kept, in one transaction, with what the event that posted it changed
    /// when that waited for this report (`settle(waitingForDelivery:)`). It changes nothing the
    /// rules, the status or the timer read, so that is all its settling is.
    func delivered(_ report: DeliveryReport, now: Date) {
        unsaved.history += report.history(now: now)
        if let ids = report.ids { unsaved.notificationIDs = ids }
        counts.deliveries += 1
        // The timer's deadline to keep without this report goes with it.
        let waited = schedule.isWaitingToKeep
        keepUnsaved()
        let retryChanged = report.tryAgain.map { schedule.deliveryAsks(tryAgainAt: $0.deadline(now: now)) } ?? false
        if retryChanged || waited { armTimer(now: now) }
    }

    /// The timer fired, or the wall clock changed under it: the engine looks at its deadlines
    /// when one has come, the clock changed or the machine woke from sleep.
    /// Returns whether it settled (and so armed the timer).
    @discardableResult
    func engineTimerFired(clockChanged: Bool, now: Date) -> Bool {
        let asleep = schedule.suspended(soFar: Self.suspendedSoFar())
        let resumed = asleep > 5
        if clockChanged {
            log.info("the wall clock changed; looking at every deadline again")
            setAsideFutureSunscreen(now: now)
        }
        if resumed { log.info("resumed after \(Int(asleep)) s asleep") }
        guard clockChanged || resumed || schedule.engineWake <= now else { return false }
        settle(now: now, hearing: [resumed ? .resumed : .tick], waitingForDelivery: true)
        return true
    }

    /// Seconds the machine has spent suspended since boot: CLOCK_BOOTTIME counts them,
    /// CLOCK_MONOTONIC does not.
    static func suspendedSoFar() -> Double {
        var boot = timespec()
        var monotonic = timespec()
        clock_gettime(CLOCK_BOOTTIME, &boot)
        clock_gettime(CLOCK_MONOTONIC, &monotonic)
        return Double(boot.tv_sec - monotonic.tv_sec) + Double(boot.tv_nsec - monotonic.tv_nsec) / 1e9
    }
}
