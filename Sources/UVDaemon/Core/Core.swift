import FoundationEssentials
import Logging
import UVConfig
import UVCore
import UVEngine
import UVNotify
import UVPlaces
import UVPlatform
import UVProtocol
import UVProviderPolicy
import UVProviders
import UVStore

/// The daemon's decisions, and nothing else: an event and its time in (`CoreEvent`), what is to
/// be done out (`Effect`), in one synchronous `handle(_:at:)` that never waits for anything. It
/// opens no file, reads no store, clock or environment and draws no number of its own: what the
/// store held as uvd started comes in `CoreStart` (and stays true, as the core makes each change it
/// saves to what it holds too), time with each event, chance from `CoreSources.jitter`.
///
/// Each concern's state is a type of its own that keeps its fields to itself and changes only
/// through its own methods: `UserRecord` (place, profile, sunscreen, saved places), `ProviderMemory` (what the
/// providers said, their health and budget), `NetworkSight` (the route and home), `TimeOutside`,
/// `EngineState` (the rules, stepped by `EngineStep`), `CoreSchedule` (when the core wakes),
/// `Watchers` and `TrayWatch` (who is told what), `StoreChanges` (what waits to be kept). The
/// core holds one of each and routes each event to its owners, then takes the one step
/// (`settle`) that every event ends in.
struct Core {
    let sources: CoreSources
    private var log: Logger { sources.log }

    /// The configuration in force, and what its file held.
    private(set) var loaded: ConfigLoader.Loaded
    /// The user's OpenWeatherMap key, if one is configured and usable.
    private(set) var openWeatherMapKey: String?
    /// The configuration file's errors while uvd runs on something else; nil once the file loads.
    private(set) var configTrouble: ConfigTrouble?
    /// What the store said as uvd started that it could not read, and where it is (the rest of
    /// `CoreStart` is held by the concern it belongs to, not kept twice).
    let opened: StoreOpened
    /// The configuration file's path, as `uvctl reload` and the doctor name it.
    let configFile: String

    /// The place the system's time zone stands for (the default while no other is known), as the
    /// shell read it at the start and with each change (`CoreEvent.systemTimeZone`).
    private(set) var systemPlace: Place
    private(set) var user: UserRecord
    private(set) var providers: ProviderMemory
    private(set) var network: NetworkSight
    private(set) var outside: TimeOutside
    /// The rules' state: written only by the one step (`settle`).
    private(set) var engine: EngineState
    private(set) var schedule = CoreSchedule()
    /// The refresh rounds under way, the requests out and what the last ones came to.
    private(set) var rounds = RefreshRounds()
    private(set) var watchers = Watchers()
    private(set) var tray = TrayWatch()
    /// What the notification server is to show, shows and was asked.
    private(set) var outbox: Outbox
    /// What the events settled so far changed and the store has not been asked to keep.
    private var unsaved = StoreChanges()
    /// Whether the notifications are connected (from `start` on).
    private var notifying = false
    /// The effects of the event being handled, in order.
    private var effects: [Effect] = []

    init(
        start: CoreStart, configFile: String, loaded: ConfigLoader.Loaded, configTrouble: ConfigTrouble?, sources: CoreSources,
        systemPlace: Place, now: Date
    ) {
        opened = StoreOpened(start)
        self.configFile = configFile
        self.sources = sources
        self.loaded = loaded
        self.configTrouble = configTrouble
        self.systemPlace = systemPlace
        let place = start.manualPlace ?? systemPlace
        user = UserRecord(
            place: place, profile: start.profile, family: start.family, familyAway: start.familyAway, sunscreen: start.sunscreen,
            savedPlaces: start.savedPlaces, now: now)
        providers = ProviderMemory(kept: start.forecasts, placeKey: place.key, stations: start.stations, state: start.providerState)
        network = NetworkSight(home: start.homeNetwork)
        outbox = Outbox(saved: start.notificationIDs)
        outside = TimeOutside(open: start.outsideNow, record: start.outside)
        engine =
            start.engine
            ?? EngineState(
                settings: loaded.configuration.engine, zone: place.zone,
                skinType: start.profile.effectiveSkinType)
        openWeatherMapKey = Self.key(OpenWeatherMapKey.load(keyFile: loaded.configuration.openWeatherMapKeyFile), log: sources.log)
        if let future = user.futureSunscreen {
            sources.log.warning("sunscreen: the application recorded for \(future.appliedAt) lies in the future; not counted")
        }
    }

