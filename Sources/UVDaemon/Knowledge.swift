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

/// Where today's UV comes from and how fresh it is, with the day's facts computed from it.
struct DayReading: Sendable {
    var facts: DayFacts
    var source: UVSource
    /// When the value was measured or fetched; nil when nothing was ever fetched.
    var updatedAt: Date?
    /// Why the model answers instead of a provider.
    var modelReason: ModelReasonInfo?
}

extension Knowledge {
    static let stationMaximumAge: TimeInterval = 30 * 60

    /// The reading at `now`. Source precedence for the value now: a fresh station measurement
    /// (under 30 minutes), then the provider forecast while under 6 hours old (interpolated to
    /// `now`, or its current value when its hours do not reach `now`), then the clear-sky model,
    /// which always answers and says why. The series is the provider's where it covers today,
    /// else the model's: the same the engine is fed.
    func reading(now: Date) -> DayReading {
        let usable = usableForecast(now: now)
        var uvi: Double, source: UVSource, updatedAt = fetchedAt, modelReason: ModelReasonInfo?
        if let station, let measured = station.uvi, (-15 * 60..<Self.stationMaximumAge).contains(now.timeIntervalSince(station.time)) {
            (uvi, source, updatedAt) = (measured, .arpansa, station.time)
        } else if let usable, covers(usable, now) {
            (uvi, source) = (usable.series.uvi(at: now), usable.source)
        } else if let usable, let reported = usable.current?.uvi {
            (uvi, source) = (reported, usable.source)
        } else {
            (uvi, source, modelReason) = (ClearSkyUV().uvIndex(at: now, coordinate: place.coordinate), .model, self.modelReason(now: now))
        }
        let inputs = DayFacts.Inputs(
            day: LocalDay.interval(containing: now, in: place.timeZone), series: daySeries(now: now), uviNow: uvi,
            skinType: profile.effectiveSkinType, sunscreen: sunscreen, window: window, reapplyInterval: reapplyInterval)
        return DayReading(facts: DayFacts(inputs, now: now), source: source, updatedAt: updatedAt, modelReason: modelReason)
    }

    /// Today's hourly series: the provider's where it covers today, else the model's.
    func daySeries(now: Date) -> UVSeries {
        let day = LocalDay.interval(containing: now, in: place.timeZone)
        if let usable = usableForecast(now: now), !usable.series.samples(in: day).isEmpty {
            return usable.series
        }
        return DayOutlook.modelledSeries(day: day, coordinate: place.coordinate)
    }

    /// The provider forecast, if it is under 6 hours old.
    func usableForecast(now: Date) -> UVForecast? {
        guard let forecast, let fetchedAt, Freshness(updatedAt: fetchedAt, now: now) != .expired else { return nil }
        return forecast
    }

    /// Whether the forecast's hours reach `now` (to within an hour at either end).
    private func covers(_ forecast: UVForecast, _ now: Date) -> Bool {
        guard let first = forecast.hourly.first?.time, let last = forecast.hourly.last?.time else { return false }
        return now >= first.addingTimeInterval(-3600) && now <= last.addingTimeInterval(3600)
    }

    /// Why the model answers now: the hours since the last provider answer and the last failure.
    func modelReason(now: Date) -> ModelReasonInfo {
        ModelReasonInfo(dataAgeHours: fetchedAt.map { Int(now.timeIntervalSince($0) / 3600) }, providerProblem: providerProblem)
    }
}
