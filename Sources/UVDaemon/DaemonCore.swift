import Foundation
import Logging
import UVConfig
import UVCore
import UVEngine
import UVPlaces
import UVPlatform
import UVProtocol
import UVProviders
import UVStore

/// The daemon's memory and its decisions: answers every query from what it holds, asks the
/// providers only when the fetch policy says so, and keeps everything it is told in the store
/// before it answers. Every event goes through `settle(now:hearing:)` once, in this file, which
/// alone writes the rules' state and hands the outbox its work; its commands never suspend
/// mid-way, so no two interleave; the loop (`CoreLoopService`) wakes it on the one timer. Each
/// concern's state is a type of its own that keeps its fields to itself: `ProviderMemory`
/// (answers, health, budget), `Watchers` (who follows the status), `NetworkSight` (the route and
/// home Wi-Fi), `UserRecord` (the user's place, profile and sunscreen), `TimeOutside` (time
/// outside and the dose), `TrayWatch`, `CoreSchedule` (when it wakes), `StoreChanges` (what the
/// event changed, not yet kept); the files `DaemonCore+…` hold the core's handlers for each.
actor DaemonCore {
    let store: Store
    private let configFile: URL
    private let lastGoodConfig: URL
    private(set) var loaded: ConfigLoader.Loaded
    let automaticPlace: @Sendable () -> Place
    let httpClient: any HTTPClient
    let log: Logger

    var user: UserRecord
    var providers: ProviderMemory
    var watchers = Watchers()
    /// The tray's view of the core: its host, and who is told when what its menu offers changes.
    var tray = TrayWatch()
    /// The time outside: whether it is open now, its commands, a day's dose.
    var outside: TimeOutside
    /// The user's OpenWeatherMap key, if one is configured and usable.
    private(set) var openWeatherMapKey: String?

    // The rule engine's side (DaemonCore+Engine).
    /// Written only by the one step (`settle`), in this file.
    private(set) var engine: EngineState
    /// The rules' saved state this release could not read at start (kept aside in the store).
    let engineStateProblem: SavedStateProblem?
    private(set) var outbox: NotificationOutbox?
    /// The one timer, for the engine's next deadline and the next refresh round alike.
    let timer: any DeadlineTimer
    var schedule = CoreSchedule()
    var network: NetworkSight
    /// What the event being settled changed, for the store's one transaction.
    var unsaved = StoreChanges()
    var counts = CoreCounts()
    /// The time a provider's answer arrives: the wall clock, or a test's.
    let answerClock: @Sendable () -> Date

    init(
        store: Store, configFile: URL, lastGoodConfig: URL, loaded: ConfigLoader.Loaded, httpClient: any HTTPClient,
        timer: any DeadlineTimer, automaticPlace: @escaping @Sendable () -> Place, log: Logger, now: Date,
        answerClock: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        self.answerClock = answerClock
        self.store = store
        self.configFile = configFile
        self.lastGoodConfig = lastGoodConfig
        self.loaded = loaded
        self.httpClient = httpClient
        self.automaticPlace = automaticPlace
        self.log = log
        user = UserRecord(
            place: try store.manualPlace() ?? automaticPlace(), profile: try store.profile(), sunscreen: try store.currentSunscreen(),
            now: now)
        if let future = user.futureSunscreen {
            log.warning("sunscreen: the application recorded for \(future.appliedAt) lies in the future; not counted")
        }
        providers = ProviderMemory(
            forecast: try store.forecast(for: user.place.key), cams: try store.forecast(for: user.place.key, .cams),
            stations: try store.stationReadings(),
            state: try store.providerState())
        openWeatherMapKey = Self.loadKey(loaded.configuration, log: log)
        self.timer = timer
        network = NetworkSight(home: try store.homeNetwork())
        outside = try TimeOutside(store: store)
        let startingZone = user.place.timeZoneIdentifier
        let startingSkin = user.profile.effectiveSkinType
        let (saved, problem) = Self.restoreEngine(store: store, log: log, now: now)
        engine = saved ?? EngineState(settings: loaded.configuration.engine, timeZoneIdentifier: startingZone, skinType: startingSkin)
        engineStateProblem = problem
    }

    private static func loadKey(_ configuration: Configuration, log: Logger) -> String? {
        switch OpenWeatherMapKey.load(keyFile: configuration.openWeatherMapKeyFile) {
        case .success(let key): return key
        case .failure(let problem):
            log.error("\(problem)")
            return nil
        }
    }

    var configuration: Configuration { loaded.configuration }

    // MARK: State shared with the refresh extension

    var currentPlace: Place { user.place }
    var configFilePath: String { configFile.path }

    func logInfo(_ message: String) { log.info("\(message)") }
    func logWarning(_ message: String) { log.warning("\(message)") }

    /// A sunscreen applied more than a minute after `now` cannot be: the clock was wrong when it
    /// was recorded, or is now. It is treated as expired (no protection) and said so.
    func setAsideFutureSunscreen(now: Date) {
        guard let future = user.setAsideFutureSunscreen(now: now) else { return }
        log.warning("sunscreen: the application recorded for \(future.appliedAt) lies in the future; not counted")
    }

    func getProfile() -> Profile { user.profile }

    /// Changes the profile; the engine hears it (skin type, what "Applied" records) in the same
    /// step that keeps it.
    func setProfile(now: Date, _ change: (inout Profile) throws(Refusal) -> Void) throws(Refusal) -> Profile {
        var updated = user.profile
        try change(&updated)
        let previous = user
        user.changeProfile(to: updated)
        unsaved.profile = updated
        try settleAcknowledged(now: now) { user = previous }
        return user.profile
    }

    func applySunscreen(spf: SPF?, quantity: SunscreenQuantity?, activity: SunscreenActivity?, at date: Date, now: Date) throws(Refusal)
        -> SunscreenInfo
    {
        guard let application = user.profile.application(at: date, spf: spf, quantity: quantity, activity: activity) else {
            throw Refusal(.invalidValue, tr("an application needs an SPF of 15, 30 or 50: SPF 0 (none) is no sunscreen"))
        }
        let previous = user
        user.wears(application)
        unsaved.sunscreen = application
        try settleAcknowledged(now: now) { user = previous }
        return try sunscreenInfo(now: now)
    }

    /// `uvctl sunscreen remove`: the application on record (or the one set aside as recorded in
    /// the future) ends now.
    func removeSunscreen(now: Date) throws(Refusal) {
        guard user.sunscreen != nil || user.futureSunscreen != nil else { throw Refusal.noSunscreen }
        let previous = user
        user.wears(nil)
        unsaved.userChanges.append(.sunscreenRemoved(at: now))
        try settleAcknowledged(now: now) { user = previous }
    }

    /// `uvctl sunscreen water`: a swim or towelling now, on the application worn.
    func recordWater(now: Date) throws(Refusal) -> SunscreenInfo {
        guard var updated = user.sunscreen else { throw Refusal.noSunscreen }
        updated.waterEventAt = now
        let previous = user
        user.wears(updated)
        unsaved.userChanges.append(.waterEvent(at: now))
        try settleAcknowledged(now: now) { user = previous }
        return try sunscreenInfo(now: now)
    }

    /// The sunscreen just recorded, with the reapply time `uvctl status` and the reminders give.
    private func sunscreenInfo(now: Date) throws(Refusal) -> SunscreenInfo {
        guard
            let info = ViewBuilder.sunscreenInfo(
                knowledge(now: now).reading(now: now).facts, iso: ISOTimestamp(timeZone: user.place.timeZone))
        else {
            throw Refusal.noSunscreen
        }
        return info
    }

    /// Settles a change the user asked for and is told of: when the store cannot keep it, the
    /// core's own change is taken back (`undo`), nothing of it is kept, and the user is told.
    /// `toldBack`: what the rules, which heard `events`, must hear once it is taken back (what
    /// they read from the core they catch up with by themselves).
    func settleAcknowledged(
        now: Date, hearing events: [EngineEvent] = [], undo: () -> Void, toldBack: () -> [EngineEvent] = { [] }
    ) throws(Refusal) {
        guard let problem = settle(now: now, hearing: events) else { return }
        undo()
        unsaved = StoreChanges()
        settle(now: now, hearing: toldBack())
        throw Refusal.couldNotSave(problem)
    }

    // MARK: Configuration

    /// Re-reads the file; a broken file keeps the configuration in force and says why. The file
    /// is read and parsed on a thread of its own: a file near the 1 MiB cap takes a while, and
    /// calls keep being answered meanwhile.
    func reload() async throws(Refusal) -> String {
        let (fresh, problem) = await OffThread.run { [configFile, lastGoodConfig] in
            ConfigLoader.loadKeepingLastGood(file: configFile, lastGood: lastGoodConfig)
        }
        if let problem {
            log.error("configuration not reloaded, keeping the last good one:\n\(problem)")
            throw Refusal(.configInvalid, tr("%1$@\nthe last good configuration stays in use", String(describing: problem)))
        }
        loaded = fresh
        openWeatherMapKey = Self.loadKey(fresh.configuration, log: log)
        log.info("configuration reloaded from \(configFile.path)")
        let now = Date()
        schedule.refresh(by: now)
        if let route = reclassifiedRoute() {
            networkChanged(route.route, networkManager: route.primary, now: now)
        } else {
            settle(now: now)
        }
        return tr("reloaded %1$@", configFile.path)
    }
}

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
    /// Connects the notifications and brings the engine up to date with what changed while uvd
    /// was not running, with any press kept but not handled before a restart: one step.
    func startEngine(outbox: NotificationOutbox, now: Date) {
        self.outbox = outbox
        _ = schedule.suspended(soFar: Self.suspendedSoFar())
        var events: [EngineEvent] = []
        for pending in (try? store.pendingPresses()) ?? [] {
            unsaved.handledPresses.append(pending.id)
            guard let answer = pending.entry.key.flatMap(AlertAnswer.init(key:)) else {
                log.warning("a press kept from before the restart names no button uvd knows (\(pending.entry.key ?? "none")); set aside")
                continue
            }
            log.info("handling a press kept from before the restart: \(pending.entry.subject) \(answer.key)")
            events.append(.answer(subject: pending.entry.subject, answer))
        }
        settle(now: now, hearing: events + [.tick])
    }

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

extension Place {
    /// The key forecasts are stored under: the coordinate at 0.1°.
    var key: String {
        let approximate = coordinate.approximate
        return "\(approximate.latitude),\(approximate.longitude)"
    }
}
