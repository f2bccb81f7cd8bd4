import Foundation
import Logging
import UVCore
import UVEngine
import UVStore
#if canImport(Glibc)
import Glibc
#endif

/// The shell around the rule engine: feeds it what happens, keeps its state in the store (one
/// transaction per step, with what it said), runs its effects, and arms the one timer it asks for.
extension DaemonCore {
    static func restoreEngine(store: Store, log: Logger) -> EngineState? {
        do {
            return try store.engineState()
        } catch {
            log.error("the rule engine's saved state could not be read (\(error)); starting it afresh")
            return nil
        }
    }

    /// The rule settings of the configuration, on the user's 12- or 24-hour clock.
    var engineSettings: EngineSettings {
        var settings = loaded.configuration.engine
        settings.uses12HourClock = DisplayLocale.current.uses12Hour
        return settings
    }

    /// Connects the notifications and brings the engine up to date with what changed while uvd
    /// was not running; then replays any press that was kept but not handled.
    func startEngine(outbox: NotificationOutbox, now: Date) {
        self.outbox = outbox
        suspendedSeconds = Self.suspendedSoFar()
        if engine.settings != engineSettings { step(.settings(engineSettings), now: now) }
        updateEngineContext(now: now)
        if engine.sunscreen != sunscreen { step(.sunscreen(sunscreen), now: now) }
        feedForecast(now: now)
        for pending in (try? store.pendingPresses()) ?? [] {
            log.info("handling a press kept from before the restart: \(pending.entry.subject) \(pending.entry.key ?? "")")
            step(.action(subject: pending.entry.subject, key: pending.entry.key ?? ""), now: now, handling: pending.id)
        }
        // Everything was looked at: now the timer, at the deadline the last step set.
        step(.tick, now: now)
    }

    /// One engine step: reduce, keep the new state with what it said, then act.
    /// Never suspends: no other step or command can run in the middle of this one.
    func step(_ event: EngineEvent, now: Date, handling press: Int64? = nil) {
        let step = EngineStep(engine, event, now: now)
        engine = step.state
        let zone = engine.timeZoneIdentifier.name
        let presenter = Presenter(engine)
        // The history keeps what the server is actually sent, and when: the outbox writes it.
        let postings: [NotificationOutbox.Posting] = step.changes.map { change in
            switch change {
            case .show(let alert):
                var presented = presenter.present(alert)
                (presented.decidedAt, presented.zone) = (now, zone)
                return .show(presented)
            case .withdraw(let subject): return .withdraw(subject: subject, at: now, zone: zone)
            }
        }
        do { try store.saveEngineStep(engine, entries: [], handled: press) } catch { log.error("store: \(error)") }
        if let wake = step.wake { engineWake = wake }
        if step.wantsRefresh { refreshDue = min(refreshDue, now) }
        armTimer(now: now)
        // The countdown stage may have moved: watchers see it with the notification.
        pushIfChanged(now: now)
        for posting in postings {
            if case .show(let alert) = posting { log.info("notify \(alert.subject): \(alert.summary)") }
            outbox?.post(posting)
        }
        // Last: the step it causes arms the timer after this one did, not before.
        if step.recordsSunscreen {
            _ = try? applySunscreen(spf: nil, quantity: nil, activity: nil, at: now, now: now)
        }
    }

    /// A button pressed (or the notification closed): kept in the store first, then handled.
    func press(subject: String, key: String, now: Date) {
        let kind: HistoryEntry.Kind = switch key {
        case "expired": .expired
        case "dismissed", "closed": .dismissed
        default: .pressed
        }
        let entry = HistoryEntry(time: now, kind: kind, subject: subject, key: key, zone: engine.timeZoneIdentifier.name)
        let id: Int64?
        do { id = try store.recordPress(entry) } catch {
            log.error("store: \(error)")
            id = nil
        }
        log.info("pressed \(key) on \(subject)")
        step(.action(subject: subject, key: key), now: now, handling: id)
    }

    /// The timer fired, or the wall clock changed under it: the engine looks at its deadlines
    /// when one has come, the clock changed or the machine woke from sleep.
    func engineTimerFired(clockChanged: Bool, now: Date) {
        let suspended = Self.suspendedSoFar()
        let asleep = suspended - suspendedSeconds
        suspendedSeconds = suspended
        let resumed = asleep > 5
        if clockChanged {
            log.info("the wall clock changed; looking at every deadline again")
            setAsideFutureSunscreen(now: now)
            if engine.sunscreen != sunscreen { step(.sunscreen(sunscreen), now: now) }
        }
        if resumed { log.info("resumed after \(Int(asleep)) s asleep") }
        guard clockChanged || resumed || engineWake <= now else { return }
        feedForecast(now: now)
        step(resumed ? .resumed : .tick, now: now)
    }

    /// Hands the engine today's UV series when it differs from the one it has: the same blended
    /// series the status shows. The clear-sky model alone is held back while a forecast provider
    /// can still answer (not every one has failed): an alert never rests on it while data is on
    /// its way, and the model reads high under any cloud. Once every forecast provider has failed,
    /// or none applies, it is all there is.
    func feedForecast(now: Date) {
        let day = LocalDay.interval(containing: now, in: currentPlace.timeZone)
        let knowledge = knowledge(now: now)
        let blended = knowledge.blendedDay(now: now)
        let forecastSources = applicableSources.filter { $0 != .arpansa }
        let everyOneFailed = forecastSources.allSatisfy { providers.problems[$0] != nil }
        let awaitingAnswer = blended.base == .model && blended.nowcast == nil && !everyOneFailed
        let samples = awaitingAnswer ? [] : blended.series.samples(in: day)
        guard samples != engine.samples else { return }
        step(.forecast(samples), now: now)
    }

    /// The place's time zone and the skin type, when either changed.
    func updateEngineContext(now: Date) {
        let zone = currentPlace.timeZoneIdentifier, skin = profile.effectiveSkinType
        guard engine.timeZoneIdentifier.name != zone || engine.skinType != skin else { return }
        step(.context(timeZoneIdentifier: zone, skinType: skin), now: now)
        feedForecast(now: now)
    }

    /// Seconds the machine has spent suspended since boot: CLOCK_BOOTTIME counts them,
    /// CLOCK_MONOTONIC does not.
    static func suspendedSoFar() -> Double {
        var boot = timespec(), monotonic = timespec()
        clock_gettime(CLOCK_BOOTTIME, &boot)
        clock_gettime(CLOCK_MONOTONIC, &monotonic)
        return Double(boot.tv_sec - monotonic.tv_sec) + Double(boot.tv_nsec - monotonic.tv_nsec) / 1e9
    }
}
