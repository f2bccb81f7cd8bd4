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
        settings.uses12HourClock = WallClock.localeUses12Hour(environment: ProcessInfo.processInfo.environment)
        settings.window = loaded.configuration.window
        return settings
    }

    /// Connects the notifications and brings the engine up to date with what changed while uvd
    /// was not running; then replays any press that was kept but not handled.
    func startEngine(outbox: NotificationOutbox, now: Date) async {
        self.outbox = outbox
        suspendedSeconds = Self.suspendedSoFar()
        if engine.settings != engineSettings { await step(.settings(engineSettings), now: now) }
        await updateEngineContext(now: now)
        if engine.sunscreen != sunscreen { await step(.sunscreen(sunscreen), now: now) }
        await feedForecast(now: now)
        for pending in (try? store.pendingPresses()) ?? [] {
            log.info("handling a press kept from before the restart: \(pending.entry.subject) \(pending.entry.key ?? "")")
            await step(.action(subject: pending.entry.subject, key: pending.entry.key ?? ""), now: now, handling: pending.id)
        }
        // Everything was looked at: now the timer, at the deadline the last step set.
        await step(.tick, now: now)
    }

    /// One engine step: reduce, keep the new state with what it said, then act.
    func step(_ event: EngineEvent, now: Date, handling press: Int64? = nil) async {
        let (next, effects) = Engine.reduce(engine, event, now: now)
        engine = next
        let said: [HistoryEntry] = effects.compactMap {
            switch $0 {
            case .notify(let alert): HistoryEntry(time: now, kind: .notified, subject: alert.subject, summary: alert.summary, body: alert.body, zone: engine.timeZoneIdentifier)
            case .withdraw(let subject): HistoryEntry(time: now, kind: .withdrawn, subject: subject, zone: engine.timeZoneIdentifier)
            default: nil
            }
        }
        do { try store.saveEngineStep(engine, entries: said, handled: press) } catch { log.error("store: \(error)") }
        // The timer first, before any await: a step that runs while this one waits for the outbox
        // arms after it, so an older deadline never overwrites a newer one.
        for case .wakeAt(let date) in effects { engineTimer.arm(at: date) }
        for effect in effects {
            switch effect {
            case .notify(let alert):
                log.info("notify \(alert.subject): \(alert.summary)")
                await outbox?.notify(alert)
            case .withdraw(let subject):
                await outbox?.withdraw(subject)
            case .recordSunscreen, .wakeAt:
                break
            case .refresh:
                doorbell.ring()
            }
        }
        // Last: the step it causes arms the timer after this one did, not before.
        if effects.contains(.recordSunscreen) {
            _ = try? await applySunscreen(spf: nil, quantity: nil, activity: nil, at: now, now: now)
        }
    }

    /// A button pressed (or the notification closed): kept in the store first, then handled.
    func press(subject: String, key: String, now: Date) async {
        let entry = HistoryEntry(time: now, kind: .pressed, subject: subject, key: key, zone: engine.timeZoneIdentifier)
        let id: Int64?
        do { id = try store.recordPress(entry) } catch {
            log.error("store: \(error)")
            id = nil
        }
        log.info("pressed \(key) on \(subject)")
        await step(.action(subject: subject, key: key), now: now, handling: id)
    }

    /// The engine's timer fired, or the wall clock changed under it.
    func engineTimerFired(clockChanged: Bool, now: Date) async {
        let suspended = Self.suspendedSoFar()
        let asleep = suspended - suspendedSeconds
        suspendedSeconds = suspended
        let resumed = asleep > 5
        if clockChanged {
            log.info("the wall clock changed; looking at every deadline again")
            setAsideFutureSunscreen(now: now)
            if engine.sunscreen != sunscreen { await step(.sunscreen(sunscreen), now: now) }
        }
        if resumed { log.info("resumed after \(Int(asleep)) s asleep") }
        await feedForecast(now: now)
        await step(resumed ? .resumed : .tick, now: now)
    }

    /// Hands the engine today's UV series when it differs from the one it has: the same series
    /// the status shows (the forecast, or the clear-sky model without one).
    func feedForecast(now: Date) async {
        let day = LocalDay.interval(containing: now, in: currentPlace.timeZone)
        let samples = ViewBuilder.daySeries(knowledge(now: now), now: now).samples(in: day)
        guard samples != engine.samples else { return }
        await step(.forecast(samples), now: now)
    }

    /// The place's time zone and the skin type, when either changed.
    func updateEngineContext(now: Date) async {
        let zone = currentPlace.timeZoneIdentifier, skin = profile.effectiveSkinType
        guard engine.timeZoneIdentifier != zone || engine.skinType != skin else { return }
        await step(.context(timeZoneIdentifier: zone, skinType: skin), now: now)
        await feedForecast(now: now)
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
