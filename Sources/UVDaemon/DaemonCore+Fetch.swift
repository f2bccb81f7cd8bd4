import Foundation
import UVCore
import UVProtocol
import UVProviderPolicy
import UVProviders

/// One request to one provider: counted in the day's budget before it goes out, asked by a
/// `ProviderFetcher` away from the core's state, and what its answer comes to kept in one step
/// (kept, or counted as a failure with its backoff).
extension DaemonCore {
    func fetch(_ source: UVSource, now: Date, context: FetchContext) async -> ProviderOutcome {
        guard source != .model else { return ProviderOutcome(provider: source.rawValue, result: .skipped, message: "") }
        let request = providerRequest(source, now: now)
        recordRequest(context, forecast: source.isForecast)
        guard let answer = await ProviderFetcher(client: providerClient, answerClock: answerClock).ask(request) else {
            return ProviderOutcome(provider: source.rawValue, result: .skipped, message: "")
        }
        return keep(answer)
    }

    /// What a request to `source` asks, as it leaves. ARPANSA asks the nearby station's day series
    /// (the nowcast's window in one request), or the all-station feed when its last copy is an
    /// hour old (for `uvctl stations`) or no station is near.
    private func providerRequest(_ source: UVSource, now: Date) -> ProviderFetcher.Request {
        let feedAge = providers.stations.map { now.timeIntervalSince($0.fetchedAt) } ?? .infinity
        let near = source == .arpansa && feedAge < 3600 ? nearStation(to: currentPlace) : nil
        return ProviderFetcher.Request(
            source: source, place: currentPlace, health: health(source), key: source == .openWeatherMap ? openWeatherMapKey : nil,
            seriesOf: near, now: now)
    }

    private var providerClient: ProviderClient {
        ProviderClient(
            http: httpClient, endpoints: loaded.configuration.endpoints,
            report: { [weak self] source, note in
                let now = Date()
                Task { await self?.screenedOut(note, from: source, at: now) }
            })
    }

    /// What an answer comes to, kept, heard and shown at once as one event of the time it arrived.
    private func keep(_ answer: ProviderFetcher.Answer) -> ProviderOutcome {
        switch answer {
        case .forecast(let source, let place, let outcome, let now):
            let fresh = { (forecast: UVForecast) -> String in
                self.keep(forecast, for: place, at: now)
                self.logInfo("\(source.rawValue): forecast for \(place.name) (\(forecast.hourly.count) hours)")
                return trn(
                    "a forecast for %1$@ (%2$@ hour)", "a forecast for %1$@ (%2$@ hours)", count: forecast.hourly.count, place.name,
                    forecast.hourly.count)
            }
            return kept(source, outcome, now: now, unchanged: { keepUnchanged(source, at: now) }, fresh: fresh)
        case .stations(let outcome, let now):
            return kept(.arpansa, outcome, now: now) { readings in
                keepStations(readings, at: now)
                noteProblem(.arpansa, nil)
                return trn("%1$@ station's measurements", "%1$@ stations' measurements", count: readings.count, readings.count)
            }
        case .series(let station, let outcome, let now):
            return kept(.arpansa, outcome, now: now) { readings in
                keepSeries(readings, of: station, at: now)
                noteProblem(.arpansa, nil)
                return trn("%1$@: %2$@ measured minute", "%1$@: %2$@ measured minutes", count: readings.count, station.id, readings.count)
            }
        }
    }

    /// One provider's answer: what it brought kept by `fresh` (which says what was kept), a 304
    /// by `unchanged`, a failure counted with its backoff; the provider's health follows.
    private func kept<Value: Sendable>(
        _ source: UVSource, _ outcome: FetchOutcome<Value>, now: Date, unchanged: () -> Void = {}, fresh: (Value) -> String
    ) -> ProviderOutcome {
        defer { settle(now: now, waitingForDelivery: true) }
        switch outcome {
        case .fetched(let value, let etag, let lastModified):
            let said = fresh(value)
            updateProviderState { $0[source].recordSuccess(at: now, etag: etag, lastModified: lastModified) }
            return ProviderOutcome(provider: source.rawValue, result: .fresh, message: said)
        case .notModified:
            unchanged()
            updateProviderState { $0[source].recordSuccess(at: now, etag: nil, lastModified: nil) }
            return ProviderOutcome(provider: source.rawValue, result: .notModified, message: tr("not modified since its last answer"))
        case .failed(let reason, let retryAfter):
            failed(source, reason: reason, retryAfter: retryAfter, now: now)
            return ProviderOutcome(provider: source.rawValue, result: .failed, message: reason)
        }
    }

    private func failed(_ source: UVSource, reason: String, retryAfter: TimeInterval?, now: Date) {
        let policy = loaded.configuration.policy
        updateProviderState {
            $0[source].recordFailure(at: now, error: reason, retryAfter: retryAfter, jitter: Double.random(in: 0...1), policy: policy)
        }
        noteProblem(source, reason)
        logWarning("\(source.rawValue): \(reason)")
    }

    /// Counts a request in the day's budget, kept before it goes out: a request a crash cut
    /// short still counts. Nothing else changed, so nothing is blended, heard or shown: the
    /// answer's settling does that.
    private func recordRequest(_ context: FetchContext, forecast: Bool = false) {
        updateProviderState { $0.budget.record(on: context.day, forecast: forecast) }
        keepUnsaved()
    }
}
