import Foundation
import UVCore
import UVProtocol
import UVProviders

extension DaemonCore {
    /// Asks every provider that is due, keeps what comes back, and says when to look again.
    func refreshIfDue(now: Date) async -> Date {
        let policy = loaded.configuration.policy
        let context = FetchContext(now: now, coordinate: currentPlace.coordinate, timeZone: currentPlace.timeZone, policy: policy)
        var next = now.addingTimeInterval(6 * 3600)

        // A forced round (uvctl refresh) asks every enabled provider now, backoff or not.
        let forced = forceNext
        if loaded.configuration.openMeteoEnabled {
            let due = forced ? now : policy.nextOpenMeteo(health(.openMeteo), budget: budget, context: context)
            if due <= now, forcedOrWithinBudget(context) {
                await fetchOpenMeteo(now: now, context: context)
                next = min(next, policy.nextOpenMeteo(health(.openMeteo), budget: budget, context: context))
            } else {
                next = min(next, due)
            }
        }
        if let key = openWeatherMapKey, !loaded.configuration.openMeteoEnabled || health(.openMeteo).consecutiveFailures > 0 {
            let due = forced ? now : policy.nextOpenMeteo(health(.openWeatherMap), budget: budget, context: context)
            if due <= now, forcedOrWithinBudget(context) {
                await fetchOpenWeatherMap(key: key, now: now, context: context)
                next = min(next, policy.nextOpenMeteo(health(.openWeatherMap), budget: budget, context: context))
            } else {
                next = min(next, due)
            }
        }
        if loaded.configuration.arpansaEnabled {
            let near = ARPANSAStation.nearest(to: currentPlace.coordinate, within: loaded.configuration.stationRadiusKilometres) != nil
            // A forced refresh asks a station nearby whatever the hour: the user asked.
            if let due = forced && near ? now
                : policy.nextARPANSA(health(.arpansa), budget: budget, context: context, nearStation: near, measuredValueNeeded: hasSubscribers) {
                if due <= now, forcedOrWithinBudget(context) {
                    await fetchARPANSA(now: now, context: context)
                    if let again = policy.nextARPANSA(health(.arpansa), budget: budget, context: context, nearStation: near, measuredValueNeeded: hasSubscribers) {
                        next = min(next, again)
                    }
                } else {
                    next = min(next, due)
                }
            }
        }
        forceNext = false
        return max(next, now.addingTimeInterval(1))
    }

    /// `uvctl refresh`: one immediate round, at most every 5 minutes and within the budget.
    func requestRefresh(now: Date) throws(VarlinkError) -> String {
        let policy = loaded.configuration.policy
        let context = FetchContext(now: now, coordinate: currentPlace.coordinate, timeZone: currentPlace.timeZone, policy: policy)
        let iso = ISOTimestamp(timeZone: currentPlace.timeZone)
        switch policy.manualRefresh(lastManual: providerStateSnapshot.lastManualRefresh, budget: budget, context: context) {
        case .tooSoon(let retryAt):
            throw .uvd(name: "RefreshRefused", message: tr("refreshed less than 5 minutes ago; try again after %1$@", iso.string(retryAt)))
        case .budgetSpent(let resetsAt):
            throw .uvd(name: "RefreshRefused", message: tr("today's %1$@ provider requests are used; the count resets at %2$@", policy.dailyBudget, iso.string(resetsAt)))
        case .allowed:
            updateProviderState { $0.lastManualRefresh = now }
            forceNext = true
            doorbell.ring()
            return tr("refresh requested")
        }
    }

    private var providerClient: ProviderClient {
        ProviderClient(http: httpClient, endpoints: loaded.configuration.endpoints, report: { [weak self] line in
            Task { await self?.logWarning(line) }
        })
    }

    private func forcedOrWithinBudget(_ context: FetchContext) -> Bool {
        forceNext || budget.used(on: context.day) < loaded.configuration.policy.dailyBudget
    }

    private func fetchOpenMeteo(now: Date, context: FetchContext) async {
        let client = providerClient
        let place = currentPlace
        recordRequest(context)
        switch await client.openMeteo(for: place.coordinate, health: health(.openMeteo), now: now) {
        case .fetched(let forecast, let etag, let lastModified):
            await keep(forecast, for: place, at: now)
            updateProviderState { $0[.openMeteo].recordSuccess(at: now, etag: etag, lastModified: lastModified) }
            logInfo("open-meteo: forecast for \(place.name) (\(forecast.hourly.count) hours)")
        case .notModified:
            await keepUnchanged(at: now)
            updateProviderState { $0[.openMeteo].recordSuccess(at: now, etag: nil, lastModified: nil) }
        case .failed(let reason, let retryAfter):
            failed(.openMeteo, reason: reason, retryAfter: retryAfter, now: now)
        }
    }

    /// The fallback when Open-Meteo is off or failing, for users with a key.
    private func fetchOpenWeatherMap(key: String, now: Date, context: FetchContext) async {
        let client = providerClient
        let place = currentPlace
        recordRequest(context)
        switch await client.openWeatherMap(for: place.coordinate, key: key, health: health(.openWeatherMap), now: now) {
        case .fetched(let forecast, let etag, let lastModified):
            await keep(forecast, for: place, at: now)
            updateProviderState { $0[.openWeatherMap].recordSuccess(at: now, etag: etag, lastModified: lastModified) }
            logInfo("openweathermap: forecast for \(place.name) (\(forecast.hourly.count) hours)")
        case .notModified:
            await keepUnchanged(at: now)
            updateProviderState { $0[.openWeatherMap].recordSuccess(at: now, etag: nil, lastModified: nil) }
        case .failed(let reason, let retryAfter):
            failed(.openWeatherMap, reason: reason, retryAfter: retryAfter, now: now)
        }
    }

    private func fetchARPANSA(now: Date, context: FetchContext) async {
        let client = providerClient
        recordRequest(context)
        switch await client.arpansa(health: health(.arpansa), now: now) {
        case .fetched(let readings, let etag, let lastModified):
            keepStations(readings, at: now)
            updateProviderState { $0[.arpansa].recordSuccess(at: now, etag: etag, lastModified: lastModified) }
        case .notModified:
            updateProviderState { $0[.arpansa].recordSuccess(at: now, etag: nil, lastModified: nil) }
        case .failed(let reason, let retryAfter):
            failed(.arpansa, reason: reason, retryAfter: retryAfter, now: now)
        }
    }

    private func failed(_ source: UVSource, reason: String, retryAfter: TimeInterval?, now: Date) {
        let policy = loaded.configuration.policy
        updateProviderState { $0[source].recordFailure(at: now, error: reason, retryAfter: retryAfter, jitter: Double.random(in: 0...1), policy: policy) }
        noteProblem(reason)
        logWarning(reason)
    }

    private func recordRequest(_ context: FetchContext) {
        updateProviderState { $0.budget.record(on: context.day) }
    }
}
