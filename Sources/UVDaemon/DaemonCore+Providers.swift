import Foundation
import UVCore
import UVProviders
import UVStore
import UVProviderPolicy

/// What the providers answered, kept: in the store first, then in `providers`, and the engine
/// fed the day's new series.
extension DaemonCore {
    var budget: RequestBudget { providers.state.budget }
    /// When the current place's forecast from `source` (CAMS, or the forecast endpoint and its
    /// fallback) was fetched, if it has one.
    func forecastFetchedAt(_ source: UVSource) -> Date? { held(source)?.fetchedAt }

    /// The forecast kept for the current place in `source`'s slot.
    func held(_ source: UVSource) -> StoredForecast? { source == .cams ? providers.cams : providers.forecast }
    var providerStateSnapshot: ProviderState { providers.state }

    func health(_ source: UVSource) -> ProviderHealth { providers.state[source] }

    func updateProviderState(_ change: (inout ProviderState) -> Void) {
        change(&providers.state)
        do { try store.saveProviderState(providers.state) } catch { log.error("store: \(error)") }
    }

    /// Keeps a forecast fetched for `fetchedFor`; ignored if the place changed meanwhile.
    func keep(_ fetched: UVForecast, for fetchedFor: Place, at now: Date) {
        do { try store.saveForecast(fetched, fetchedAt: now, for: fetchedFor.key) } catch { log.error("store: \(error)") }
        guard fetchedFor.key == place.key else { return }
        if fetched.source == .cams {
            providers.cams = StoredForecast(fetchedAt: now, forecast: fetched)
        } else {
            providers.forecast = StoredForecast(fetchedAt: now, forecast: fetched)
        }
        providers.problems[fetched.source] = nil
        changed()
        feedForecast(now: now)
    }

    /// A 304: the forecast held from `source` is current as of now.
    func keepUnchanged(_ source: UVSource, at now: Date) {
        guard let held = held(source) else { return }
        keep(held.forecast, for: place, at: now)
    }

    func keepStations(_ readings: [StationReading], at now: Date) {
        do { try store.saveStationReadings(readings, fetchedAt: now) } catch { log.error("store: \(error)") }
        providers.stations = StoredStations(fetchedAt: now, readings: readings)
        providers.remember(readings, now: now)
        feedForecast(now: now)
        changed()
    }

    /// A station's day series: its minutes join the station's history, and its latest reading
    /// replaces the station's in the all-station snapshot (kept with the feed's own fetch time).
    func keepSeries(_ readings: [StationReading], of station: ARPANSAStation, at now: Date) {
        providers.remember(readings.filter { now.timeIntervalSince($0.time) < 3600 }, now: now)
        if let latest = readings.last, let snapshot = providers.stations {
            let merged = snapshot.readings.filter { $0.station != station.id } + [latest]
            do { try store.saveStationReadings(merged, fetchedAt: snapshot.fetchedAt) } catch { log.error("store: \(error)") }
            providers.stations = StoredStations(fetchedAt: snapshot.fetchedAt, readings: merged)
        }
        changed()
        feedForecast(now: now)
    }

    /// A value the plausibility screen dropped ("arpansa: dropped Sydney: UV 99 at …"): logged,
    /// and kept for the doctor under the provider it names.
    func screenedOut(_ line: String, at now: Date) {
        log.warning("\(line)")
        if let source = UVSource.allCases.first(where: { line.hasPrefix($0.rawValue + ": ") }) {
            providers.screened[source] = (line, now)
        }
    }

    func noteProblem(_ source: UVSource, _ reason: String?, now: Date) {
        providers.problems[source] = reason
        changed()
        // A failure may be what lets the clear-sky model speak (`feedForecast`).
        feedForecast(now: now)
    }
}
