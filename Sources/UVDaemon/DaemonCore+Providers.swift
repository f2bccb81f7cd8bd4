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
    func held(_ source: UVSource) -> StoredForecast? { providers.held(source) }
    var providerStateSnapshot: ProviderState { providers.state }

    func health(_ source: UVSource) -> ProviderHealth { providers.state[source] }

    /// Changes the providers' health or budget, to be kept with the event's settling.
    func updateProviderState(_ change: (inout ProviderState) -> Void) {
        unsaved.providerState = providers.changeState(change)
    }

    /// Keeps a forecast fetched for `fetchedFor`; held only if the place is still that one.
    func keep(_ fetched: UVForecast, for fetchedFor: Place, at now: Date) {
        unsaved.forecasts.append((fetched, now, fetchedFor.key))
        guard fetchedFor.key == user.place.key else { return }
        providers.keep(fetched, at: now)
    }

    /// A 304: the forecast held from `source` is current as of now.
    func keepUnchanged(_ source: UVSource, at now: Date) {
        guard let held = held(source) else { return }
        keep(held.forecast, for: user.place, at: now)
    }

    func keepStations(_ readings: [StationReading], at now: Date) {
        unsaved.stations = providers.keepStations(readings, at: now)
    }

    /// A station's day series (`ProviderMemory.keepSeries`).
    func keepSeries(_ readings: [StationReading], of station: ARPANSAStation, at now: Date) {
        if let merged = providers.keepSeries(readings, of: station.id, at: now) { unsaved.stations = merged }
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