    /// The key a configuration names, or nil (said) when it names none that can be used.
    private static func key(_ read: Result<String?, OpenWeatherMapKey.Problem>, log: Logger) -> String? {
        switch read {
        case .success(let key): return key
        case .failure(let problem):
            log.error("\(problem)")
            return nil
        }
    }

    var configuration: Configuration { loaded.configuration }
    var currentPlace: Place { user.place }

    /// Decides what `event`, come at `now`, changes and what is to be done about it.
    mutating func handle(_ event: CoreEvent, at now: Date) -> [Effect] {
        effects = []
        switch event {
        case .start(let pending, let suspended): started(pending: pending, suspendedSoFar: suspended, now: now)
        case .command(let command): answer(command, now: now)
        case .notificationServer(let news): delivery(now: now) { $0.heard(news, now: now, log: $1) }
        case .serverAnswered(let number, let answer): delivery(now: now) { $0.answered(number, answer, now: now, log: $1) }
        case .providerAnswered(let answer): providerAnswered(answer)
        case .screenedOut(let note, let source):
            log.warning("\(source.rawValue): \(note)")
            providers.screenedOut(note, from: source, at: now)
        case .refreshAsked: refreshAsked(now: now)
        case .route(let route, let primary): networkChanged(route, primary: primary, now: now)
        case .routeReadAgain(let route): routeReadAgain(route, now: now)
        case .systemTimeZone(let place): systemTimeZoneChanged(to: place, now: now)
        case .geoClue(let found): useGeoClue(found, now: now)
        case .timer(let clockChanged, let suspended): timerFired(clockChanged: clockChanged, suspendedSoFar: suspended, now: now)
        case .configurationRead(let reading): configurationRead(reading, now: now)
        case .tray(let action): trayClicked(action, now: now)
        case .trayHost(let host): tray.shownBy(host)
        case .trayWatched:
            let situation = traySituation(now: now)
            tray.watched(current: situation)
            effects.append(.presentTray(situation))
        case .watcherJoined(let id, let wantsMeasurements): watcherJoined(id, wantsMeasurements: wantsMeasurements, now: now)
        case .watcherLeft(let id): watchers.remove(id)
        case .saveRefused(let save, let problem): saveRefused(save, problem: problem, now: now)
        case .stopping: saveUnsaved()
        }
        defer { effects = [] }
        return effects
    }
}

/// The one step every event ends in. The handler of an event changes what the core holds, puts
/// what the store must keep in `unsaved`, and calls `settle(now:hearing:)`, which does the rest:
///
/// 1. today's UV is blended once, and the engine hears, in one step, what the core holds that it
///    lacks (settings, place and profile, sunscreen, the day's series and dose) and the events;
/// 2. the store is asked to keep all of it in one transaction;
/// 3. watchers get the status, computed once from that same day;
/// 4. the outbox decides what to show and withdraw, and the tray is given what its menu offers;
/// 5. the one timer is armed for the earliest deadline.
extension Core {
    /// How long what an event changed waits for the end of the delivery it started (the server
    /// answers a Notify within milliseconds; one that does not is not waited for).
    static let deliveryWait: TimeInterval = 2

    /// The longest the timer sleeps, so that waking from sleep is noticed even when the next
    /// deadline is hours away (a suspended machine's timer does not run).
    static let longestSleep: TimeInterval = 15 * 60

    /// `waitingForDelivery`: an event no one is answered for (a provider's answer, a deadline)
    /// whose step has the outbox call the server is kept together with what that delivery did,
    /// in one transaction once its last answer comes (`delivery`), or alone `deliveryWait` later
    /// if it does not: the history and the server's ids exist only once the server has answered.
    /// `answered`: a user's command, which the store's refusal takes back (`Save.OnRefusal`).
    private mutating func settle(
        now: Date, hearing events: [EngineEvent] = [], waitingForDelivery: Bool = false, answered: Bool = false
    ) {
        let knowledge = knowledge(now: now)
        let blended = knowledge.blendedDay(now: now)
        sources.counter.count(.blendedDays)
        let heard = catchingUp(blended, now: now) + events
        var changes: [NotificationChange<Alert>] = []
        if !heard.isEmpty {
            let step = EngineStep(engine, heard, now: now)
            sources.counter.count(.engineSteps)
            engine = step.state
            unsaved.engine = engine
            if let application = step.recordedSunscreen { putOn(application) }
            if step.endsTimeOutside { unsaved.outside += outside.inside(at: now) }
            unsaved.history += heldBack(step.heldBack, now: now)
            if let wake = step.wake { schedule.engineAsks(wakeAt: wake) }
            if step.wantsRefresh { schedule.refresh(by: now) }
            changes = step.changes
        }
        let calls = post(changes, now: now)
        if waitingForDelivery, !changes.isEmpty, outbox.isDelivering, notifying {
            schedule.saveBy(now.addingTimeInterval(Self.deliveryWait))
        } else {
            saveUnsaved(onRefusal: answered ? .takeBack : .saveWithNextEvent)
        }
        if !watchers.isEmpty {
            var current = knowledge
            current.sunscreen = user.sunscreen
            let status = status(current, blended: blended, now: now)
            if watchers.changed(to: status) { effects.append(.publish(status, to: .everyone)) }
        }
        effects += calls.map(Effect.callServer)
        if tray.isWatched {
            let situation = traySituation(now: now)
            if tray.changed(to: situation) { effects.append(.presentTray(situation)) }
        }
        armTimer(now: now)
    }

