import FoundationEssentials
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

/// The views: what every query is answered from, computed from what the core holds.
extension Core {
    func knowledge(now: Date, for other: Place? = nil) -> Knowledge {
        let target = other ?? user.place
        let kept = providers.forecasts(for: target.key)
        let (stored, cams) = (kept.forecast, kept.cams)
        let near = nearStation(to: target)
        let station = near.flatMap { near in providers.stations?.readings.first { $0.station == near.id } }
        let history = near.flatMap { providers.stationHistory[$0.id] } ?? []
        let latest = station.flatMap { reading in reading.uvi.map { UVSample(time: reading.time, uvi: $0) } }
        return Knowledge(
            place: target, profile: user.profile, family: user.party(at: now), sunscreen: user.sunscreen, forecast: stored?.forecast,
            fetchedAt: stored?.fetchedAt,
            cams: cams?.forecast, camsFetchedAt: cams?.fetchedAt,
            station: station, stationReadings: history.isEmpty ? latest.map { [$0] } ?? [] : history, window: configuration.window,
            reapplyInterval: configuration.engine.reapplyInterval,
            requestsToday: providers.state.budget.used(on: LocalDay.key(now, in: target.timeZone)),
            providerProblem: providers.problem(among: applicableSources))
    }

    /// The rule settings of the configuration, on the user's 12- or 24-hour clock.
    var engineSettings: EngineSettings {
        var settings = loaded.configuration.engine
        settings.uses12HourClock = sources.twelveHourClock
        return settings
    }

    /// One line for systemd's `STATUS=` and the journal as uvd is ready and after each round:
    /// `UV 7.1 High · Sydney · updated 14:05` (the time on the place's clock), or `· modelled`.
    /// The UV and level are the status's (`ViewBuilder.status`, not counted as one sent); the
    /// time is the reading's own, not cut from its text.
    func summary(now: Date) -> String {
        let knowledge = knowledge(now: now)
        let reading = knowledge.reading(now: now)
        let status = ViewBuilder.status(knowledge, reading: reading, now: now)
        let level = status.shownLevel.name
        let when =
            reading.source == .model
            ? ShownFreshness.modelled.rawValue
            : "updated " + (reading.updatedAt.map { WallClock.format($0, in: currentPlace.timeZone, twelveHour: false) } ?? "?")
        return "UV \(status.uvi.fixed(1)) \(level) · \(status.location.name) · \(when)"
    }

    func status(now: Date, location: AskedLocation? = nil) throws(Refusal) -> StatusInfo {
        let knowledge = knowledge(now: now, for: try savedPlace(location))
        return status(knowledge, blended: knowledge.blendedDay(now: now), now: now)
    }

    func forecast(now: Date, location: AskedLocation?, date: CalendarDate?) throws(Refusal) -> ForecastInfo {
        let target = try savedPlace(location) ?? user.place
        if let date, !date.isComputed { throw Refusal(.invalidValue, ComputedYears.refusal("date", date.description)) }
        let day = date?.interval(in: target.timeZone) ?? LocalDay.interval(containing: now, in: target.timeZone)
        return ViewBuilder.forecast(knowledge(now: now, for: target), day: day, now: now)
    }

    /// `GetVitaminD`: a day's vitamin D at the current place or a saved one (`ViewBuilder.vitaminD`).
    func vitaminD(now: Date, location: AskedLocation?, parameters: VitaminDParameters) throws(Refusal) -> VitaminDInfo {
        let target = try savedPlace(location) ?? user.place
        let date = parameters.date?.value
        if let date, !date.isComputed { throw Refusal(.invalidValue, ComputedYears.refusal("date", date.description)) }
        let day = date?.interval(in: target.timeZone) ?? LocalDay.interval(containing: now, in: target.timeZone)
        return ViewBuilder.vitaminD(
            knowledge(now: now, for: target), day: day, now: now, skinType: parameters.skinType?.value,
            exposure: parameters.exposed?.value ?? .standard)
    }

    /// Today's vitamin D for "UV today" on a day without a window: the status's best hour, or none.
    func todaysVitaminD(now: Date) -> TodaysVitaminD {
        let today = LocalDay.interval(containing: now, in: user.place.timeZone)
        let vitaminD = ViewBuilder.vitaminD(knowledge(now: now), day: today, now: now)
        guard let best = vitaminD.best, let start = ISOInstant.parse(best.start) else { return .none }
        return .dose(minutes: best.minutes, from: start)
    }

