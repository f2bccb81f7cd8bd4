import Foundation
import UVCore
import UVProtocol
import UVProviders

/// Everything the daemon knows at one moment, from which every view is computed.
struct Knowledge: Sendable {
    var place: Place
    var profile: Profile
    var sunscreen: SunscreenApplication?
    /// The latest provider forecast for the place, if any.
    var forecast: UVForecast?
    var fetchedAt: Date?
    /// The latest measured value from a station near the place.
    var station: StationReading?
    var window: WindowSetting
    /// The configured reapply interval, the same the engine's reminders use.
    var reapplyInterval: TimeInterval
    var requestsToday: Int
    /// Why there is no provider data, when that is known ("no network" …).
    var providerProblem: String?
}

/// Turns `Knowledge` into the replies of `GetStatus` and `GetForecast`. Pure: time is a parameter.
///
/// Source precedence for the current value: a fresh station measurement (under 30 minutes), then
/// the provider forecast while under 6 hours old (interpolated to `now`), then the clear-sky model,
/// which always answers and says why.
enum ViewBuilder {
    static let stationMaximumAge: TimeInterval = 30 * 60
    /// The freshness of a value the clear-sky model gives: neither fresh nor stale data.
    static let modelled = "modelled"

    static func status(_ knowledge: Knowledge, now: Date) -> StatusInfo {
        let place = knowledge.place
        let zone = place.timeZone
        let iso = ISOTimestamp(timeZone: zone)
        let skin = knowledge.profile.effectiveSkinType
        let series = daySeries(knowledge, now: now)

        var uvi: Double
        var source: UVSource
        var updatedAt: Date?
        var note: String?
        if let station = knowledge.station, let measured = station.uvi, (-15 * 60..<stationMaximumAge).contains(now.timeIntervalSince(station.time)) {
            uvi = measured
            source = .arpansa
            updatedAt = station.time
        } else if let usable = usableForecast(knowledge, now: now), covers(usable, now) {
            uvi = usable.series.uvi(at: now)
            source = usable.source
            updatedAt = knowledge.fetchedAt
        } else if let usable = usableForecast(knowledge, now: now), let current = usable.current, let reported = current.uvi {
            uvi = reported
            source = usable.source
            updatedAt = knowledge.fetchedAt
        } else {
            uvi = ClearSkyUV().uvIndex(at: now, coordinate: place.coordinate)
            source = .model
            updatedAt = knowledge.fetchedAt
            note = modelNote(knowledge, now: now)
        }
        uvi = max(0, uvi)

        let freshness = updatedAt.map { Freshness(updatedAt: $0, now: now) } ?? .expired
        let day = LocalDay.interval(containing: now, in: zone)
        let window = ProtectionWindow.sunscreen(series, day: day, threshold: knowledge.window.threshold(for: skin))
        let peak = ProtectionWindow.peak(series, day: day)
        let burn = BurnTime(skinType: skin, from: now, uvi: { time in time <= now ? uvi : series.uvi(at: time) }, effectiveSPF: { knowledge.sunscreen?.effectiveSPF(at: $0) ?? 1 })

        return StatusInfo(
            uvi: uvi.rounded(places: 1), level: UVLevel(uvi: uvi).rawValue, source: source.rawValue, attribution: source.attribution,
            updatedAt: updatedAt.map(iso.string), ageMinutes: updatedAt.map { Int(now.timeIntervalSince($0) / 60) },
            stale: source != .model && freshness != .fresh, freshness: source == .model ? Self.modelled : freshness.rawValue,
            note: note, location: locationInfo(place), skinType: skin.numeral, skinTypeIsDefault: knowledge.profile.skinType == nil,
            burnTimeMinutes: burn.wholeMinutes, sunscreen: knowledge.sunscreen.map { sunscreenInfo($0, skin: skin, series: series, interval: knowledge.reapplyInterval, iso: iso, now: now) },
            window: window.map { SpanInfo(start: iso.string($0.start), end: iso.string($0.end)) },
            peak: peak.map { PeakInfo(start: iso.string($0.span.start), end: iso.string($0.span.end), uvi: $0.uvi.rounded(places: 1), at: iso.string($0.at)) },
            temperatureCelsius: usableForecast(knowledge, now: now)?.current?.temperatureCelsius, requestsToday: knowledge.requestsToday,
            now: iso.string(now))
    }