    /// What the engine must hear for its state to match the core's, in the order it was
    /// always told: the settings, the place and profile, the family, the sunscreen, then the
    /// day's UV.
    private func catchingUp(_ blended: BlendedDay, now: Date) -> [EngineEvent] {
        var events: [EngineEvent] = []
        if engine.settings != engineSettings { events.append(.settings(engineSettings)) }
        // The skin type comes with the profile (`.context` sets both; state saved without a
        // profile differs from any).
        if engine.timeZoneIdentifier != currentPlace.zone || engine.profile != user.profile {
            events.append(.context(zone: currentPlace.zone, profile: user.profile))
        }
        let party = user.party(at: now)
        if engine.family != party { events.append(.family(party)) }
        if engine.sunscreen != user.sunscreen { events.append(.sunscreen(user.sunscreen)) }
        let samples = engineSamples(blended, now: now)
        if samples != engine.samples { events.append(.forecast(samples)) }
        let dose = doseReading(now: now, series: blended.series)
        if dose != engine.dose { events.append(.dose(dose)) }
        if outside.whereabouts != engine.whereabouts { events.append(.whereabouts(outside.whereabouts)) }
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

    /// The status as `uvctl status` and every watcher get it, from `knowledge` and its blended
    /// day: uvd's own warnings with it and, for the user's place, today's dose. Each is counted
    /// (`CoreCount.statuses`).
    func status(_ knowledge: Knowledge, blended: BlendedDay, now: Date) -> StatusInfo {
        status(knowledge, reading: knowledge.reading(now: now, blended: blended), now: now)
    }

    /// The same, from the day's `reading`, for a caller that reads more of it (`summary`).
    func status(_ knowledge: Knowledge, reading: DayReading, now: Date) -> StatusInfo {
        sources.counter.count(.statuses)
        var status = ViewBuilder.status(knowledge, reading: reading, now: now)
        status.warnings = warnings
        if knowledge.place == user.place { status.dose = todaysDose(now: now, series: reading.blended.series) }
        status.whereabouts = WhereaboutsInfo(outside.whereabouts, iso: ISOTimestamp(timeZone: currentPlace.timeZone))
        return status
    }

    /// Asks the store to save `unsaved` in one transaction. Taken as saved: a refusal comes back
    /// as `saveRefused`, which puts it back.
    private mutating func saveUnsaved(onRefusal: Save.OnRefusal = .saveWithNextEvent) {
        let saveDue = schedule.savedAll()
        guard !unsaved.isEmpty else { return }
        effects.append(.save(Save(changes: unsaved, onRefusal: onRefusal, saveDue: saveDue)))
        unsaved = StoreChanges()
    }

    /// The store refused `save`. A command's is taken back with all it brought: the shell has
    /// put the core back as it was before the command (a copy of the value), so what earlier
    /// events changed still waits, and the user is told. Anything else waits for the next
    /// event's save.
    private mutating func saveRefused(_ save: Save, problem: String, now: Date) {
        log.error("store: \(problem)")
        guard save.onRefusal == .takeBack else {
            unsaved.putBack(save.changes)
            schedule.saveBy(save.saveDue)
            return
        }
        settle(now: now)
        effects.append(.answer(.refused(.couldNotSave(problem, file: opened.storePath))))
    }

    /// Hands the engine's changes to the outbox in words, on the place's clock; returns the calls
    /// it makes of them. The history keeps what the server is actually sent, and when, as its
    /// answers come (`delivery`).
    private mutating func post(_ changes: [NotificationChange<Alert>], now: Date) -> [ServerCall] {
        var calls: [ServerCall] = []
        let zone = engine.timeZoneIdentifier
        let presenter = Presenter(engine)
        // Drawn once for every notification of the step: the day as it is now.
        let picture = changes.contains { if case .show = $0 { true } else { false } } ? miniWheel(now: now) : nil
        for change in changes {
            switch change {
            case .show(let alert):
                let presented = presenter.present(alert)
                log.info("notify \(alert.subject): \(presented.summary)")
                calls += outbox.show(presented, at: now, zone: zone, picture: picture, log: log).calls
            case .withdraw(let subject):
                calls += outbox.withdraw(subject, at: now, zone: zone, log: log).calls
            }
        }
        return calls
    }

    /// What the rules kept from the screen, as history lines: the words it would have had, and
    /// why it was held (`uvctl history` lists them).
    private func heldBack(_ held: [(alert: Alert, reason: HoldReason)], now: Date) -> [HistoryEntry] {
        let presenter = Presenter(engine)
        return held.map { alert, reason in
            let presented = presenter.present(alert)
            log.info("held \(alert.subject) (\(reason.rawValue)): \(presented.summary)")
            return HistoryEntry(
                time: now, kind: .held, subject: alert.subject, summary: presented.summary, body: presented.body, key: reason.rawValue,
                zone: engine.timeZoneIdentifier)
        }
    }

    /// Arms the one timer for the earliest of the engine's next deadline, the next refresh round,
    /// a save waiting for a delivery and the outbox's deadlines (a close's verdict, a delivery to
    /// try again), at most `longestSleep` ahead.
    private mutating func armTimer(now: Date) {
        sources.counter.count(.timerArms)
        let wake = schedule.wake(noLaterThan: now.addingTimeInterval(Self.longestSleep))
        effects.append(.armTimer(at: min(wake, outbox.wake ?? wake)))
    }
}

/// A command the user is answered for is kept before it is answered: the core takes it as
/// changed, and when the store refuses it (`saveRefused`), all of it is taken back.
extension Core {
    /// Runs `command`, settles what it changed as one acknowledged step, and answers. A command
    /// refused is refused before it changes anything.
    private mutating func answer(_ command: CoreCommand, now: Date) {
        do {
            let change = try command.change(of: self, now: now)
            if change.changed {
                take(change, now: now)
                unsaved.userChanges += change.keeping
                for kept in change.keeping { outside.sunscreenChanged(kept) }
                settle(now: now, hearing: change.hearing, answered: true)
            }
            effects.append(.answer(try command.reply(from: self, change: change, now: now)))
        } catch {
            effects.append(.answer(.refused(error)))
        }
    }