    func stationList(now: Date) -> (stations: [StationInfo], updatedAt: String?) {
        let iso = ISOTimestamp(timeZone: user.place.timeZone)
        let stations = providers.stations
        let list = (stations?.readings ?? []).map { reading in
            let site = ARPANSAStation.named(reading.station)
            return StationInfo(
                station: reading.station, uvi: reading.uvi, time: iso.string(reading.time),
                ageMinutes: Int(now.timeIntervalSince(reading.time) / 60), status: reading.status,
                latitude: site?.coordinate.latitude ?? 0, longitude: site?.coordinate.longitude ?? 0)
        }
        return (list, stations.map { iso.string($0.fetchedAt) })
    }

    func listLocations() -> (current: LocationInfo, saved: [LocationInfo]) {
        (ViewBuilder.locationInfo(user.place), user.savedPlaces.places.map(ViewBuilder.locationInfo))
    }

    /// `--location NAME`: a saved place by its name, else the city of that name the edge found
    /// (`AskedLocation`), so that `uvctl forecast --location Sydney` works before anything is saved.
    func savedPlace(_ asked: AskedLocation?) throws(Refusal) -> Place? {
        guard let asked else { return nil }
        let name = asked.name
        let saved = user.savedPlaces.places
        if let match = saved.first(where: { $0.name.lowercased() == name.lowercased() }) { return match }
        if let city = asked.city { return city }
        let names = saved.map(\.name).joined(separator: ", ")
        throw Refusal(
            .noSuchPlace,
            names.isEmpty
                ? tr("no saved location or city '%1$@'; saved: none (add one with uvctl location add NAME PLACE)", name)
                : tr("no saved location or city '%1$@'; saved: %2$@", name, names))
    }
}

/// What `uvctl quiet`, `history`, `home` and `family` show.
extension Core {
    /// The user first (named "you", from the profile), then the family in the order added.
    func familyReply(now: Date) -> FamilyReply {
        let you = PersonInfo(
            name: FamilyStatusInfo.you, you: true, skinType: user.profile.skinType, born: nil, spf: user.profile.defaultSPF)
        return FamilyReply(
            out: user.familyAway?.holds(at: now, in: currentPlace.timeZone) != true,
            people: [you]
                + user.family.map {
                    PersonInfo(name: $0.name, you: false, skinType: $0.skinType, born: $0.born, spf: $0.spf)
                })
    }

    func quietInfo(now: Date) -> QuietInfo {
        let iso = ISOTimestamp(timeZone: currentPlace.timeZone)
        return QuietInfo(
            spans: engine.quietHours.spans, origin: engine.quietHoursOverride == nil ? "config" : "uvctl",
            quietNow: engine.isQuiet(at: now), until: engine.quietEnd(after: now).map(iso.string),
            muted: engine.muted.sorted { $0.rawValue < $1.rawValue },
            mutedToday: engine.silencedToday.sorted { $0.rawValue < $1.rawValue },
            snoozed: engine.snoozedUntil.filter { $0.value > now }.sorted { $0.key.rawValue < $1.key.rawValue }
                .map { SnoozedRuleInfo(rule: $0.key, until: iso.string($0.value)) })
    }

    /// Which entries `uvctl history` asks for: the latest `limit`, or with `days` every entry of
    /// the last days before `now`; the store gives them (`CoreShell.history`).
    func historyRequest(limit: Int, days: Int?, now: Date) throws(Refusal) -> HistoryRequest {
        guard (1...1000).contains(limit) else { throw Refusal(.invalidValue, tr("limit must be 1 to 1000 (got %1$@)", limit)) }
        guard let days else { return .latest(limit) }
        guard (1...90).contains(days) else { throw Refusal(.invalidValue, tr("days must be 1 to 90 (got %1$@)", days)) }
        return .since(now.addingTimeInterval(-Double(days) * 86_400))
    }

    /// `entries` as `uvctl history` shows them: each entry's time on the clock its text was
    /// written on, naming that zone when it is not the current place's, so time and text are
    /// never on two clocks.
    func history(_ entries: [HistoryEntry]) -> [HistoryInfo] {
        entries.map { entry in
            let zone = entry.zone.flatMap { $0.isKnown ? $0.zone : nil } ?? currentPlace.timeZone
            return HistoryInfo(
                time: ISOTimestamp(timeZone: zone).string(entry.time), kind: entry.kind, subject: entry.subject.description,
                summary: entry.summary, body: entry.body, key: entry.key,
                zone: entry.zone == currentPlace.zone ? nil : entry.zone.flatMap { $0.hasNameForm ? $0 : nil })
        }
    }

    func homeInfo() -> HomeInfo {
        HomeInfo(
            marked: network.home, interface: network.current.interface, kind: network.current.kind.rawValue, reason: network.current.reason,
            current: network.current.networkID)
    }
}