    static func forecast(_ knowledge: Knowledge, day: DateInterval, now: Date) -> ForecastInfo {
        let place = knowledge.place
        let skin = knowledge.profile.effectiveSkinType
        let covering = usableForecast(knowledge, now: now).flatMap { $0.series.samples(in: day).isEmpty ? nil : $0 }
        let series = covering?.series ?? DayOutlook.modelledSeries(day: day, coordinate: place.coordinate)
        let clearSky = Dictionary(
            (covering?.hourly ?? []).compactMap { hour in hour.clearSkyUVI.map { (hour.time, $0) } }, uniquingKeysWith: { first, _ in first })
        let outlook = DayOutlook(series: series, day: day, coordinate: place.coordinate, skinType: skin, threshold: knowledge.window.threshold(for: skin))
        return ForecastInfo(
            outlook: outlook, place: place, approximate: true, skinType: skin, window: knowledge.window,
            source: covering?.source ?? .model, updatedAt: covering == nil ? nil : knowledge.fetchedAt, clearSky: clearSky,
            daily: usableForecast(knowledge, now: now)?.daily ?? [])
    }

    static func locationInfo(_ place: Place) -> LocationInfo {
        LocationInfo(place, approximate: true)
    }

    static func sunscreenInfo(
        _ application: SunscreenApplication, skin: SkinType, series: UVSeries, interval: TimeInterval, iso: ISOTimestamp, now: Date
    ) -> SunscreenInfo {
        let reapply = ReapplyTime(application: application, skinType: skin, uvi: series.uvi(at:), interval: interval)
        return SunscreenInfo(
            spf: application.spf.argument, quantity: application.quantity.rawValue, activity: application.activity.rawValue,
            appliedAt: iso.string(application.appliedAt), effectiveSPF: application.effectiveSPF(at: now).rounded(places: 1),
            reapplyAt: iso.string(reapply.date), reapplyReason: reapply.reason.rawValue, waterEventAt: application.waterEventAt.map(iso.string))
    }

    /// Whether the forecast's hours reach `now` (to within an hour at either end).
    private static func covers(_ forecast: UVForecast, _ now: Date) -> Bool {
        guard let first = forecast.hourly.first?.time, let last = forecast.hourly.last?.time else { return false }
        return now >= first.addingTimeInterval(-3600) && now <= last.addingTimeInterval(3600)
    }

    /// The provider forecast, if it is under 6 hours old.
    private static func usableForecast(_ knowledge: Knowledge, now: Date) -> UVForecast? {
        guard let forecast = knowledge.forecast, let fetched = knowledge.fetchedAt,
              Freshness(updatedAt: fetched, now: now) != .expired
        else { return nil }
        return forecast
    }

    /// Today's hourly series: the provider's where it covers today, else the model's.
    static func daySeries(_ knowledge: Knowledge, now: Date) -> UVSeries {
        let day = LocalDay.interval(containing: now, in: knowledge.place.timeZone)
        if let usable = usableForecast(knowledge, now: now), !usable.series.samples(in: day).isEmpty {
            return usable.series
        }
        return DayOutlook.modelledSeries(day: day, coordinate: knowledge.place.coordinate)
    }

    private static func modelNote(_ knowledge: Knowledge, now: Date) -> String {
        guard let fetched = knowledge.fetchedAt else {
            return knowledge.providerProblem.map { tr("no provider data yet (%1$@): showing the clear-sky model", $0) }
                ?? tr("no provider data yet: showing the clear-sky model")
        }
        let hours = Int(now.timeIntervalSince(fetched) / 3600)
        return knowledge.providerProblem.map { tr("provider data is %1$@ h old (%2$@): showing the clear-sky model", hours, $0) }
            ?? tr("provider data is %1$@ h old: showing the clear-sky model", hours)
    }
}