    /// Makes what a command worked out (`CoreCommand.change(of:now:)`) the core's own: the one
    /// place a command's change is written.
    private mutating func take(_ change: CommandChange, now: Date) {
        if let changed = change.user { user = changed }
        if let changed = change.network { network = changed }
        if let changed = change.outside { outside = changed }
        if let application = change.putOn { putOn(application) }
        if let place = change.relocation { relocate(to: place, now: now) }
        if let profile = change.profile { unsaved.profile = profile }
        unsaved.outside += change.outsideChanges
    }

    /// `application` put on: worn now, counted in the day's dose, and saved.
    private mutating func putOn(_ application: SunscreenApplication) {
        user.wears(application)
        outside.put(on: application)
        unsaved.sunscreen = application
    }
}

/// Where the user is: the place set by hand, GeoClue's, the time zone's.
extension Core {
    /// Whether GeoClue should be asked: enabled, and no place set by hand.
    var wantsGeoClue: Bool { loaded.configuration.geoclue && user.place.source != .manual }

    /// GeoClue answered: use its position unless the user has set a place meanwhile. Away from
    /// any listed city the zone is the place's own still.
    private mutating func useGeoClue(_ position: GeoCluePosition, now: Date) {
        let found = Place(
            name: position.cityName ?? "\(position.coordinate.latitude.fixed(1)), \(position.coordinate.longitude.fixed(1))",
            coordinate: position.coordinate.approximate, zone: position.cityZone ?? user.place.zone, source: .geoclue)
        user.geoClueFound(found)
        if user.place.source != .manual, relocate(to: found, now: now) { settle(now: now) }
    }

    /// The system's time zone changed: a place taken from it moves with it (a place set by hand
    /// or found by GeoClue keeps its own zone).
    private mutating func systemTimeZoneChanged(to place: Place, now: Date) {
        log.info("system time zone: \(place.timeZoneIdentifier)")
        systemPlace = place
        guard user.place.source == .timeZone || user.place.source == .default else { return }
        if relocate(to: place, now: now) { settle(now: now) }
    }

