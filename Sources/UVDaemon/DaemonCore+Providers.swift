import Foundation
import UVCore
import UVProviderPolicy
import UVProviders
import UVStore

/// What the providers answered: held in `providers` and put in `unsaved`, for the answer's
/// `settle` (DaemonCore+Fetch) to keep in one transaction and feed to the engine.
extension DaemonCore {
    var budget: RequestBudget { providers.state.budget }
    /// When the current place's forecast from `source` (CAMS, or the forecast endpoint and its
    /// fallback) was fetched, if it has one.
    func forecastFetchedAt(_ source: UVSource) -> Date? { held(source)?.fetchedAt }

    /// The forecast kept for the current place in `source`'s slot.
    func held(_ source: UVSource) -> StoredForecast? { source == .cams ? providers.cams : providers.forecast }
    var providerStateSnapshot: ProviderState { providers.state }

    func health(_ source: UVSource) -> ProviderHealth { providers.state[source] }

    /// Changes the providers' health or budget, to be kept with the event's settling.
    func updateProviderState(_ change: (inout ProviderState) -> Void) {
        change(&providers.state)
        unsaved.providerState = providers.state
    }

    /// Keeps a forecast fetched for `fetchedFor`; ignored if the place changed meanwhile.
    func keep(_ fetched: UVForecast, for fetchedFor: Place, at now: Date) {
        unsaved.forecasts.append((fetched, now, fetchedFor.key))
        guard fetchedFor.key == user.place.key else { return }
        if fetched.source == .cams {
            providers.cams = StoredForecast(fetchedAt: now, forecast: fetched)
        } else {
            providers.forecast = StoredForecast(fetchedAt: now, forecast: fetched)
        }
        providers.problems[fetched.source] = nil
    }

    /// A 304: the forecast held from `source` is current as of now.
    func keepUnchanged(_ source: UVSource, at now: Date) {
        guard let held = held(source) else { return }
        keep(held.forecast, for: user.place, at: now)
    }

    func keepStations(_ readings: [StationReading], at now: Date) {
        let stations = StoredStations(fetchedAt: now, readings: readings)
        unsaved.stations = stations
        providers.stations = stations
        providers.remember(readings, now: now)
    }

    /// A station's day series: its minutes join the station's history, and its latest reading
    /// replaces the station's in the all-station snapshot (kept with the feed's own fetch time).
    func keepSeries(_ readings: [StationReading], of station: ARPANSAStation, at now: Date) {
        providers.remember(readings.filter { now.timeIntervalSince($0.time) < 3600 }, now: now)
        if let latest = readings.last, let snapshot = providers.stations {
            let merged = StoredStations(
                fetchedAt: snapshot.fetchedAt, readings: snapshot.readings.filter { $0.station != station.id } + [latest])
            unsaved.stations = merged
            providers.stations = merged
        }
    }

    /// A value the plausibility screen dropped from `source`'s answer ("dropped Sydney: UV 99 at
    /// …"): logged under the provider's name, and kept for the doctor.
    func screenedOut(_ note: String, from source: UVSource, at now: Date) {
        log.warning("\(source.rawValue): \(note)")
        providers.screened[source] = (note, now)
    }

    /// Why `source` has nothing to say, or nil once it answers: a failure may be what lets the
    /// clear-sky model speak (`DaemonCore.engineSamples`).
    func noteProblem(_ source: UVSource, _ reason: String?) {
        providers.problems[source] = reason
    }
}
