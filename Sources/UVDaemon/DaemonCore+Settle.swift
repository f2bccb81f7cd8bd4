import Foundation
import Logging
import UVCore
import UVEngine
import UVStore

#if canImport(Glibc)
    import Glibc
#endif

/// The one way an event goes through the core. Whoever receives it (a command, a press, a
/// provider's answer, the timer) takes `now` once, changes what the core holds, puts what the
/// store must keep in `unsaved`, and calls `settle(now:hearing:)`, which does the rest once:
///
/// 1. today's UV is blended once, and the engine hears, in one step, what the core holds that it
///    lacks (settings, place and profile, sunscreen, the day's series) and the events given;
/// 2. the store keeps all of it in one transaction;
/// 3. watchers get the status, computed once from that same day;
/// 4. the outbox is handed what to show and withdraw;
/// 5. the one timer is armed for the earliest deadline.
///
/// It never suspends, so no other event runs in the middle of one.
extension DaemonCore {
    /// Settles one event; returns why the store could not keep it, if it could not (said in the
    /// log, and tried again with the next event).
    ///
    /// `waitingForDelivery`: an event no one is answered for (a provider's answer, a deadline)
    /// whose step hands the outbox something is kept together with the outbox's report of that
    /// delivery, in one transaction (`delivered`), or alone `deliveryWait` later if no report
    /// comes: the history and the server's ids exist only once the server has answered.
    @discardableResult
    func settle(now: Date, hearing events: [EngineEvent] = [], waitingForDelivery: Bool = false) -> (any Error)? {
        let knowledge = knowledge(now: now)
        let blended = knowledge.blendedDay(now: now)
        counts.blendedDays += 1
        let heard = catchingUp(blended, now: now) + events
        var changes: [NotificationChange<Alert>] = []
        if !heard.isEmpty {
            let step = EngineStep(engine, heard, now: now)
            counts.engineSteps += 1
            engine = step.state
            unsaved.engine = engine
            if let application = step.recordedSunscreen {
                user.wears(application)
                unsaved.sunscreen = application
            }
            if step.endsTimeOutside { endTimeOutside(now: now) }
            if let wake = step.wake { schedule.engineAsks(wakeAt: wake) }
            if step.wantsRefresh { schedule.refresh(by: now) }
            changes = step.changes
        }
        let problem: (any Error)?
        if waitingForDelivery, !changes.isEmpty, outbox != nil {
            schedule.keepBy(now.addingTimeInterval(Self.deliveryWait))
            problem = nil
        } else {
            problem = keepUnsaved()
        }
        if !watchers.isEmpty {
            var current = knowledge
            current.sunscreen = user.sunscreen
            counts.statuses += 1
            var status = ViewBuilder.status(current, blended: blended, now: now)
            status.dose = todaysDose(now: now, series: blended.series)
            watchers.send(status)
        }
        post(changes, now: now)
        nudgeTray(now: now)
        armTimer(now: now)
        return problem
    }

    /// What the engine must hear for its state to match the core's, in the order it was
    /// always told: the settings, the place and profile, the sunscreen, then the day's UV.
    private func catchingUp(_ blended: BlendedDay, now: Date) -> [EngineEvent] {
        var events: [EngineEvent] = []
        if engine.settings != engineSettings { events.append(.settings(engineSettings)) }
        let zone = currentPlace.timeZoneIdentifier
        // The skin type comes with the profile (`.context` sets both; state saved without a
        // profile differs from any).
        if engine.timeZoneIdentifier.name != zone || engine.profile != user.profile {
            events.append(.context(timeZoneIdentifier: zone, profile: user.profile))
        }
        if engine.sunscreen != user.sunscreen { events.append(.sunscreen(user.sunscreen)) }
        let samples = engineSamples(blended, now: now)
        if samples != engine.samples { events.append(.forecast(samples)) }
        let dose = doseReading(now: now, series: blended.series)
        if dose != engine.dose { events.append(.dose(dose)) }
        return events
    }

    /// Today's series for the engine: the same blended series the status shows. The clear-sky
    /// model alone is held back while a forecast provider can still answer (not every one has
    /// failed): an alert never rests on it while data is on its way, and the model reads high
    /// under any cloud. Once every forecast provider has failed, or none applies, it is all
    /// there is.
    private func engineSamples(_ blended: BlendedDay, now: Date) -> [UVSample] {
        let forecastSources = applicableSources.filter(\.isForecast)
        let everyOneFailed = forecastSources.allSatisfy { providers.problems[$0] != nil }
        let awaitingAnswer = blended.base == .model && blended.nowcast == nil && !everyOneFailed
        return awaitingAnswer ? [] : blended.series.samples(in: LocalDay.interval(containing: now, in: currentPlace.timeZone))
    }

    /// How long what an event changed waits for the report of the delivery it posted (the
    /// server answers a Notify within milliseconds; one that does not is not waited for).
    static let deliveryWait: TimeInterval = 2

    /// Keeps `unsaved` in one transaction; on failure it stays, for the next event to keep.
    @discardableResult
    func keepUnsaved() -> (any Error)? {
        do {
            try store.save(unsaved)
            unsaved = StoreChanges()
            schedule.keptAll()
            return nil
        } catch {
            log.error("store: \(error)")
            return error
        }
    }

    /// Hands the engine's changes to the outbox in words, on the place's clock; the history
    /// keeps what the server is actually sent, and when (as the outbox reports it).
    private func post(_ changes: [NotificationChange<Alert>], now: Date) {
        let zone = engine.timeZoneIdentifier.name
        let presenter = Presenter(engine)
        // Drawn once for every notification of the step: the day as it is now.
        let picture = changes.contains { if case .show = $0 { true } else { false } } ? miniWheel(now: now) : nil
        for change in changes {
            switch change {
            case .show(let alert):
                let presented = presenter.present(alert)
                log.info("notify \(alert.subject): \(presented.summary)")
                outbox?.post(.init(change: .show(presented), at: now, zone: zone, picture: picture))
            case .withdraw(let subject):
                outbox?.post(.init(change: .withdraw(subject: subject), at: now, zone: zone))
            }
        }
    }
}