    /// Takes `newPlace` as the place in use, with the forecasts kept for it, and asks the
    /// providers soon; false when it is the place in use already.
    @discardableResult
    private mutating func relocate(to newPlace: Place, now: Date) -> Bool {
        guard newPlace != user.place else { return false }
        user.move(to: newPlace)
        providers.placeChanged(to: newPlace.key)
        log.info("location: \(user.place.name) (\(user.place.source.rawValue))")
        schedule.refresh(by: now)
        return true
    }
}

extension Place {
    /// The key forecasts are stored under: the coordinate at 0.1°.
    var key: String {
        let approximate = coordinate.approximate
        return "\(approximate.latitude),\(approximate.longitude)"
    }
}

/// The network: the default route as the watch reports it, time outside as it follows.
extension Core {
    /// The classifier the configuration asks for.
    var interfaceClassifier: InterfaceClassifier {
        InterfaceClassifier(wifiPatterns: loaded.configuration.wifiInterfaces, cellularPatterns: loaded.configuration.cellularInterfaces)
    }

    /// The default route moved: the engine hears what kind of connection carries it now
    /// (classified here, once, with the configuration in force), and time outside follows: away
    /// from home (a phone or modem) begins it, home again ends it.
    private mutating func networkChanged(_ reported: DefaultRoute, primary: NetworkManager.Primary?, now: Date) {
        let heard = observe(reported, primary: primary)
        unsaved.outside += outside.networkIs(network.state, homeMarked: network.home != nil, at: now)
        settle(now: now, hearing: heard)
    }

    /// The route read again as `uvctl home set` came: when the one reported names no network,
    /// its gateway's address may have been learnt since (no netlink message says so), and this
    /// reading is taken as a report of its own, before the command.
    private mutating func routeReadAgain(_ route: DefaultRoute, now: Date) {
        guard network.current.networkID == nil else { return }
        networkChanged(route, primary: network.reported.primary, now: now)
    }

    /// Takes the route as reported; returns what the engine must hear of it.
    private mutating func observe(_ reported: DefaultRoute, primary: NetworkManager.Primary?) -> [EngineEvent] {
        let (route, cameUp) = network.observe(reported, primary: primary, classifier: interfaceClassifier)
        log.info("default route: \(route.interface ?? "none") (\(route.kind.rawValue): \(route.reason))")
        return (cameUp ? [.userActivity] : []) + [.network(network.state)]
    }
}

/// What the notifications and the timer bring: the server's news and answers, a deadline come,
/// uvd's start.
extension Core {
    /// The notifications are connected; the engine catches up with what changed while uvd was
    /// not running, with any press kept but not handled before a restart: one step.
    private mutating func started(pending: [PendingAction], suspendedSoFar: TimeInterval, now: Date) {
        notifying = true
        _ = schedule.suspended(soFar: suspendedSoFar)
        var events: [EngineEvent] = []
        for press in pending {
            unsaved.handledPresses.append(press.id)
            guard let answer = press.entry.key.flatMap(AlertAnswer.init(key:)) else {
                log.warning("a press kept from before the restart names no button uvd knows (\(press.entry.key ?? "none")); set aside")
                continue
            }
            log.info("handling a press kept from before the restart: \(press.entry.subject) \(answer.key)")
            events.append(.answer(subject: press.entry.subject, answer))
        }
        settle(now: now, hearing: events + [.tick])
    }

    /// A button pressed, or the notification gone: kept in the history and heard by the
    /// engine, in one transaction.
    private mutating func answered(_ subject: Subject, _ answer: AlertAnswer, now: Date) {
        log.info("\(answer.key) on \(subject)")
        unsaved.history.append(
            HistoryEntry(time: now, kind: HistoryKind(answer), subject: subject, key: answer.key, zone: engine.timeZoneIdentifier))
        settle(now: now, hearing: [.answer(subject: subject, answer)])
    }

    /// What the outbox decides (`decide`) on the server's news, its answer or a deadline: its calls go out,
    /// what the rules hear of it (a press, a close) is a step of theirs, and what it did is kept
    /// in one transaction with what waited for it (`settle(waitingForDelivery:)`) once its pass
    /// ends, or `deliveryWait` later while a call is still out.
    private mutating func delivery(now: Date, _ decide: (inout Outbox, Logger) -> OutboxStep) {
        let (wake, waited) = (outbox.wake, schedule.isWaitingToSave)
        let step = decide(&outbox, log)
        unsaved.history += step.history(now: now)
        if let ids = step.ids { unsaved.notificationIDs = ids }
        effects += step.calls.map(Effect.callServer)
        for (subject, answer) in step.answers { answered(subject, answer, now: now) }
        if outbox.isDelivering {
            if !unsaved.isEmpty { schedule.saveBy(now.addingTimeInterval(Self.deliveryWait)) }
        } else if waited || !unsaved.isEmpty {
            sources.counter.count(.deliveries)
            saveUnsaved()
        }
        if outbox.wake != wake || schedule.isWaitingToSave != waited { armTimer(now: now) }
    }

