import Foundation
import UVCore
import UVProtocol
import UVProviderPolicy
import UVProviders
import UVStore

/// What the providers told uvd and how each is doing: the current place's forecast, the
/// stations' readings, each provider's health and the day's request budget, why each last
/// failed, and which have a request under way.
struct ProviderMemory {
    /// The latest forecast for the current place from the forecast endpoint (or its fallback).
    var forecast: StoredForecast?
    /// The latest CAMS forecast for the current place.
    var cams: StoredForecast?
    var stations: StoredStations?
    /// Each station's readings of the last hour, as they came (the nowcast's window is 15 minutes).
    var stationHistory: [String: [UVSample]] = [:]
    /// Health, backoff and budget, kept in the store.
    var state: ProviderState
    /// Why each provider last failed, until it answers again.
    var problems: [UVSource: String] = [:]
    /// What the screen last dropped from each provider's answers (an implausible value, a time
    /// too far from now), and when: for `uvctl doctor`.
    var screened: [UVSource: (line: String, at: Date)] = [:]
    /// The requests under way and what the last ones came to.
    var requests = ProviderRequests()

    /// Adds the readings of one answer to each station's history, keeping the last hour.
    mutating func remember(_ readings: [StationReading], now: Date) {
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
