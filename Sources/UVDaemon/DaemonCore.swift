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
/// before it answers. Every event goes through `settle(now:hearing:)` once (DaemonCore+Settle);
/// its commands never suspend mid-way, so no two interleave; the loop (`CoreLoopService`) wakes
/// it on the one timer. Each concern's state is a small type of its own: `ProviderMemory`
/// (answers, health, budget), `Watchers` (who follows the status), `NetworkSight` (the route and
/// home Wi-Fi), `UserRecord` (the user's place, profile and sunscreen), `EngineState` (the
/// rules), `CoreSchedule` (when it wakes), `StoreChanges` (what the event changed, not yet kept);
/// the files `DaemonCore+…` hold what each concern does.
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
    var engine: EngineState
    /// The rules' saved state this release could not read at start (kept aside in the store).
    let engineStateProblem: SavedStateProblem?
    var outbox: NotificationOutbox?
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
    func settleAcknowledged(now: Date, hearing events: [EngineEvent] = [], undo: () -> Void) throws(Refusal) {
        guard let problem = settle(now: now, hearing: events) else { return }
        undo()
        unsaved = StoreChanges()
        settle(now: now)
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

extension Place {
    /// The key forecasts are stored under: the coordinate at 0.1°.
    var key: String {
        let approximate = coordinate.approximate
        return "\(approximate.latitude),\(approximate.longitude)"
    }
}