    /// The timer fired or the wall clock changed: what waited for a delivery is kept when its
    /// time came, a refresh round starts when due, the outbox hears of its deadlines, and the engine
    /// looks at its deadlines when one has come, the clock changed or the machine woke from
    /// sleep (a step arms the timer itself; only without one is it armed here).
    private mutating func timerFired(clockChanged: Bool, suspendedSoFar: TimeInterval, now: Date) {
        if schedule.saveIsDue(now: now) { saveUnsaved() }
        if schedule.startRoundIfDue(now: now) {
            if rounds[.scheduled] == nil { startRound(.scheduled, now: now) } else { rounds.wantScheduledAgain() }
        }
        if let due = outbox.wake, due <= now { delivery(now: now) { $0.due(now: now, log: $1) } }
        let asleep = schedule.suspended(soFar: suspendedSoFar)
        let resumed = asleep > 5
        if clockChanged {
            log.info("the wall clock changed; looking at every deadline again")
            setAsideFutureSunscreen(now: now)
        }
        if resumed { log.info("resumed after \(Int(asleep)) s asleep") }
        guard clockChanged || resumed || schedule.engineWake <= now else {
            armTimer(now: now)
            return
        }
        settle(now: now, hearing: [resumed ? .resumed : .tick], waitingForDelivery: true)
    }

    /// A sunscreen applied more than a minute after `now` cannot be: the clock was wrong when it
    /// was recorded, or is now. It is treated as expired (no protection) and said so.
    private mutating func setAsideFutureSunscreen(now: Date) {
        guard let future = user.setAsideFutureSunscreen(now: now) else { return }
        log.warning("sunscreen: the application recorded for \(future.appliedAt) lies in the future; not counted")
    }
}

/// The configuration read again.
extension Core {
    /// A broken file keeps the configuration in force and says why; a good one takes effect at
    /// once: the providers are asked again, and the route classified by its patterns.
    private mutating func configurationRead(_ reading: ConfigurationReading, now: Date) {
        switch reading {
        case .refused(let problem):
            log.error("configuration not reloaded, keeping the last good one:\n\(problem)")
            configTrouble = ConfigTrouble(problem: problem, fallback: configTrouble?.fallback ?? .lastGood)
            // Watchers' statuses carry the trouble from now on.
            settle(now: now)
            effects.append(
                .answer(
                    .refused(Refusal(.configInvalid, tr("%1$@\nthe last good configuration stays in use", String(describing: problem))))))
        case .loaded(let fresh, let key):
            configTrouble = nil
            loaded = fresh
            openWeatherMapKey = Self.key(key, log: log)
            log.info("configuration reloaded from \(configFile)")
            schedule.refresh(by: now)
            if network.differs(under: interfaceClassifier) {
                networkChanged(network.reported.route, primary: network.reported.primary, now: now)
            } else {
                settle(now: now)
            }
            effects.append(.answer(.answered(tr("reloaded %1$@", configFile))))
        }
    }
}

/// Who follows the core: the status's watchers and the tray's menu.
extension Core {
    /// A watcher came: it gets the status at once; a bar that shows the measured value has the
    /// providers asked now (the fetch policy's ARPANSA cadence is faster while one watches).
    private mutating func watcherJoined(_ id: UUID, wantsMeasurements: Bool, now: Date) {
        let knowledge = knowledge(now: now)
        let current = status(knowledge, blended: knowledge.blendedDay(now: now), now: now)
        watchers.add(id, current: current, wantsMeasurements: wantsMeasurements)
        effects.append(.publish(current, to: .newcomer(id)))
        if wantsMeasurements {
            schedule.refresh(by: now)
            armTimer(now: now)
        }
    }

