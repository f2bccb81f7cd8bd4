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
import UVWheel

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon's memory and its decisions: answers every query from what it holds, asks the
/// providers only when the fetch policy says so, and keeps everything it is told in the store
/// before it answers. Every event goes through `settle(now:hearing:)` once, which alone writes
/// the rules' state and the store and hands the outbox its work; its commands never suspend
/// mid-way, so no two interleave; the loop (`CoreLoopService`) wakes it on the one timer.
///
/// Each concern's state is a type of its own that keeps its fields to itself: `ProviderMemory`
/// (answers, health, budget, requests under way), `Watchers` (who follows the status),
/// `NetworkSight` (the route and home Wi-Fi), `UserRecord` (the user's place, profile and
/// sunscreen), `TimeOutside` (time outside), `TrayWatch`, `CoreSchedule` (when it wakes),
/// `StoreChanges` (what the event changed, not yet kept). The core holds each privately, and
/// every change to any of them is made in this file, by the handler of the event that changes
/// it; the files `DaemonCore+…` only read (the views, the doctor's facts, the dose, the
/// refresh round's decisions) or hand the rules an event through `settle`.
actor DaemonCore {
    let store: Store
    private let configFile: URL
    private let lastGoodConfig: URL
    private(set) var loaded: ConfigLoader.Loaded
    let automaticPlace: @Sendable () -> Place
    let httpClient: any HTTPClient
    let log: Logger

    private(set) var user: UserRecord
    private(set) var providers: ProviderMemory
    private(set) var watchers = Watchers()
    /// The tray's view of the core: its host, and who is told when what its menu offers changes.
    private(set) var tray = TrayWatch()
    /// The time outside: whether it is open now, its commands, a day's dose.
    private(set) var outside: TimeOutside
    /// The user's OpenWeatherMap key, if one is configured and usable.
    private(set) var openWeatherMapKey: String?
    /// The configuration file's errors while uvd runs on something else (at start, or after a
    /// refused reload); nil once the file loads.
    private(set) var configTrouble: ConfigTrouble?

    // The rule engine's side.
    /// Written only by the one step (`settle`), in this file.
    private(set) var engine: EngineState
    /// The rules' saved state this release could not read at start (kept aside in the store).
    let engineStateProblem: SavedStateProblem?
    private(set) var outbox: NotificationOutbox?
    /// The one timer, for the engine's next deadline and the next refresh round alike.
    let timer: any DeadlineTimer
    private(set) var schedule = CoreSchedule()
    private(set) var network: NetworkSight
    /// What the event being settled changed, for the store's one transaction.
    private var unsaved = StoreChanges()
    private(set) var counts = CoreCounts()
    /// The wall clock, the time suspended and the retries' draw (`CoreClocks`): the machine's,
    /// or a test's.
    let clocks: CoreClocks

    init(
        store: Store, configFile: URL, lastGoodConfig: URL, loaded: ConfigLoader.Loaded, configTrouble: ConfigTrouble? = nil,
        httpClient: any HTTPClient, timer: any DeadlineTimer, automaticPlace: @escaping @Sendable () -> Place, log: Logger, now: Date,
        clocks: CoreClocks = .system
    ) throws {
        self.configTrouble = configTrouble
        self.clocks = clocks
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

    var currentPlace: Place { user.place }
    var configFilePath: String { configFile.path }

    // MARK: The user

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
        try settleAcknowledged(now: now, keeping: { $0.profile = updated }, undo: { user = previous })
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
        try settleAcknowledged(now: now, keeping: { $0.sunscreen = application }, undo: { user = previous })
        return try sunscreenInfo(now: now)
    }

    /// `uvctl sunscreen remove`: the application on record (or the one set aside as recorded in
    /// the future) ends now.
    func removeSunscreen(now: Date) throws(Refusal) {
        guard user.sunscreen != nil || user.futureSunscreen != nil else { throw Refusal.noSunscreen }
        let previous = user
        user.wears(nil)
        try settleAcknowledged(now: now, keeping: [.sunscreenRemoved(at: now)], undo: { user = previous })
    }

    /// `uvctl sunscreen water`: a swim or towelling now, on the application worn.
    func recordWater(now: Date) throws(Refusal) -> SunscreenInfo {
        guard var updated = user.sunscreen else { throw Refusal.noSunscreen }
        updated.waterEventAt = now
        let previous = user
        user.wears(updated)
        try settleAcknowledged(now: now, keeping: [.waterEvent(at: now)], undo: { user = previous })
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

    /// Settles a change the user asked for and is told of, what the store is to keep of it put
    /// by `keeping`: when the store cannot keep it, the core's own change is taken back (`undo`),
    /// nothing of it is kept, and the user is told. What earlier events changed and still waits
    /// to be kept (a provider's answer waiting for its delivery, a step the store refused) stays,
    /// with the rules' state as they now hold it. `toldBack`: what the rules, which heard
    /// `events`, must hear once it is taken back (what they read from the core they catch up
    /// with by themselves).
    func settleAcknowledged(
        now: Date, keeping: (inout StoreChanges) -> Void, hearing events: [EngineEvent] = [], undo: () -> Void,
        toldBack: () -> [EngineEvent] = { [] }
    ) throws(Refusal) {
        let waiting = unsaved
        keeping(&unsaved)
        guard let problem = settle(now: now, hearing: events) else { return }
        undo()
        unsaved = waiting
        unsaved.engine = engine
        settle(now: now, hearing: toldBack())
        throw Refusal.couldNotSave(problem, file: store.path)
    }

    /// `settleAcknowledged`, for a command to the rules (`uvctl quiet`, `snooze`, `mute`,
    /// `unmute`): kept before it is answered; when the store refuses, the rules are as they were.
    func settleAcknowledged(now: Date, command: EngineCommand) throws(Refusal) {
        let before = engine
        try settleAcknowledged(now: now, keeping: { _ in }, hearing: [.command(command)], undo: { engine = before })
    }

    /// `settleAcknowledged`, for what a user's command changes (`UserChange`).
    func settleAcknowledged(
        now: Date, keeping changes: [UserChange], hearing events: [EngineEvent] = [], undo: () -> Void = {},
        toldBack: () -> [EngineEvent] = { [] }
    ) throws(Refusal) {
        try settleAcknowledged(now: now, keeping: { $0.userChanges += changes }, hearing: events, undo: undo, toldBack: toldBack)
    }

    // MARK: Configuration

    /// Re-reads the file; a broken file keeps the configuration in force and says why. The file
    /// is read and parsed on a thread of its own: a file near the 1 MiB cap takes a while, and
    /// calls keep being answered meanwhile.
    func reload() async throws(Refusal) -> String {
        let (fresh, problem) = await OffThread.run { [configFile, lastGoodConfig] in
            ConfigLoader.loadKeepingLastGood(file: configFile, lastGood: lastGoodConfig)
        }
        let now = clocks.wall()
        if let problem {
            log.error("configuration not reloaded, keeping the last good one:\n\(problem)")
            configTrouble = ConfigTrouble(problem: problem, fallback: configTrouble?.fallback ?? .lastGood)
            // Watchers' statuses carry the trouble from now on.
            settle(now: now)
            throw Refusal(.configInvalid, tr("%1$@\nthe last good configuration stays in use", String(describing: problem)))
        }
        configTrouble = nil
        loaded = fresh
        openWeatherMapKey = Self.loadKey(fresh.configuration, log: log)
        log.info("configuration reloaded from \(configFile.path)")
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
        _ = schedule.suspended(soFar: clocks.suspendedSoFar())
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
            schedule.writeBy(now.addingTimeInterval(Self.deliveryWait))
            problem = nil
        } else {
            problem = writeUnsaved()
        }
        if !watchers.isEmpty {
            var current = knowledge
            current.sunscreen = user.sunscreen
            watchers.send(status(current, blended: blended, now: now))
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
        // profile differs from any). The zone is looked up only when it changed.
        if engine.timeZoneIdentifier.name != zone || engine.profile != user.profile {
            events.append(.context(zone: ZoneName(zone), profile: user.profile))
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

    /// The status as `uvctl status` and every watcher get it, from `knowledge` and its blended
    /// day: uvd's own warnings with it and, for the user's place, today's dose. Each is counted
    /// (`CoreCounts.statuses`).
    func status(_ knowledge: Knowledge, blended: BlendedDay, now: Date) -> StatusInfo {
        status(knowledge, reading: knowledge.reading(now: now, blended: blended), now: now)
    }

    /// The same, from the day's `reading`, for a caller that reads more of it (`summary`).
    func status(_ knowledge: Knowledge, reading: DayReading, now: Date) -> StatusInfo {
        counts.statuses += 1
        var status = ViewBuilder.status(knowledge, reading: reading, now: now)
        status.warnings = warnings
        if knowledge.place == user.place { status.dose = todaysDose(now: now, series: reading.blended.series) }
        return status
    }

    /// How long what an event changed waits for the report of the delivery it posted (the
    /// server answers a Notify within milliseconds; one that does not is not waited for).
    static let deliveryWait: TimeInterval = 2

    /// Keeps `unsaved` in one transaction; on failure it stays, for the next event to keep.
    @discardableResult
    func writeUnsaved() -> (any Error)? {
        do {
            try store.save(unsaved)
            unsaved = StoreChanges()
            schedule.wroteAll()
            return nil
        } catch {
            log.error("store: \(error)")
            return error
        }
    }

    /// Hands the engine's changes to the outbox in words, on the place's clock; the history
    /// keeps what the server is actually sent, and when (as the outbox reports it).
    private func post(_ changes: [NotificationChange<Alert>], now: Date) {
        let zone = engine.timeZoneIdentifier
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

/// Where the user is: the place set by hand, GeoClue's, the time zone's, and saved places.
extension DaemonCore {
    func setLocation(_ query: String, now: Date) throws(Refusal) -> LocationInfo {
        let chosen = try lookUp(query)
        try moveAcknowledged(to: chosen, keeping: .manualPlace(chosen), now: now)
        return ViewBuilder.locationInfo(chosen)
    }

    func clearLocation(now: Date) throws(Refusal) -> LocationInfo {
        try moveAcknowledged(to: user.geoPlace ?? automaticPlace(), keeping: .manualPlace(nil), now: now)
        return ViewBuilder.locationInfo(user.place)
    }

    func addLocation(name: String, query: String, now: Date) throws(Refusal) -> LocationInfo {
        guard !name.trimmingSpaces().isEmpty else { throw Refusal(.invalidValue, tr("a saved location needs a name")) }
        var chosen = try lookUp(query)
        chosen.name = name
        try settleAcknowledged(now: now, keeping: [.savePlace(chosen)])
        return ViewBuilder.locationInfo(chosen)
    }

    /// `uvctl location remove NAME`: the saved location of that name, its case aside (ASCII
    /// letters only, as the store orders them).
    func removeLocation(name: String, now: Date) throws(Refusal) {
        let saved: [Place]
        do { saved = try store.savedPlaces() } catch { throw Refusal.couldNotRead(error) }
        guard let stored = saved.first(where: { Self.asciiFolded($0.name) == Self.asciiFolded(name) }) else {
            throw Refusal(.noSuchPlace, tr("no saved location '%1$@'", name))
        }
        try settleAcknowledged(now: now, keeping: [.removePlace(named: stored.name)])
    }

    /// `name` with its ASCII capitals made small, and nothing else changed: SQLite's NOCASE.
    private static func asciiFolded(_ name: String) -> [UInt8] {
        name.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }
    }

    /// Whether GeoClue should be asked: enabled, and no place set by hand.
    var wantsGeoClue: Bool { loaded.configuration.geoclue && user.place.source != .manual }

    /// GeoClue answered: use its position unless the user has set a place meanwhile.
    func useGeoClue(_ coordinate: Coordinate, now: Date) {
        let city = CityIndex.embedded.placeName(near: coordinate)
        let found = Place(
            name: city?.displayName ?? "\(coordinate.latitude.fixed(1)), \(coordinate.longitude.fixed(1))",
            coordinate: coordinate.approximate, timeZoneIdentifier: city?.timeZoneIdentifier ?? user.place.timeZoneIdentifier,
            source: .geoclue)
        user.geoClueFound(found)
        if user.place.source != .manual { move(to: found, now: now) }
    }

    /// The system's time zone changed: a place taken from it moves with it (a place set by hand
    /// or found by GeoClue keeps its own zone).
    func systemTimeZoneChanged(to identifier: String, now: Date) {
        log.info("system time zone: \(identifier)")
        guard user.place.source == .timeZone || user.place.source == .default else { return }
        move(to: automaticPlace(), now: now)
    }

    /// The place is now `newPlace`: its forecasts are read, the providers asked soon, and the
    /// engine told its zone.
    func move(to newPlace: Place, now: Date) {
        guard relocate(to: newPlace, now: now) else { return }
        settle(now: now)
    }

    /// `move`, for a place the user set: settled even when the place is the same (what the
    /// command changed is kept with it), and taken back when the store cannot keep it.
    private func moveAcknowledged(to newPlace: Place, keeping change: UserChange, now: Date) throws(Refusal) {
        let previous = (user, providers)
        relocate(to: newPlace, now: now)
        try settleAcknowledged(now: now, keeping: [change], undo: { (user, providers) = previous })
    }

    /// Takes `newPlace` as the place in use, with the forecasts kept for it; false when it is
    /// the place in use already.
    @discardableResult
    private func relocate(to newPlace: Place, now: Date) -> Bool {
        guard newPlace != user.place else { return false }
        user.move(to: newPlace)
        providers.placeChanged(
            forecast: (try? store.forecast(for: user.place.key)) ?? nil, cams: (try? store.forecast(for: user.place.key, .cams)) ?? nil)
        log.info("location: \(user.place.name) (\(user.place.source.rawValue))")
        schedule.refresh(by: now)
        return true
    }

    func lookUp(_ query: String) throws(Refusal) -> Place {
        do { return try PlaceQuery.place(for: query) } catch { throw Refusal(.noSuchPlace, error.description) }
    }

}

/// The network side: the default route as the watch reports it, and the home network.
extension DaemonCore {
    /// The classifier the configuration asks for.
    var interfaceClassifier: InterfaceClassifier {
        InterfaceClassifier(wifiPatterns: loaded.configuration.wifiInterfaces, cellularPatterns: loaded.configuration.cellularInterfaces)
    }

    /// The default route moved: tell the engine what kind of connection carries it now.
    /// Classified here, once, with the configuration in force (a reload's patterns count).
    func networkChanged(_ reported: DefaultRoute, networkManager primary: NetworkManager.Primary? = nil, now: Date) {
        let heard = observe(reported, networkManager: primary)
        noteOutside(network.state, now: now)
        settle(now: now, hearing: heard)
    }

    /// Takes the route as reported; returns what the engine must hear of it.
    private func observe(_ reported: DefaultRoute, networkManager primary: NetworkManager.Primary?) -> [EngineEvent] {
        let (route, cameUp) = network.observe(reported, primary: primary, classifier: interfaceClassifier)
        log.info("default route: \(route.interface ?? "none") (\(route.kind.rawValue): \(route.reason))")
        return (cameUp ? [.userActivity] : []) + [.network(network.state)]
    }

    /// After a reload: the route as last reported, when the new patterns classify it otherwise.
    func reclassifiedRoute() -> (route: DefaultRoute, primary: NetworkManager.Primary?)? {
        guard network.differs(under: interfaceClassifier) else { return nil }
        return (network.reported.route, network.reported.primary)
    }

    /// `uvctl home set`: the Wi-Fi network in use now is home.
    func markHome(now: Date) throws(Refusal) -> String {
        var heard: [EngineEvent] = []
        if network.current.networkID == nil {
            // The gateway's address may have been learnt since the route came up: no netlink
            // message says so, so look again (heard in the one step below, or by itself when
            // the answer is a refusal).
            heard = observe(RouteReader().current(), networkManager: network.reported.primary)
        }
        guard network.current.kind == .wifi, network.current.networkID != nil else {
            if !heard.isEmpty { settle(now: now, hearing: heard) }
            throw refusalToMarkHome()
        }
        let id = network.current.networkID ?? ""
        try acknowledgeHome(id, hearing: heard.filter { $0 == .userActivity }, now: now)
        return tr("home is the Wi-Fi network on %1$@ (%2$@)", network.current.interface ?? "?", id)
    }

    /// Why the network in use cannot be marked as home.
    private func refusalToMarkHome() -> Refusal {
        guard network.current.kind == .wifi else {
            return Refusal(
                .notOnWifi,
                tr(
                    "the default route is not over Wi-Fi (%1$@); connect to your home Wi-Fi and try again",
                    network.current.interface ?? tr("no default route")))
        }
        return Refusal(
            .networkUnknown,
            tr("this Wi-Fi network cannot be told apart from others (its gateway's address is not known yet); try again in a minute"))
    }

    /// `uvctl home clear`: any Wi-Fi counts as home again.
    func clearHome(now: Date) throws(Refusal) -> String {
        try acknowledgeHome(nil, now: now)
        return tr("no home network marked: leaving any Wi-Fi counts")
    }

    /// Home is now `id` (nil: none marked), kept with the rules' state in one step (a home
    /// marked, the connection in use is heard again as home or not); when the store cannot keep
    /// it, home is as it was and the rules, which heard it, hear that too.
    private func acknowledgeHome(_ id: String?, hearing events: [EngineEvent] = [], now: Date) throws(Refusal) {
        let previous = network.home
        network.markHome(id)
        try settleAcknowledged(
            now: now, keeping: [.homeNetwork(id)],
            hearing: events + [.command(.homeMarked(id != nil))] + (id == nil ? [] : [.network(network.state)]),
            undo: { network.markHome(previous) },
            toldBack: { [.command(.homeMarked(previous != nil)), .network(network.state)] })
    }
}

/// Time outside as it begins and ends: from the network, the notifications' "I'm inside", and
/// `uvctl outside`.
extension DaemonCore {
    /// Away from home (the default route on a phone or modem) begins network time outside; home
    /// again (home Wi-Fi, or any Wi-Fi while none is marked) ends it. Kept with the event.
    func noteOutside(_ state: NetworkState, now: Date) {
        unsaved.outside += outside.networkIs(state, homeMarked: network.home != nil, at: now)
    }

    /// "I'm inside" (a notification's button): the time outside that is open, the network's and
    /// the user's, ends now.
    func endTimeOutside(now: Date) {
        unsaved.outside += outside.inside(at: now)
    }

    /// `uvctl outside …` (`TimeOutside.command`), kept before it is answered when it changed
    /// anything; when the store refuses, the time outside and the rules are as they were.
    func outsideCommand(_ parameters: OutsideParameters, now: Date) throws(Refusal) -> String {
        let previous = (outside, engine)
        let (changes, reply) = try outside.command(parameters, clock: clock, now: now)
        guard !changes.isEmpty else { return reply }
        // Taken back, the rules are as they were too: they heard only what the change brought
        // (the day's dose read again).
        try settleAcknowledged(now: now, keeping: { $0.outside += changes }, undo: { (outside, engine) = previous })
        return reply
    }
}

/// What the notifications and the timer bring: a press or a close, the outbox's report of a
/// delivery, a deadline come.
extension DaemonCore {
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
        let waited = schedule.isWaitingToWrite
        writeUnsaved()
        let retryChanged = report.tryAgain.map { schedule.deliveryAsks(tryAgainAt: $0.deadline(now: now)) } ?? false
        if retryChanged || waited { armTimer(now: now) }
    }

    /// The timer fired, or the wall clock changed under it: the engine looks at its deadlines
    /// when one has come, the clock changed or the machine woke from sleep.
    /// Returns whether it settled (and so armed the timer).
    @discardableResult
    func engineTimerFired(clockChanged: Bool, now: Date) -> Bool {
        let asleep = schedule.suspended(soFar: clocks.suspendedSoFar())
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
}

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
        if schedule.writeIsDue(now: now) { writeUnsaved() }
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
    }
}

/// What the providers answered: held in `providers` and put in `unsaved`, for the answer's
/// `settle` (below) to keep in one transaction and feed to the engine.
extension DaemonCore {
    var budget: RequestBudget { providers.state.budget }
    /// When the current place's forecast from `source` (CAMS, or the forecast endpoint and its
    /// fallback) was fetched, if it has one.
    func forecastFetchedAt(_ source: UVSource) -> Date? { held(source)?.fetchedAt }

    /// The forecast kept for the current place in `source`'s slot.
    func held(_ source: UVSource) -> StoredForecast? { providers.held(source) }

    func health(_ source: UVSource) -> ProviderHealth { providers.state[source] }

    /// Changes the providers' health or budget, to be kept with the event's settling.
    func updateProviderState(_ change: (inout ProviderState) -> Void) {
        unsaved.providerState = providers.changeState(change)
    }

    /// Keeps a forecast fetched for `fetchedFor`; held only if the place is still that one.
    func stage(_ fetched: UVForecast, for fetchedFor: Place, at now: Date) {
        unsaved.forecasts.append((fetched, now, fetchedFor.key))
        guard fetchedFor.key == user.place.key else { return }
        providers.hold(fetched, at: now)
    }

    /// A 304: the forecast held from `source` is current as of now.
    func stageUnchanged(_ source: UVSource, at now: Date) {
        guard let held = held(source) else { return }
        stage(held.forecast, for: user.place, at: now)
    }

    func stageStations(_ readings: [StationReading], at now: Date) {
        unsaved.stations = providers.holdStations(readings, at: now)
    }

    /// A station's day series (`ProviderMemory.holdSeries`).
    func stageSeries(_ readings: [StationReading], of station: ARPANSAStation, at now: Date) {
        if let merged = providers.holdSeries(readings, of: station.id, at: now) { unsaved.stations = merged }
    }

    /// A value the plausibility screen dropped from `source`'s answer ("dropped Sydney: UV 99 at
    /// …"): logged under the provider's name, and kept for the doctor.
    func screenedOut(_ note: String, from source: UVSource, at now: Date) {
        log.warning("\(source.rawValue): \(note)")
        providers.screenedOut(note, from: source, at: now)
    }

    /// Why `source` has nothing to say, or nil once it answers: a failure may be what lets the
    /// clear-sky model speak (`DaemonCore.engineSamples`).
    func noteProblem(_ source: UVSource, _ reason: String?) {
        providers.noteProblem(source, reason)
    }
}

/// One request to one provider: counted in the day's budget before it goes out, asked by a
/// `ProviderFetcher` away from the core's state, and what its answer comes to kept in one step
/// (kept, or counted as a failure with its backoff).
extension DaemonCore {
    func fetch(_ source: UVSource, now: Date, context: FetchContext) async -> SourceOutcome {
        guard source != .model else { return SourceOutcome(source: source, result: .skipped, message: "") }
        let request = providerRequest(source, now: now)
        recordRequest(context, forecast: source.isForecast)
        guard let answer = await ProviderFetcher(client: providerClient, answerClock: clocks.wall).ask(request) else {
            return SourceOutcome(source: source, result: .skipped, message: "")
        }
        return stage(answer)
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

    private var providerClient: ProviderClient {
        let wall = clocks.wall
        return ProviderClient(
            http: httpClient, endpoints: loaded.configuration.endpoints,
            report: { [weak self] source, note in
                let now = wall()
                Task { await self?.screenedOut(note, from: source, at: now) }
            })
    }

    /// What an answer comes to, kept, heard and shown at once as one event of the time it arrived.
    private func stage(_ answer: ProviderFetcher.Answer) -> SourceOutcome {
        switch answer {
        case .forecast(let source, let place, let outcome, let now):
            let fresh = { (forecast: UVForecast) -> String in
                self.stage(forecast, for: place, at: now)
                self.log.info("\(source.rawValue): forecast for \(place.name) (\(forecast.hourly.count) hours)")
                return trn(
                    "a forecast for %1$@ (%2$@ hour)", "a forecast for %1$@ (%2$@ hours)", count: forecast.hourly.count, place.name,
                    forecast.hourly.count)
            }
            return kept(source, outcome, now: now, unchanged: { stageUnchanged(source, at: now) }, fresh: fresh)
        case .stations(let outcome, let now):
            return kept(.arpansa, outcome, now: now) { readings in
                stageStations(readings, at: now)
                noteProblem(.arpansa, nil)
                return trn("%1$@ station's measurements", "%1$@ stations' measurements", count: readings.count, readings.count)
            }
        case .series(let station, let outcome, let now):
            return kept(.arpansa, outcome, now: now) { readings in
                stageSeries(readings, of: station, at: now)
                noteProblem(.arpansa, nil)
                return trn("%1$@: %2$@ measured minute", "%1$@: %2$@ measured minutes", count: readings.count, station.id, readings.count)
            }
        }
    }

    /// One provider's answer: what it brought kept by `fresh` (which says what was kept), a 304
    /// by `unchanged`, a failure counted with its backoff; the provider's health follows.
    private func kept<Value: Sendable>(
        _ source: UVSource, _ outcome: FetchOutcome<Value>, now: Date, unchanged: () -> Void = {}, fresh: (Value) -> String
    ) -> SourceOutcome {
        defer { settle(now: now, waitingForDelivery: true) }
        switch outcome {
        case .fetched(let value, let etag, let lastModified):
            let said = fresh(value)
            updateProviderState { $0[source].recordSuccess(at: now, etag: etag, lastModified: lastModified) }
            return SourceOutcome(source: source, result: .fresh, message: said)
        case .notModified:
            unchanged()
            updateProviderState { $0[source].recordSuccess(at: now, etag: nil, lastModified: nil) }
            return SourceOutcome(source: source, result: .notModified, message: tr("not modified since its last answer"))
        case .failed(let reason, let retryAfter):
            failed(source, reason: reason, retryAfter: retryAfter, now: now)
            return SourceOutcome(source: source, result: .failed, message: reason)
        }
    }

    private func failed(_ source: UVSource, reason: String, retryAfter: TimeInterval?, now: Date) {
        let policy = loaded.configuration.policy
        updateProviderState {
            $0[source].recordFailure(at: now, error: reason, retryAfter: retryAfter, jitter: clocks.jitter(), policy: policy)
        }
        noteProblem(source, reason)
        log.warning("\(source.rawValue): \(reason)")
    }

    /// Counts a request in the day's budget, kept before it goes out: a request a crash cut
    /// short still counts. Nothing else changed, so nothing is blended, heard or shown: the
    /// answer's settling does that.
    private func recordRequest(_ context: FetchContext, forecast: Bool = false) {
        updateProviderState { $0.budget.record(on: context.day, forecast: forecast) }
        writeUnsaved()
    }
}

/// Who follows the core: the status's watchers and the tray.
extension DaemonCore {
    /// A stream of the status as it changes. `wantsMeasurements`: a bar that shows the measured
    /// value (stations are then asked more often); the tray is not one.
    func subscribe(now: Date, wantsMeasurements: Bool = true) -> AsyncStream<StatusInfo> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: StatusInfo.self, bufferingPolicy: .bufferingNewest(4))
        continuation.onTermination = { [weak self] _ in Task { await self?.unsubscribe(id) } }
        let knowledge = knowledge(now: now)
        watchers.add(
            id, continuation, current: status(knowledge, blended: knowledge.blendedDay(now: now), now: now),
            wantsMeasurements: wantsMeasurements)
        // A bar wants measured values more often (the fetch policy's ARPANSA cadence).
        if wantsMeasurements { refreshSoon(now: now) }
        return stream
    }

    func unsubscribe(_ id: UUID) { watchers.remove(id) }

    /// The situation as it changes: given at once, then after each event that changes it (a
    /// prompt shown or answered, quiet hours set, sunscreen put on), for the tray's menu.
    func traySituations(now: Date) -> AsyncStream<TraySituation> {
        let (stream, continuation) = AsyncStream.makeStream(of: TraySituation.self, bufferingPolicy: .bufferingNewest(1))
        tray.watch(continuation, current: traySituation(now: now))
        return stream
    }

    /// Said to the tray's watcher when it changed (`settle`).
    func nudgeTray(now: Date) {
        guard tray.isWatched else { return }
        tray.send(traySituation(now: now))
    }

    /// The tray host now (a watcher's unique name), for `uvctl doctor`.
    func trayHostChanged(to host: TrayHost?) { tray.shownBy(host) }
}

/// The requests under way (`ProviderRequests`), as the refresh rounds (DaemonCore+Refresh) start
/// and end them.
extension DaemonCore {
    /// Requests to `sources` leave now.
    func requestsLeave(_ sources: [UVSource]) { providers.requests.asking(sources) }

    /// The request to `source` asked at `asked` came to `outcome`: every refresh waiting for it is
    /// told.
    func requestEnded(_ source: UVSource, asked: Date, outcome: SourceOutcome) {
        providers.requests.finished(source, asked: asked, outcome: outcome)
    }

    /// The outcome of the request to `source` that is under way, when it ends, said as that.
    func outcomeOfRequestUnderWay(_ source: UVSource) async -> SourceOutcome {
        let outcome = await withCheckedContinuation { continuation in
            providers.requests.await(
                source, continuation,
                ended: SourceOutcome(source: source, result: .skipped, message: tr("a request is under way already")))
        }
        return SourceOutcome(
            source: outcome.source, result: outcome.result, message: tr("%1$@ (the request already under way)", outcome.message))
    }

    /// The round `uvctl refresh` started, if one runs: a refresh asked meanwhile joins it.
    func joinForcedRound() -> Task<[SourceOutcome], Never>? { providers.requests.joinForcedRound() }

    /// A round `uvctl refresh` asked for (`forcedRound`), counted as the last manual refresh and
    /// open to joining while it runs.
    func runForcedRound(now: Date) async -> [SourceOutcome] {
        updateProviderState { $0.lastManualRefresh = now }
        let round = Task { await self.forcedRound(now: now) }
        providers.requests.forcedRoundStarted(round)
        let outcomes = await round.value
        providers.requests.forcedRoundEnded(round)
        return outcomes
    }
}
