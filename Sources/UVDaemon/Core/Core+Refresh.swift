import FoundationEssentials
import UVConfig
import UVCore
import UVProtocol
import UVProviderPolicy
import UVProviders
import UVStore

/// The refresh rounds' decisions: which providers are due, each asked at the same time. The shell
/// runs a round pass by pass (`CoreShell.refreshRound`); this decides each pass.
extension Core {
    /// One pass of a round: the providers to ask now, those whose request under way is waited
    /// for (a forced round), what the others come to, and when the next round is due.
    struct RoundPass: Sendable {
        var jobs: [UVSource] = []
        var underWay: [UVSource] = []
        var outcomes: [SourceOutcome] = []
        /// Providers this round has considered so far, this pass's included.
        var considered: Set<UVSource>
        var next: Date
    }

    /// The context a round at `now` decides in.
    func fetchContext(now: Date) -> FetchContext {
        FetchContext(
            now: now, coordinate: currentPlace.coordinate, timeZone: currentPlace.timeZone, policy: loaded.configuration.policy)
    }

    /// The next pass of a round at `now` (all that apply, when `forced`): `asking` are the
    /// providers with a request under way, `asked` those the last pass asked (their next time
    /// counts), `considered` those the round has seen. A second pass picks up a fallback that
    /// applies once the first failed (OpenWeatherMap when Open-Meteo did not answer). A forced
    /// round ignores the backoff and the automatic budget, but not a provider's own
    /// `Retry-After`.
    func roundPass(
        now: Date, context: FetchContext, forced: Bool, considered: Set<UVSource>, asking: Set<UVSource>, asked: [UVSource], next: Date
    ) -> RoundPass {
        let policy = loaded.configuration.policy
        var pass = RoundPass(considered: considered, next: next)
        for source in asked {
            if let again = due(source, now: now, context: context, forced: false) { pass.next = min(pass.next, again) }
        }
        let withinBudget = forced || budget.used(on: context.day) < policy.dailyBudget
        for source in UVSource.allCases where !considered.contains(source) {
            guard let due = due(source, now: now, context: context, forced: forced) else { continue }
            pass.considered.insert(source)
            if asking.contains(source) {
                if forced {
                    pass.underWay.append(source)
                } else {
                    pass.outcomes.append(SourceOutcome(source: source, result: .skipped, message: tr("a request is under way already")))
                }
            } else if due <= now, withinBudget,
                forced || !source.isForecast || forecastsLeft(context, policy: policy, planned: pass.jobs) > 0
            {
                pass.jobs.append(source)
            } else if due <= now, withinBudget {
                // Each forecast due on its own, together past the day's forecast requests.
                pass.next = min(pass.next, context.endOfDay)
            } else {
                pass.next = min(pass.next, due)
                if forced {
                    let until = readable(due, now: now)
                    pass.outcomes.append(
                        SourceOutcome(
                            source: source, result: .refused, message: tr("not asked: it asked to wait until %1$@ (Retry-After)", until)))
                }
            }
        }
        return pass
    }

    /// Forecast requests left today once `planned` go out.
    private func forecastsLeft(_ context: FetchContext, policy: FetchPolicy, planned: [UVSource]) -> Int {
        policy.dailyForecastBudget - budget.forecastsUsed(on: context.day) - planned.filter(\.isForecast).count
    }

    /// When `source` is next due, or nil when it does not apply (disabled, no key, no station).
    private func due(_ source: UVSource, now: Date, context: FetchContext, forced: Bool) -> Date? {
        let configuration = loaded.configuration
        let policy = configuration.policy
        var health = health(source)
        let asked = forced ? max(now, health.retryAfterUntil ?? now) : nil
        if source.isForecast {
            // A forecast is for a place: the schedule counts from this place's last forecast, so a
            // new place gets its own at once (failures and Retry-After still hold for the provider).
            health.lastSuccess = providers.held(source)?.fetchedAt
        }
        switch source {
        case .cams:
            guard configuration.camsEnabled else { return nil }
            return asked ?? policy.nextForecast(.cams, health, budget: budget, context: context)
        case .openMeteo:
            guard configuration.openMeteoEnabled else { return nil }
            return asked ?? policy.nextForecast(.forecastEndpoint, health, budget: budget, context: context)
        case .openWeatherMap:
            guard openWeatherMapKey != nil, !configuration.openMeteoEnabled || self.health(.openMeteo).consecutiveFailures > 0 else {
                return nil
            }
            return asked ?? policy.nextForecast(.forecastEndpoint, health, budget: budget, context: context)
        case .arpansa:
            guard configuration.arpansaEnabled else { return nil }
            let near = nearStation(to: currentPlace) != nil
            // A forced refresh asks a station nearby whatever the hour: the user asked.
            if forced, near { return asked }
            return policy.nextARPANSA(
                health, budget: budget, context: context, nearStation: near, measuredValueNeeded: watchers.wantMeasurements)
        case .model:
            return nil
        }
    }
}
