import Foundation
import UVCore
import UVProtocol
import UVProviderPolicy
import UVProviders

/// One request to one provider, and what its answer comes to: kept, or counted as a failure
/// with its backoff. Each request counts in the day's budget before it goes out.
extension DaemonCore {
    func fetch(_ source: UVSource, now: Date, context: FetchContext) async -> ProviderOutcome {
        switch source {
        case .openMeteo: await fetchOpenMeteo(now: now, context: context)
        case .cams: await fetchCAMS(now: now, context: context)
        case .openWeatherMap: await fetchOpenWeatherMap(key: openWeatherMapKey ?? "", now: now, context: context)
        case .arpansa: await fetchARPANSA(now: now, context: context)
        case .model: ProviderOutcome(provider: source.rawValue, result: .skipped, message: "")
        }
    }

    private var providerClient: ProviderClient {
        ProviderClient(
            http: httpClient, endpoints: loaded.configuration.endpoints,
            report: { [weak self] source, note in
                let now = Date()
                Task { await self?.screenedOut(note, from: source, at: now) }
            })
    }

    private func fetchOpenMeteo(now: Date, context: FetchContext) async -> ProviderOutcome {
        let (client, coordinate, health) = (providerClient, currentPlace.coordinate, health(.openMeteo))
        return await fetchForecast(.openMeteo, context: context) {
            await client.openMeteo(for: coordinate, health: health, now: now)
        }
    }

    private func fetchCAMS(now: Date, context: FetchContext) async -> ProviderOutcome {
        let (client, coordinate, health) = (providerClient, currentPlace.coordinate, health(.cams))
        return await fetchForecast(.cams, context: context) { await client.cams(for: coordinate, health: health, now: now) }
    }

    /// The fallback when Open-Meteo is off or failing, for users with a key.
    private func fetchOpenWeatherMap(key: String, now: Date, context: FetchContext) async -> ProviderOutcome {
        let (client, coordinate, health) = (providerClient, currentPlace.coordinate, health(.openWeatherMap))
        return await fetchForecast(.openWeatherMap, context: context) {
            await client.openWeatherMap(for: coordinate, key: key, health: health, now: now)
        }
    }

    /// Asks a forecast provider for the current place and keeps what it answers for that place.
    private func fetchForecast(
        _ source: UVSource, context: FetchContext, request: @Sendable () async -> FetchOutcome<UVForecast>
    ) async -> ProviderOutcome {
        // The place asked for: the user may move while the request is out.
        let place = currentPlace
        recordRequest(context, forecast: source.isForecast)
        let answer = ProviderAnswer(await request(), arrivedAt: answerClock())
        let now = answer.arrivedAt
        // What the answer changed is kept, heard and shown at once, as one event of its time.
        defer { settle(now: now) }
        switch answer.outcome {
        case .fetched(let forecast, let etag, let lastModified):
            keep(forecast, for: place, at: now)
            updateProviderState { $0[source].recordSuccess(at: now, etag: etag, lastModified: lastModified) }
            logInfo("\(source.rawValue): forecast for \(place.name) (\(forecast.hourly.count) hours)")
            return ProviderOutcome(
                provider: source.rawValue, result: .fresh,
                message: trn(
                    "a forecast for %1$@ (%2$@ hour)", "a forecast for %1$@ (%2$@ hours)", count: forecast.hourly.count, place.name,
                    forecast.hourly.count))
        case .notModified:
            keepUnchanged(source, at: now)
            updateProviderState { $0[source].recordSuccess(at: now, etag: nil, lastModified: nil) }
            return ProviderOutcome(provider: source.rawValue, result: .notModified, message: tr("not modified since its last answer"))
        case .failed(let reason, let retryAfter):
            failed(source, reason: reason, retryAfter: retryAfter, now: now)
            return ProviderOutcome(provider: source.rawValue, result: .failed, message: reason)
        }
    }

    /// The nearby station's day series, minute by minute, which gives the nowcast its window in
    /// one request; the all-station feed instead when its last copy is an hour old (for `uvctl
    /// stations`) or no station is near.
    private func fetchARPANSA(now: Date, context: FetchContext) async -> ProviderOutcome {
        let client = providerClient
        let near = nearStation(to: currentPlace)
        let feedAge = providers.stations.map { now.timeIntervalSince($0.fetchedAt) } ?? .infinity
        recordRequest(context)
        if let near, feedAge < 3600, let zone = Zone(identifier: near.timeZoneIdentifier) {
            let answer = ProviderAnswer(
                await client.arpansaSeries(station: near, date: LocalDay.key(now, in: zone), health: health(.arpansa), now: now),
                arrivedAt: answerClock())
            return stationOutcome(answer) { readings in
                keepSeries(readings, of: near, at: answer.arrivedAt)
                return trn("%1$@: %2$@ measured minute", "%1$@: %2$@ measured minutes", count: readings.count, near.id, readings.count)
            }
        }
        let answer = ProviderAnswer(await client.arpansa(health: health(.arpansa), now: now), arrivedAt: answerClock())
        return stationOutcome(answer) { readings in
            keepStations(readings, at: answer.arrivedAt)
            return trn("%1$@ station's measurements", "%1$@ stations' measurements", count: readings.count, readings.count)
        }
    }

    /// What a station request came to, kept by `keep` (which says what was kept), and settled
    /// as one event of the time it arrived.
    private func stationOutcome(_ answer: ProviderAnswer<[StationReading]>, keep: ([StationReading]) -> String) -> ProviderOutcome {
        let now = answer.arrivedAt
        defer { settle(now: now) }
        switch answer.outcome {
        case .fetched(let readings, let etag, let lastModified):
            let kept = keep(readings)
            noteProblem(.arpansa, nil)
            updateProviderState { $0[.arpansa].recordSuccess(at: now, etag: etag, lastModified: lastModified) }
            return ProviderOutcome(provider: UVSource.arpansa.rawValue, result: .fresh, message: kept)
        case .notModified:
            updateProviderState { $0[.arpansa].recordSuccess(at: now, etag: nil, lastModified: nil) }
            return ProviderOutcome(
                provider: UVSource.arpansa.rawValue, result: .notModified, message: tr("not modified since its last answer"))
        case .failed(let reason, let retryAfter):
            failed(.arpansa, reason: reason, retryAfter: retryAfter, now: now)
            return ProviderOutcome(provider: UVSource.arpansa.rawValue, result: .failed, message: reason)
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

    /// A provider's answer and the time it arrived (a round's requests may take up to 35 s): what
    /// it changed is settled at that time, not the round's start.
    private struct ProviderAnswer<Value: Sendable> {
        var outcome: FetchOutcome<Value>
        var arrivedAt: Date

        init(_ outcome: FetchOutcome<Value>, arrivedAt: Date) {
            self.outcome = outcome
            self.arrivedAt = arrivedAt
        }
    }

    /// Counts a request in the day's budget, kept before it goes out: a request a crash cut
    /// short still counts. Nothing else changed, so nothing is blended, heard or shown: the
    /// answer's settling does that.
    private func recordRequest(_ context: FetchContext, forecast: Bool = false) {
        updateProviderState { $0.budget.record(on: context.day, forecast: forecast) }
        keepUnsaved()
    }
}