    /// A menu entry clicked: the notification buttons' own path where a prompt waits, the uvctl
    /// commands' otherwise. A refusal (no sunscreen to take off) is logged: the menu offers only
    /// what applies, so one comes only from a menu a host had not refreshed yet.
    private mutating func trayClicked(_ action: TrayAction, now: Date) {
        let prompt = traySituation(now: now).waitingPrompt
        let command: CoreCommand
        switch action {
        case .applied:
            if let prompt { return answered(prompt, .pressed(.applied), now: now) }
            command = .applySunscreen(spf: nil, quantity: nil, activity: nil, at: now, for: nil)
        case .sunscreenOff: command = .removeSunscreen
        case .swim: command = .recordWater
        case .remind:
            if let prompt { answered(prompt, .pressed(.remind), now: now) }
            return
        case .quietTwoHours: command = .quietFor(minutes: 120)
        case .quietOff: command = .quietOff
        case .today: return showToday(now: now)
        case .outside: command = .outside(OutsideParameters(action: .start, date: nil))
        case .inside: command = .outside(OutsideParameters(action: .stop, date: nil))
        }
        answer(command, now: now)
        // The tray has no one to answer: the reply is said in the log instead.
        guard case .answer(let reply) = effects.last else { return }
        effects.removeLast()
        if case .refused(let refusal) = reply {
            log.warning("tray: \(action): \(refusal.message)")
        } else {
            log.info("tray: \(action)")
        }
    }

    /// "UV today": the day's window and peak as a notification with the wheel, as the morning
    /// summary says them; on a day without a window, the day's vitamin D as the status gives it.
    private mutating func showToday(now: Date) {
        let facts = engine.facts(now: now)
        let meaning: AlertMeaning =
            if let window = facts.window {
                .morning(window: window, peakUVI: facts.peak?.uvi, peakAt: facts.peak?.at, yesterdayBurnDosePercent: nil)
            } else {
                .noWindowToday(vitaminD: todaysVitaminD(now: now))
            }
        let alert = Alert(subject: .today, rule: .morning, meaning: meaning, urgency: .low, actions: [])
        let presented = Presenter(engine).present(alert)
        let step = outbox.show(presented, at: now, zone: engine.timeZoneIdentifier, picture: miniWheel(now: now), log: log)
        effects += step.calls.map(Effect.callServer)
        log.info("tray: \(TrayAction.today)")
    }
}

/// What the providers answered, and the requests as they leave: held in `providers` and put in
/// `unsaved`, kept and heard in the answer's one step.
extension Core {
    var budget: RequestBudget { providers.state.budget }

    func health(_ source: UVSource) -> ProviderHealth { providers.state[source] }

    /// A round of `kind` begins at `now`; its first pass's requests leave at once. (The caller
    /// arms the timer: a round that asks nothing ends here, and moves the schedule.)
    private mutating func startRound(_ kind: RefreshRounds.Kind, now: Date) {
        rounds.start(kind, at: now, context: fetchContext(now: now))
        if let leaving = nextPass(of: kind, now: now) { requestsLeave(leaving.jobs, context: leaving.context, now: leaving.at) }
    }

    /// The next pass of `kind`'s round, decided at the round's start (`roundPass`): the requests
    /// it sends, to leave once the caller has settled; nil when it sends none. A pass that asks
    /// and waits for nothing ends the round.
    private mutating func nextPass(of kind: RefreshRounds.Kind, now: Date) -> (jobs: [UVSource], context: FetchContext, at: Date)? {
        guard let round = rounds[kind] else { return nil }
        let pass = roundPass(
            now: round.startedAt, context: round.context, forced: kind == .forced, considered: round.considered,
            asking: rounds.requestsOut, asked: round.asked, next: round.next)
        guard rounds.take(pass, for: kind) else {
            endRound(kind, now: now)
            return nil
        }
        return pass.jobs.isEmpty ? nil : (pass.jobs, round.context, round.startedAt)
    }

    /// `kind`'s round is over. The schedule's: the next is due when its providers say, or at once
    /// when another came due while it ran (systemd's status line says the day's UV again).
    /// `uvctl refresh`'s: its callers get every provider's outcome, each forecast with when its
    /// model's next run is due (asking sooner brings nothing new), and the next scheduled round is
    /// worked out afresh. The caller arms the timer.
    private mutating func endRound(_ kind: RefreshRounds.Kind, now: Date) {
        guard let (round, again) = rounds.finish(kind) else { return }
        switch kind {
        case .scheduled:
            schedule.roundEnded(nextDue: again ? now : max(round.next, round.startedAt.addingTimeInterval(1)))
            effects.append(.serviceStatus(summary(now: now)))
        case .forced:
            schedule.refresh(by: round.startedAt)
            let outcomes = round.outcomes.sorted { $0.source.rawValue < $1.source.rawValue }.map { outcome in
                guard let model = ModelSchedule.of(outcome.source) else { return outcome }
                var said = outcome
                said.message = tr(
                    "%1$@ (its next model run is due at %2$@)", outcome.message,
                    readable(model.nextOut(after: round.startedAt), now: round.startedAt))
                return said
            }
            effects.append(.refreshed(outcomes))
        }
    }

