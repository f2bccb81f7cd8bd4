import FoundationEssentials
import UVCore
import UVProtocol
import UVProviderPolicy
import UVProviders
import UVStore

/// What the providers told uvd and how each is doing: the current place's forecast, the
/// stations' readings, each provider's health and the day's request budget, why each last
/// failed. Read by anyone in the core; changed only through
/// its own methods, each a thing that happened.
struct ProviderMemory: Sendable {
    /// The latest forecast for the current place from the forecast endpoint (or its fallback).
    private(set) var forecast: StoredForecast?
    /// The latest CAMS forecast for the current place.
    private(set) var cams: StoredForecast?
    private(set) var stations: StoredStations?
    /// Each station's readings of the last hour, as they came (the nowcast's window is 15 minutes).
    private(set) var stationHistory: [String: [UVSample]] = [:]
    /// Health, backoff and budget, kept in the store.
    private(set) var state: ProviderState
    /// Why each provider last failed, until it answers again.
    private(set) var problems: [UVSource: String] = [:]
    /// What the screen last dropped from each provider's answers (an implausible value, a time
    /// too far from now), and when: for `uvctl doctor`.
    private(set) var screened: [UVSource: (line: String, at: Date)] = [:]

    init(forecast: StoredForecast?, cams: StoredForecast?, stations: StoredStations?, state: ProviderState) {
        (self.forecast, self.cams, self.stations, self.state) = (forecast, cams, stations, state)
    }

    /// The forecast held in `source`'s slot (CAMS, or the forecast endpoint and its fallback).
    func held(_ source: UVSource) -> StoredForecast? { source == .cams ? cams : forecast }

    /// The place changed: the forecasts held are the new place's, as the store has them.
    mutating func placeChanged(forecast: StoredForecast?, cams: StoredForecast?) {
        (self.forecast, self.cams) = (forecast, cams)
    }

    /// Changes health or budget; returns the state to keep.
    mutating func changeState(_ change: (inout ProviderState) -> Void) -> ProviderState {
        change(&state)
        return state
    }

    /// A forecast for the current place came at `now`: it is held, and its provider answers.
    mutating func hold(_ fetched: UVForecast, at now: Date) {
        if fetched.source == .cams {
            cams = StoredForecast(fetchedAt: now, forecast: fetched)
        } else {
            forecast = StoredForecast(fetchedAt: now, forecast: fetched)
        }
        problems[fetched.source] = nil
    }

    /// Every station's latest readings came at `now`.
    mutating func holdStations(_ readings: [StationReading], at now: Date) -> StoredStations {
        let kept = StoredStations(fetchedAt: now, readings: readings)
        stations = kept
        remember(readings, now: now)
        return kept
    }

    /// A station's day series: its minutes join the station's history, and its latest reading
    /// replaces the station's in the all-station snapshot (kept with the feed's own fetch time),
    /// which is returned when it changed.
    mutating func holdSeries(_ readings: [StationReading], of station: String, at now: Date) -> StoredStations? {
        remember(readings.filter { now.timeIntervalSince($0.time) < 3600 }, now: now)
        guard let latest = readings.last, let snapshot = stations else { return nil }
        let merged = StoredStations(fetchedAt: snapshot.fetchedAt, readings: snapshot.readings.filter { $0.station != station } + [latest])
        stations = merged
        return merged
    }

    /// What the screen dropped from `source`'s answer at `now`.
    mutating func screenedOut(_ line: String, from source: UVSource, at now: Date) { screened[source] = (line, now) }

    /// Why `source` has nothing to say, or nil once it answers.
    mutating func noteProblem(_ source: UVSource, _ reason: String?) { problems[source] = reason }

    /// Adds the readings of one answer to each station's history, keeping the last hour.
    private mutating func remember(_ readings: [StationReading], now: Date) {
        for reading in readings {
            guard let uvi = reading.uvi else { continue }
            var history = stationHistory[reading.station, default: []].filter {
                now.timeIntervalSince($0.time) < 3600 && $0.time != reading.time
            }
            history.append(UVSample(time: reading.time, uvi: uvi))
            stationHistory[reading.station] = history.sorted { $0.time < $1.time }
        }
    }

    /// The first problem among `sources` (those that apply to the place), as "name: reason".
    func problem(among sources: [UVSource]) -> String? {
        sources.compactMap { source in problems[source].map { "\(source.rawValue): \($0)" } }.first
    }
}