extension Core {
    /// Today's mini-wheel for a notification: the same forecast `uvctl forecast` shows, drawn
    /// small, with the UV index now in its centre.
    func miniWheel(now: Date) -> DesktopNotification.Image? {
        guard let model = todaysWheel(now: now) else { return nil }
        let image = WheelRaster.render(model)
        return DesktopNotification.Image(width: image.width, height: image.height, rgba: image.rgba)
    }

    /// Today's wheel, undrawn: what the notifications' mini-wheel and the tray icon draw. Its
    /// centre is the UV now as `uvctl status`, the tooltip and the alerts give it (the wheel's
    /// own centre would be the hour's value: "11" beside an alert's "UV 12").
    func todaysWheel(now: Date) -> WheelModel? {
        let knowledge = knowledge(now: now)
        let today = ViewBuilder.outlook(knowledge, day: LocalDay.interval(containing: now, in: user.place.timeZone), now: now)
        guard var model = WheelModel(day: WheelDay(outlook: today.outlook), now: now, focus: nil, theme: .light, clock: { _ in "" }) else {
            return nil
        }
        // Today's outlook has the day blended already: the reading does not blend it again.
        model.centre.uvi = (today.blended.map { knowledge.reading(now: now, blended: $0) } ?? knowledge.reading(now: now)).facts.uvi
        return model
    }
}

/// Which history entries a view asks the store for (`Core.historyRequest`).
enum HistoryRequest: Sendable, Equatable {
    /// The latest this many.
    case latest(Int)
    /// Every entry from this time on.
    case since(Date)
}

/// The methods that read the core, each beside its view (`ViewCall`).
extension UVD.GetStatus: Answered {
    /// The asked location's city is looked up before the core is read (`AskedLocation`).
    static func answer(_ parameters: LocationParameters, shell: CoreShell, now: Date) async throws -> VersionedStatusReply {
        let asked = parameters.location.map(AskedLocation.init(lookingUp:))
        return try await shell.read { core throws(Refusal) in
            VersionedStatusReply(status: try core.status(now: now, location: asked), version: UVDVersion.string)
        }
    }
}

extension UVD.GetForecast: Answered {
    /// As `GetStatus`.
    static func answer(_ parameters: ForecastParameters, shell: CoreShell, now: Date) async throws -> ForecastReply {
        let asked = parameters.location.map(AskedLocation.init(lookingUp:))
        return try await shell.read { core throws(Refusal) in
            ForecastReply(forecast: try core.forecast(now: now, location: asked, date: parameters.date?.value))
        }
    }
}

extension UVD.GetVitaminD: Answered {
    /// As `GetStatus`.
    static func answer(_ parameters: VitaminDParameters, shell: CoreShell, now: Date) async throws -> VitaminDReply {
        let asked = parameters.location.map(AskedLocation.init(lookingUp:))
        return try await shell.read { core throws(Refusal) in
            VitaminDReply(vitaminD: try core.vitaminD(now: now, location: asked, parameters: parameters))
        }
    }
}

extension UVD.ListStations: ViewCall {
    static func view(_: Empty, of core: Core, now: Date) -> StationsReply {
        let list = core.stationList(now: now)
        return StationsReply(stations: list.stations, updatedAt: list.updatedAt, attribution: UVSource.arpansa.attribution)
    }
}

extension UVD.ListLocations: ViewCall {
    static func view(_: Empty, of core: Core, now: Date) -> LocationsReply {
        let list = core.listLocations()
        return LocationsReply(current: list.current, saved: list.saved)
    }
}

extension UVD.GetProfile: ViewCall {
    static func view(_: Empty, of core: Core, now: Date) -> ProfileReply {
        ProfileReply(profile: ViewBuilder.profileInfo(core.user.profile))
    }
}

extension UVD.ListFamily: ViewCall {
    static func view(_: Empty, of core: Core, now: Date) -> FamilyReply { core.familyReply(now: now) }
}

extension UVD.GetQuiet: ViewCall {
    static func view(_: Empty, of core: Core, now: Date) -> QuietReply { QuietReply(quiet: core.quietInfo(now: now)) }
}

extension UVD.GetHome: ViewCall {
    static func view(_: Empty, of core: Core, now: Date) -> HomeReply { HomeReply(home: core.homeInfo()) }
}

/// `--location NAME` as the edge read it: the name, and the built-in list's city of exactly that
/// name (`PlaceQuery.exactPlace`, its zone read there) for when no saved location has it.
struct AskedLocation: Sendable {
    let name: String
    let city: Place?

    init(lookingUp name: String) {
        self.name = name
        city = try? PlaceQuery.exactPlace(for: name)
    }
}
