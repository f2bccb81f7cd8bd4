import FoundationEssentials
import UVCore
import UVProtocol
import UVProviders

/// Everything the daemon knows at one moment, from which every view is computed.
struct Knowledge: Sendable {
    var place: Place
    var profile: Profile
    /// The family besides the user: their burn times go with the status.
    var family: [FamilyMember] = []
    var sunscreen: SunscreenOn
    /// The latest provider forecast for the place, if any.
    var forecast: UVForecast?
    var fetchedAt: Date?
    /// The latest CAMS forecast for the place, if any: the forecast followed where it has hours.
    var cams: UVForecast? = nil
    var camsFetchedAt: Date? = nil
    /// The latest measured value from a station near the place.
    var station: StationReading?
    /// That station's readings of the last half hour, for the nowcast.
    var stationReadings: [UVSample] = []
    var window: WindowSetting
    /// The configured reapply interval, the same the engine's reminders use.
    var reapplyInterval: TimeInterval
    var requestsToday: Int
    /// Why there is no provider data, when that is known ("no network" …).
    var providerProblem: String?
}

/// Where today's UV comes from and how fresh it is, with the day's facts computed from it.
struct DayReading: Sendable {
    var facts: DayFacts
    var source: UVSource
    /// When the value was measured or fetched; nil when nothing was ever fetched.
    var updatedAt: Date?
    /// Why the model answers instead of a provider.
    var modelReason: ModelReasonInfo?
    /// The blended day the facts were computed from, for the views that show its sources.
    var blended: BlendedDay
}

extension Knowledge {
    /// The reading at `now`, from today's one blended series (`BlendedDay`): a station's nowcast
    /// where one measured in the last 30 minutes, fading into the provider forecast while that is
    /// under 6 hours old, else into the clear-sky model, which always answers and says why. The
    /// engine is fed the same series, and the value now is read from it, so it can never be
    /// above the day's peak.
    func reading(now: Date, blended: BlendedDay) -> DayReading {
        var source = blended.source(at: now)
        var uviNow: Double?
        // A provider whose hours miss today (OpenWeatherMap's are in Unix time, some answers have
        // none) may still say the UV now: better than the clear-sky model, and below its peak.
        if source == .model, let usable = usableForecast(now: now), let reported = usable.current?.uvi {
            (source, uviNow) = (usable.source, reported)
        }
        let updatedAt: Date?
        let modelReason: ModelReasonInfo?
        switch source {
        case .arpansa: (updatedAt, modelReason) = (recentReadings.map(\.time).max(), nil)
        case .model: (updatedAt, modelReason) = (fetchedAt, self.modelReason(now: now))
        default: (updatedAt, modelReason) = (fetchedAt(source), nil)
        }
        let inputs = DayFacts.Inputs(
            day: LocalDay.interval(containing: now, in: place.timeZone), series: blended.series, uviNow: uviNow,
            skinType: profile.effectiveSkinType, sunscreen: sunscreen, window: window, reapplyInterval: reapplyInterval, family: family,
            zone: place.timeZone)
        return DayReading(
            facts: DayFacts(inputs, now: now), source: source, updatedAt: updatedAt, modelReason: modelReason, blended: blended)
    }

    /// The reading at `now` from a day blended afresh.
    func reading(now: Date) -> DayReading { reading(now: now, blended: blendedDay(now: now)) }

    /// Today's blended series with where each sample came from.
    func blendedDay(now: Date) -> BlendedDay {
        BlendedDay(
            day: LocalDay.interval(containing: now, in: place.timeZone), forecasts: usableForecasts(now: now), readings: recentReadings,
            coordinate: place.coordinate, now: now)
    }

    /// The station's recent readings; its latest alone when no history was kept.
    var recentReadings: [UVSample] {
        guard stationReadings.isEmpty else { return stationReadings }
        return station.flatMap { reading in reading.uvi.map { [UVSample(time: reading.time, uvi: $0)] } } ?? []
    }

    /// Today's series, the one the engine is fed: `blendedDay(now:)`'s.
    func daySeries(now: Date) -> UVSeries { blendedDay(now: now).series }

    /// The forecast endpoint's (or its fallback's) forecast, if it is under 6 hours old.
    func usableForecast(now: Date) -> UVForecast? {
        guard let forecast, let fetchedAt, Freshness(updatedAt: fetchedAt, now: now) != .expired else { return nil }
        return forecast
    }

    /// The CAMS forecast, if it is under 12 hours old: a new run comes every 12 hours.
    func usableCAMS(now: Date) -> UVForecast? {
        guard let cams, let camsFetchedAt, (0..<12 * 3600).contains(now.timeIntervalSince(camsFetchedAt)) else { return nil }
        return cams
    }

    /// The forecasts to follow, first CAMS, then the forecast endpoint.
    func usableForecasts(now: Date) -> [UVForecast] {
        [usableCAMS(now: now), usableForecast(now: now)].compactMap { $0 }
    }

    /// When the forecast followed at `source` was fetched.
    func fetchedAt(_ source: UVSource) -> Date? { source == .cams ? camsFetchedAt : fetchedAt }

    /// Why the model answers now: the hours since the last provider answer and the last failure.
    func modelReason(now: Date) -> ModelReasonInfo {
        ModelReasonInfo(dataAgeHours: fetchedAt.map { Int(now.timeIntervalSince($0) / 3600) }, providerProblem: providerProblem)
    }
}
