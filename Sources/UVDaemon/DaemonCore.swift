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
/// before it answers.
actor DaemonCore {
    let store: Store
    private let configFile: URL
    private let lastGoodConfig: URL
    private(set) var loaded: ConfigLoader.Loaded
    private let automaticPlace: @Sendable () -> Place
    let httpClient: any HTTPClient
    let log: Logger
    let doorbell = Doorbell()

    private var place: Place
    /// Where GeoClue put us, when it answered.
    private var geoPlace: Place?
    private(set) var profile: Profile
    private(set) var sunscreen: SunscreenApplication?
    /// A sunscreen found recorded in the future (the clock was wrong then): not counted, and said.
    private(set) var futureSunscreen: SunscreenApplication?
    private var forecast: StoredForecast?
    private var stations: StoredStations?
    private var providerState: ProviderState
    /// Why each provider last failed, until it answers again.
    private var providerProblems: [UVSource: String] = [:]
    private var subscribers: [UUID: AsyncStream<StatusInfo>.Continuation] = [:]
    private var lastPushed: StatusInfo?
    /// Set by `uvctl refresh`: the next round asks whoever is enabled, due or not.
    /// Providers with a request under way.
    var inFlight: Set<UVSource> = []
    /// The user's OpenWeatherMap key, if one is configured and usable.
    private(set) var openWeatherMapKey: String?

    // The rule engine's side (DaemonCore+Engine).
    var engine: EngineState
    var outbox: NotificationOutbox?
    let engineTimer: WallClockTimer
    /// The default route as the network watch and NetworkManager last reported it…
    var reportedRoute: (route: DefaultRoute, primary: NetworkManager.Primary?) = (.none, nil)
    /// …and as classified with the configuration in force.
    var currentRoute = Connection.none
    /// The home Wi-Fi's network id (`uvctl home set`), if marked.
    var homeNetwork: String?
    /// Time spent suspended as last seen (CLOCK_BOOTTIME − CLOCK_MONOTONIC), to notice a resume.
    var suspendedSeconds: Double = 0

    init(store: Store, configFile: URL, lastGoodConfig: URL, loaded: ConfigLoader.Loaded, httpClient: any HTTPClient,
         automaticPlace: @escaping @Sendable () -> Place, log: Logger) throws {
        self.store = store
        self.configFile = configFile
        self.lastGoodConfig = lastGoodConfig
        self.loaded = loaded
        self.httpClient = httpClient
        self.automaticPlace = automaticPlace
        self.log = log
        place = try store.manualPlace() ?? automaticPlace()
        profile = try store.profile()
        (sunscreen, futureSunscreen) = Self.settingAsideFuture(try store.currentSunscreen(), now: Date())
        if let future = futureSunscreen { log.warning("sunscreen: the application recorded for \(future.appliedAt) lies in the future; not counted") }
        providerState = try store.providerState()
        forecast = try store.forecast(for: place.key)
        stations = try store.stationReadings()
        openWeatherMapKey = Self.loadKey(loaded.configuration, log: log)
        engineTimer = try WallClockTimer()
        homeNetwork = try store.homeNetwork()
        let startingZone = place.timeZoneIdentifier, startingSkin = profile.effectiveSkinType
        engine = Self.restoreEngine(store: store, log: log)
            ?? EngineState(settings: loaded.configuration.engine, timeZoneIdentifier: startingZone, skinType: startingSkin)
    }

    private static func loadKey(_ configuration: Configuration, log: Logger) -> String? {
        switch OpenWeatherMapKey.load(keyFile: configuration.openWeatherMapKeyFile) {
        case .success(let key): return key
        case .failure(let problem):
            log.error("\(problem)")
            return nil
        }
    }

    private var configuration: Configuration { loaded.configuration }

    // MARK: State shared with the refresh extension

    var currentPlace: Place { place }
    var configFilePath: String { configFile.path }
    var budget: RequestBudget { providerState.budget }
    /// When the current place's forecast was fetched, if it has one.
    var forecastFetchedAt: Date? { forecast?.fetchedAt }
    var providerStateSnapshot: ProviderState { providerState }

    func health(_ source: UVSource) -> ProviderHealth { providerState[source] }

    func updateProviderState(_ change: (inout ProviderState) -> Void) {
        change(&providerState)
        do { try store.saveProviderState(providerState) } catch { log.error("store: \(error)") }
    }

    /// Keeps a forecast fetched for `fetchedFor`; ignored if the place changed meanwhile.
    func keep(_ fetched: UVForecast, for fetchedFor: Place, at now: Date) async {
        do { try store.saveForecast(fetched, fetchedAt: now, for: fetchedFor.key) } catch { log.error("store: \(error)") }
        guard fetchedFor.key == place.key else { return }
        forecast = StoredForecast(fetchedAt: now, forecast: fetched)
        providerProblems[fetched.source] = nil
        changed()
        await feedForecast(now: now)
    }

    /// A 304: the forecast held is current as of now.
    func keepUnchanged(at now: Date) async {
        guard let held = forecast else { return }
        await keep(held.forecast, for: place, at: now)
    }

    func keepStations(_ readings: [StationReading], at now: Date) {
        do { try store.saveStationReadings(readings, fetchedAt: now) } catch { log.error("store: \(error)") }
        stations = StoredStations(fetchedAt: now, readings: readings)
        changed()
    }

    func noteProblem(_ source: UVSource, _ reason: String?) {
        providerProblems[source] = reason
        changed()
    }


    func logInfo(_ message: String) { log.info("\(message)") }
    func logWarning(_ message: String) { log.warning("\(message)") }

    /// A sunscreen applied more than a minute after `now` cannot be: the clock was wrong when it
    /// was recorded, or is now. It is treated as expired (no protection) and said so.
    func setAsideFutureSunscreen(now: Date) {
        let (current, future) = Self.settingAsideFuture(sunscreen, now: now)
        guard let future else { return }
        (sunscreen, futureSunscreen) = (current, future)
        log.warning("sunscreen: the application recorded for \(future.appliedAt) lies in the future; not counted")
    }

    // MARK: Views

    func knowledge(now: Date, for other: Place? = nil) -> Knowledge {
        let target = other ?? place
        let stored = other == nil ? forecast : (try? store.forecast(for: target.key)) ?? nil
        let station = configuration.arpansaEnabled
            ? ARPANSAStation.nearest(to: target.coordinate, within: configuration.stationRadiusKilometres)
                .flatMap { near in stations?.readings.first { $0.station == near.id } }
            : nil
        return Knowledge(
            place: target, profile: profile, sunscreen: sunscreen, forecast: stored?.forecast, fetchedAt: stored?.fetchedAt,
            station: station, window: configuration.window, reapplyInterval: configuration.engine.reapplyInterval, requestsToday: providerState.budget.used(on: LocalDay.key(now, in: target.timeZone)),
            providerProblem: applicableSources.compactMap { source in providerProblems[source].map { "\(source.rawValue): \($0)" } }.first)
    }

    func status(now: Date, location: String? = nil) throws(VarlinkError) -> StatusInfo {
        var status = ViewBuilder.status(knowledge(now: now, for: try savedPlace(location)), now: now)
        status.warnings = warnings
        return status
    }


    func forecast(now: Date, location: String?, date: String?) throws(VarlinkError) -> ForecastInfo {
        let target = try savedPlace(location) ?? place
        let day: DateInterval
        if let date {
            guard let interval = LocalDay.interval(isoDate: date, in: target.timeZone) else {
                throw .uvd(name: "InvalidValue", message: tr("date '%1$@' is not a calendar date: use YYYY-MM-DD", date))
            }
            day = interval
        } else {
            day = LocalDay.interval(containing: now, in: target.timeZone)
        }
        return ViewBuilder.forecast(knowledge(now: now, for: target), day: day, now: now)
    }

    func stationList(now: Date) -> (stations: [StationInfo], updatedAt: String?) {
        let iso = ISOTimestamp(timeZone: place.timeZone)
        let list = (stations?.readings ?? []).map { reading in
            let site = ARPANSAStation.named(reading.station)
            return StationInfo(
                station: reading.station, uvi: reading.uvi, time: iso.string(reading.time),
                ageMinutes: Int(now.timeIntervalSince(reading.time) / 60), status: reading.status,
                latitude: site?.coordinate.latitude ?? 0, longitude: site?.coordinate.longitude ?? 0)
        }
        return (list, stations.map { iso.string($0.fetchedAt) })
    }

    private func savedPlace(_ name: String?) throws(VarlinkError) -> Place? {
        guard let name else { return nil }
        let saved = (try? store.savedPlaces()) ?? []
        guard let match = saved.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
            let names = saved.map(\.name).joined(separator: ", ")
            throw .uvd(name: "NoSuchPlace", message: names.isEmpty
                ? tr("no saved location '%1$@'; saved: none (add one with uvctl location add NAME PLACE)", name)
                : tr("no saved location '%1$@'; saved: %2$@", name, names))
        }
        return match
    }

    // MARK: Changes from clients

    func setLocation(_ query: String) async throws(VarlinkError) -> LocationInfo {
        let chosen = try lookUp(query)
        try persist { try store.saveManualPlace(chosen) }
        await move(to: chosen)
        return ViewBuilder.locationInfo(chosen)
    }

    func clearLocation() async throws(VarlinkError) -> LocationInfo {
        try persist { try store.saveManualPlace(nil) }
        await move(to: geoPlace ?? automaticPlace())
        return ViewBuilder.locationInfo(place)
    }

    func addLocation(name: String, query: String) throws(VarlinkError) -> LocationInfo {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw .uvd(name: "InvalidValue", message: tr("a saved location needs a name")) }
        var chosen = try lookUp(query)
        chosen.name = name
        try persist { try store.savePlace(chosen) }
        return ViewBuilder.locationInfo(chosen)
    }

    func listLocations() -> (current: LocationInfo, saved: [LocationInfo]) {
        (ViewBuilder.locationInfo(place), ((try? store.savedPlaces()) ?? []).map(ViewBuilder.locationInfo))
    }

    func removeLocation(name: String) throws(VarlinkError) {
        let removed: Bool
        do { removed = try store.removePlace(named: name) } catch { throw .uvd(name: "StoreFailed", message: "\(error)") }
        guard removed else { throw .uvd(name: "NoSuchPlace", message: tr("no saved location '%1$@'", name)) }
    }

    /// Whether GeoClue should be asked: enabled, and no place set by hand.
    var wantsGeoClue: Bool { loaded.configuration.geoclue && place.source != .manual }

    /// GeoClue answered: use its position unless the user has set a place meanwhile.
    func useGeoClue(_ coordinate: Coordinate) async {
        let city = CityIndex.embedded.placeName(near: coordinate)
        let found = Place(
            name: city?.displayName ?? String(format: "%.1f, %.1f", coordinate.latitude, coordinate.longitude),
            coordinate: coordinate.approximate, timeZoneIdentifier: city?.timeZoneIdentifier ?? place.timeZoneIdentifier,
            source: .geoclue)
        geoPlace = found
        if place.source != .manual { await move(to: found) }
    }

    func getProfile() -> Profile { profile }

    func setProfile(_ change: (inout Profile) throws(VarlinkError) -> Void) async throws(VarlinkError) -> Profile {
        var updated = profile
        try change(&updated)
        try persist { try store.saveProfile(updated) }
        profile = updated
        changed()
        await updateEngineContext(now: Date())
        return profile
    }

    func applySunscreen(spf: SPF?, quantity: SunscreenQuantity?, activity: SunscreenActivity?, at date: Date, now: Date) async throws(VarlinkError) -> SunscreenInfo {
        guard (spf ?? profile.defaultSPF) != .none else {
            throw .uvd(name: "InvalidValue", message: tr("an application needs an SPF of 15, 30 or 50: SPF 0 (none) is no sunscreen"))
        }
        let application = SunscreenApplication(
            spf: spf ?? profile.defaultSPF, quantity: quantity ?? profile.defaultQuantity, activity: activity ?? profile.defaultActivity,
            appliedAt: date, waterResistance: profile.waterResistance)
        try persist { try store.applySunscreen(application) }
        sunscreen = application
        futureSunscreen = nil
        changed()
        await step(.sunscreen(application), now: now)
        return sunscreenInfo(application, now: now)
    }

    func removeSunscreen(now: Date) async throws(VarlinkError) {
        let removed: Bool
        do { removed = try store.removeSunscreen(at: now) } catch { throw .uvd(name: "StoreFailed", message: "\(error)") }
        guard removed else { throw .uvd(name: "NoSunscreen", message: tr("no sunscreen on record; record one with uvctl sunscreen apply")) }
        sunscreen = nil
        changed()
        await step(.sunscreen(nil), now: now)
    }

    func recordWater(now: Date) async throws(VarlinkError) -> SunscreenInfo {
        let updated: SunscreenApplication?
        do { updated = try store.recordWaterEvent(at: now) } catch { throw .uvd(name: "StoreFailed", message: "\(error)") }
        guard let updated else { throw .uvd(name: "NoSunscreen", message: tr("no sunscreen on record; record one with uvctl sunscreen apply")) }
        sunscreen = updated
        changed()
        await step(.sunscreen(updated), now: now)
        return sunscreenInfo(updated, now: now)
    }

    private func sunscreenInfo(_ application: SunscreenApplication, now: Date) -> SunscreenInfo {
        // The same series the status uses, so that both say the same reapply time.
        let series = ViewBuilder.daySeries(knowledge(now: now), now: now)
        return ViewBuilder.sunscreenInfo(
            application, skin: profile.effectiveSkinType, series: series, interval: loaded.configuration.engine.reapplyInterval,
            iso: ISOTimestamp(timeZone: place.timeZone), now: now)
    }

    private func lookUp(_ query: String) throws(VarlinkError) -> Place {
        do { return try PlaceResolver.place(for: query) } catch { throw .uvd(name: "NoSuchPlace", message: error.description) }
    }

    func persist(_ write: () throws -> Void) throws(VarlinkError) {
        do { try write() } catch {
            log.error("store: \(error)")
            throw .uvd(name: "StoreFailed", message: tr("could not save: %1$@", String(describing: error)))
        }
    }

    /// The system's time zone changed: a place taken from it moves with it (a place set by hand
    /// or found by GeoClue keeps its own zone).
    func systemTimeZoneChanged(to identifier: String, now: Date) async {
        log.info("system time zone: \(identifier)")
        guard place.source == .timeZone || place.source == .default else { return }
        await move(to: automaticPlace())
    }

    private func move(to newPlace: Place) async {
        guard newPlace != place else { return }
        place = newPlace
        forecast = (try? store.forecast(for: place.key)) ?? nil
        log.info("location: \(place.name) (\(place.source.rawValue))")
        changed()
        doorbell.ring()
        await updateEngineContext(now: Date())
    }

    // MARK: Configuration

    /// Re-reads the file; a broken file keeps the configuration in force and says why.
    func reload() async throws(VarlinkError) -> String {
        let (fresh, problem) = ConfigLoader.loadKeepingLastGood(file: configFile, lastGood: lastGoodConfig)
        if let problem {
            log.error("configuration not reloaded, keeping the last good one:\n\(problem)")
            throw .uvd(name: "ConfigInvalid", message: tr("%1$@\nthe last good configuration stays in use", String(describing: problem)))
        }
        loaded = fresh
        openWeatherMapKey = Self.loadKey(fresh.configuration, log: log)
        log.info("configuration reloaded from \(configFile.path)")
        changed()
        await step(.settings(engineSettings), now: Date())
        await reclassifyRoute(now: Date())
        doorbell.ring()
        return tr("reloaded %1$@", configFile.path)
    }

    // MARK: Subscriptions

    func subscribe(now: Date) -> AsyncStream<StatusInfo> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: StatusInfo.self, bufferingPolicy: .bufferingNewest(4))
        continuation.yield(ViewBuilder.status(knowledge(now: now), now: now))
        continuation.onTermination = { [weak self] _ in Task { await self?.unsubscribe(id) } }
        subscribers[id] = continuation
        return stream
    }

    private func unsubscribe(_ id: UUID) { subscribers[id] = nil }

    var hasSubscribers: Bool { !subscribers.isEmpty }

    /// Pushes the status to subscribers when it differs from the last one pushed.
    func pushIfChanged(now: Date) {
        let current = ViewBuilder.status(knowledge(now: now), now: now)
        var comparable = current
        comparable.now = lastPushed?.now ?? current.now
        comparable.ageMinutes = lastPushed?.ageMinutes ?? current.ageMinutes
        guard comparable != lastPushed else { return }
        lastPushed = current
        for continuation in subscribers.values { continuation.yield(current) }
    }

    private func changed() {
        pushIfChanged(now: Date())
    }
}

extension Place {
    /// The key forecasts are stored under: the coordinate at 0.1°.
    var key: String {
        let approximate = coordinate.approximate
        return "\(approximate.latitude),\(approximate.longitude)"
    }
}
