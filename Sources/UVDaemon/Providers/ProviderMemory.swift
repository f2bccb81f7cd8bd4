import FoundationEssentials
import Logging
import UVCore
import UVProtocol
import UVProviderPolicy
import UVProviders
import UVStore

/// What the providers told uvd and how each is doing: the forecasts kept for every place (the
/// store's, held from the start and changed as answers come), the stations' readings, each
/// provider's health and the day's request budget, why each last failed. Read by anyone in the
/// core; changed only through its own methods, each a thing that happened, and it takes a
/// provider's answer itself (`take`), returning what the store is to keep of it.
struct ProviderMemory: Sendable {
    /// Every place's forecasts, by place key (`Place.key`): what the store's forecast table holds.
    private var kept: [String: PlaceForecasts]
    /// The key of the place in use, whose forecasts `forecast` and `cams` are.
    private var placeKey: String
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

    /// `kept`: the store's forecasts as uvd starts; `placeKey`: the place in use.
    init(kept: [String: PlaceForecasts], placeKey: String, stations: StoredStations?, state: ProviderState) {
        (self.kept, self.placeKey, self.stations, self.state) = (kept, placeKey, stations, state)
    }

    /// The latest forecast for the current place from the forecast endpoint (or its fallback).
    var forecast: StoredForecast? { kept[placeKey]?.forecast }
    /// The latest CAMS forecast for the current place.
    var cams: StoredForecast? { kept[placeKey]?.cams }

    /// The forecasts kept for the place of `key`, the current one or another.
    func forecasts(for key: String) -> PlaceForecasts { kept[key] ?? PlaceForecasts() }

    /// The forecast held in `source`'s slot (CAMS, or the forecast endpoint and its fallback).
    func held(_ source: UVSource) -> StoredForecast? { source == .cams ? cams : forecast }

    /// The place changed: the forecasts held are those kept for the place of `key`.
    mutating func placeChanged(to key: String) { placeKey = key }

    /// Changes health or budget; returns the state to keep.
    mutating func changeState(_ change: (inout ProviderState) -> Void) -> ProviderState {
        change(&state)
        return state
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

/// A provider's answer, as `ProviderMemory` takes it.
extension ProviderMemory {
    /// What an answer changed that the store is to keep.
    struct Changes: Sendable {
        var forecasts: [(forecast: UVForecast, fetchedAt: Date, placeKey: String)] = []
        var stations: StoredStations?
        var state: ProviderState?
    }

    /// Takes `answer`: what it brought is held (a forecast for the place it was asked for, which
    /// may no longer be `currentPlace`), a 304 renews what is held, a failure is counted with its backoff
    /// (spread by `jitter`, a number from 0 to 1); the provider's health follows. Returns what
    /// `uvctl refresh` is told of it and what the store is to keep.
    mutating func take(
        _ answer: ProviderFetcher.Answer, currentPlace: Place, policy: FetchPolicy, jitter: () -> Double, log: Logger
    ) -> (SourceOutcome, Changes) {
        var changes = Changes()
        let outcome: SourceOutcome
        switch answer {
        case .forecast(let source, let place, let fetch, let now):
            outcome = took(source, fetch, now: now, policy: policy, jitter: jitter, log: log, changes: &changes) {
                memory, changes, forecast in
                memory.hold(forecast, fetchedFor: place, currentPlace: currentPlace, at: now, changes: &changes)
                log.info("\(source.rawValue): forecast for \(place.name) (\(forecast.hourly.count) hours)")
                return trn(
                    "a forecast for %1$@ (%2$@ hour)", "a forecast for %1$@ (%2$@ hours)", count: forecast.hourly.count, place.name,
                    forecast.hourly.count)
            } unchanged: { memory, changes in
                guard let held = memory.held(source) else { return }
                memory.hold(held.forecast, fetchedFor: currentPlace, currentPlace: currentPlace, at: now, changes: &changes)
            }
        case .stations(let fetch, let now):
            outcome = took(.arpansa, fetch, now: now, policy: policy, jitter: jitter, log: log, changes: &changes) {
                memory, changes, readings in
                changes.stations = memory.holdStations(readings, at: now)
                memory.noteProblem(.arpansa, nil)
                return trn("%1$@ station's measurements", "%1$@ stations' measurements", count: readings.count, readings.count)
            } unchanged: { _, _ in
            }
        case .series(let station, let fetch, let now):
            outcome = took(.arpansa, fetch, now: now, policy: policy, jitter: jitter, log: log, changes: &changes) {
                memory, changes, readings in
                if let merged = memory.holdSeries(readings, of: station.id, at: now) { changes.stations = merged }
                memory.noteProblem(.arpansa, nil)
                return trn("%1$@: %2$@ measured minute", "%1$@: %2$@ measured minutes", count: readings.count, station.id, readings.count)
            } unchanged: { _, _ in
            }
        }
        return (outcome, changes)
    }

    /// One provider's answer: what it brought held by `fresh` (which says what was kept), a 304
    /// by `unchanged`, a failure counted with its backoff.
    private mutating func took<Value: Sendable>(
        _ source: UVSource, _ fetch: FetchOutcome<Value>, now: Date, policy: FetchPolicy, jitter: () -> Double, log: Logger,
        changes: inout Changes, fresh: (inout ProviderMemory, inout Changes, Value) -> String,
        unchanged: (inout ProviderMemory, inout Changes) -> Void
    ) -> SourceOutcome {
        switch fetch {
        case .fetched(let value, let etag, let lastModified):
            let said = fresh(&self, &changes, value)
            changes.state = changeState { $0[source].recordSuccess(at: now, etag: etag, lastModified: lastModified) }
            return SourceOutcome(source: source, result: .fresh, message: said)
        case .notModified:
            unchanged(&self, &changes)
            changes.state = changeState { $0[source].recordSuccess(at: now, etag: nil, lastModified: nil) }
            return SourceOutcome(source: source, result: .notModified, message: tr("not modified since its last answer"))
        case .failed(let reason, let retryAfter):
            let draw = jitter()
            changes.state = changeState {
                $0[source].recordFailure(at: now, error: reason, retryAfter: retryAfter, jitter: draw, policy: policy)
            }
            noteProblem(source, reason)
            log.warning("\(source.rawValue): \(reason)")
            return SourceOutcome(source: source, result: .failed, message: reason)
        }
    }

    /// A forecast fetched for `fetchedFor` is kept for that place, as the store keeps it; its
    /// provider answers for the place in use only while that is still the place.
    private mutating func hold(_ fetched: UVForecast, fetchedFor: Place, currentPlace: Place, at now: Date, changes: inout Changes) {
        changes.forecasts.append((fetched, now, fetchedFor.key))
        kept[fetchedFor.key, default: PlaceForecasts()][ForecastSlot(fetched.source)] = StoredForecast(fetchedAt: now, forecast: fetched)
        guard fetchedFor.key == currentPlace.key else { return }
        problems[fetched.source] = nil
    }
}