    /// Requests to `sources` leave now: counted in the day's budget and kept before they go out
    /// (a request a crash cut short still counts), then asked. Nothing else changed, so nothing
    /// is blended, heard or shown: each answer's step does that.
    private mutating func requestsLeave(_ leaving: [UVSource], context: FetchContext, now: Date) {
        let requests = leaving.filter { $0 != .model }
        guard !requests.isEmpty else { return }
        unsaved.providerState = providers.changeState { state in
            for source in requests { state.budget.record(on: context.day, forecast: source.isForecast) }
        }
        saveUnsaved()
        for source in requests { effects.append(.ask(providerRequest(source, now: now))) }
    }

    /// What a request to `source` asks, as it leaves. ARPANSA asks the nearby station's day series
    /// (the nowcast's window in one request), or the all-station feed when its last copy is an
    /// hour old (for `uvctl stations`) or no station is near.
    private func providerRequest(_ source: UVSource, now: Date) -> ProviderFetcher.Request {
        let feedAge = providers.stations.map { now.timeIntervalSince($0.fetchedAt) } ?? .infinity
        let near = source == .arpansa && feedAge < 3600 ? nearStation(to: currentPlace) : nil
        return ProviderFetcher.Request(
            source: source, place: currentPlace, health: health(source), key: source == .openWeatherMap ? openWeatherMapKey : nil,
            seriesOf: near, now: now)
    }

    /// A provider's answer, taken by `ProviderMemory`, kept, heard and shown at once as one
    /// event of the time it arrived. The rounds that waited for it go on: one whose pass it ended
    /// takes its next pass (or ends) before the step, whose timer then counts it; the requests of
    /// a next pass leave after it.
    private mutating func providerAnswered(_ answer: ProviderFetcher.Answer) {
        let (outcome, changes) = providers.take(
            answer, currentPlace: user.place, policy: loaded.configuration.policy, jitter: sources.jitter, log: log)
        unsaved.forecasts += changes.forecasts
        unsaved.stations = changes.stations ?? unsaved.stations
        unsaved.providerState = changes.state ?? unsaved.providerState
        let leaving = rounds.ended(answer.source, with: outcome).compactMap { nextPass(of: $0, now: answer.arrivedAt) }
        settle(now: answer.arrivedAt, waitingForDelivery: true)
        for pass in leaving { requestsLeave(pass.jobs, context: pass.context, now: pass.at) }
    }

    /// `uvctl refresh`: one immediate round, at most every 5 minutes and within the budget, whose
    /// outcomes come as `.refreshed` when it ends. Asked while such a round runs, it joins that
    /// round (answered `Empty`, not refused as too soon). Refused otherwise with what the last
    /// requests got.
    private mutating func refreshAsked(now: Date) {
        if rounds[.forced] != nil {
            sources.counter.count(.refreshesJoined)
            return effects.append(.answer(.answered(Empty())))
        }
        let lastOutcomes = rounds.lastOutcomes
        let policy = loaded.configuration.policy
        let context = FetchContext(now: now, coordinate: currentPlace.coordinate, timeZone: currentPlace.timeZone, policy: policy)
        switch policy.manualRefresh(lastManual: providers.state.lastManualRefresh, budget: budget, context: context) {
        case .tooSoon(let retryAt):
            let refused = tr("refreshed less than 5 minutes ago; try again after %1$@", readable(retryAt, now: now))
            let said = lastOutcomes.sorted { $0.key.rawValue < $1.key.rawValue }.map { source, last in
                tr("%1$@ at %2$@: %3$@", source.rawValue, readable(last.asked, now: now), last.outcome.message)
            }
            let message = said.isEmpty ? refused : refused + "\n" + tr("The last answers: %1$@", said.joined(separator: "; "))
            effects.append(.answer(.refused(Refusal(.refreshRefused, message))))
        case .budgetSpent(let resetsAt):
            effects.append(
                .answer(
                    .refused(
                        Refusal(
                            .refreshRefused,
                            trn(
                                "today's %1$@ provider request is used; the count resets at %2$@",
                                "today's %1$@ provider requests are used; the count resets at %2$@", count: policy.dailyBudget,
                                policy.dailyBudget, readable(resetsAt, now: now))))))
        case .allowed:
            unsaved.providerState = providers.changeState { $0.lastManualRefresh = now }
            startRound(.forced, now: now)
            armTimer(now: now)
            effects.append(.answer(.answered(Empty())))
        }
    }
}
