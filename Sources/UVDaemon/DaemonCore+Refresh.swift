import FoundationEssentials
import UVConfig
import UVCore
import UVProtocol
import UVProviderPolicy
import UVProviders

/// The refresh rounds: which providers are due, each asked at the same time, and what
/// `uvctl refresh` answers. What a request changes is made in DaemonCore.swift (`fetch`,
/// `requestsLeave`, `requestEnded`, `runForcedRound`); this file decides and waits.
extension DaemonCore {
    /// The refresh loop's round: asks every provider that is due and says when to look again.
    func refreshIfDue(now: Date) async -> Date {
        await refreshRound(now: now, forced: false).next
    }

    /// Asks the providers that are due (all that apply, when `forced`), each independently and
    /// at the same time, so one that hangs never delays another; returns what each came to and
    /// when the next is due. A forced round ignores the backoff and the automatic budget, but
    /// not a provider's own `Retry-After`.
    func refreshRound(now: Date, forced: Bool) async -> (next: Date, outcomes: [SourceOutcome]) {
        let policy = loaded.configuration.policy
        let context = FetchContext(now: now, coordinate: currentPlace.coordinate, timeZone: currentPlace.timeZone, policy: policy)
        var next = now.addingTimeInterval(6 * 3600)
        var outcomes: [SourceOutcome] = []
        var considered: Set<UVSource> = []
        // A second pass picks up a fallback that applies once the first failed (OpenWeatherMap
        // when Open-Meteo did not answer).
        while true {
            var jobs: [UVSource] = []
            var underWay: [UVSource] = []
            let withinBudget = forced || budget.used(on: context.day) < policy.dailyBudget
            for source in UVSource.allCases where !considered.contains(source) {
                guard let due = due(source, now: now, context: context, forced: forced) else { continue }
                considered.insert(source)
                if providers.requests.isAsking(source) {
                    if forced {
                        underWay.append(source)
                    } else {
                        outcomes.append(
                            SourceOutcome(source: source, result: .skipped, message: tr("a request is under way already")))
                    }
                } else if due <= now, withinBudget,
                    forced || !source.isForecast || forecastsLeft(context, policy: policy, planned: jobs) > 0
                {
                    jobs.append(source)
                } else if due <= now, withinBudget {
                    // Each forecast due on its own, together past the day's forecast requests.
                    next = min(next, context.endOfDay)
                } else {
                    next = min(next, due)
                    if forced {
                        let until = readable(due, now: now)
                        outcomes.append(
                            SourceOutcome(
                                source: source, result: .refused,
                                message: tr("not asked: it asked to wait until %1$@ (Retry-After)", until)))
                    }
                }
            }
            guard !jobs.isEmpty || !underWay.isEmpty else { break }
            requestsLeave(jobs)
            await withTaskGroup(of: (UVSource, SourceOutcome, Bool).self) { group in
                for source in jobs { group.addTask { (source, await self.fetch(source, now: now, context: context), true) } }
                // A request already under way is waited for, not skipped: it ends within the
                // fetch's own deadline (30 s, and 5 s more before its process is killed).
                for source in underWay { group.addTask { (source, await self.outcomeOfRequestUnderWay(source), false) } }
                for await (source, outcome, ours) in group {
                    if ours { requestEnded(source, asked: now, outcome: outcome) }
                    outcomes.append(outcome)
                }
            }
            for source in jobs {
                if let again = due(source, now: now, context: context, forced: false) { next = min(next, again) }
            }
        }
        return (max(next, now.addingTimeInterval(1)), outcomes.sorted { $0.source.rawValue < $1.source.rawValue })
    }

    /// Forecast requests left today once `planned` go out.
    private func forecastsLeft(_ context: FetchContext, policy: FetchPolicy, planned: [UVSource]) -> Int {
        policy.dailyForecastBudget - budget.forecastsUsed(on: context.day) - planned.filter(\.isForecast).count
    }

    /// What the last requests to the providers that apply got, for a refresh refused as too
    /// soon: "open-meteo at 10:05: HTTP 503; arpansa at 10:05: …".
    private func lastAnswers(now: Date) -> String? {
        let said = providers.requests.lastOutcomes.sorted { $0.key.rawValue < $1.key.rawValue }.map { source, last in
            tr("%1$@ at %2$@: %3$@", source.rawValue, readable(last.asked, now: now), last.outcome.message)
        }
        return said.isEmpty ? nil : said.joined(separator: "; ")
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
            health.lastSuccess = forecastFetchedAt(source)
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
            return policy.nextARPANSA(health, budget: budget, context: context, nearStation: near, measuredValueNeeded: hasSubscribers)
        case .model:
            return nil
        }
    }

    /// `uvctl refresh`: one immediate round, at most every 5 minutes and within the budget,
    /// answered with what each provider came to. Asked while such a round runs, it waits for that
    /// round and answers with its outcomes.
    func requestRefresh(now: Date) async throws(Refusal) -> [SourceOutcome] {
        if let round = joinForcedRound() { return await round.value }
        let policy = loaded.configuration.policy
        let context = FetchContext(now: now, coordinate: currentPlace.coordinate, timeZone: currentPlace.timeZone, policy: policy)
        switch policy.manualRefresh(lastManual: providers.state.lastManualRefresh, budget: budget, context: context) {
        case .tooSoon(let retryAt):
            let refused = tr("refreshed less than 5 minutes ago; try again after %1$@", readable(retryAt, now: now))
            throw Refusal(.refreshRefused, lastAnswers(now: now).map { refused + "\n" + tr("The last answers: %1$@", $0) } ?? refused)
        case .budgetSpent(let resetsAt):
            throw Refusal(
                .refreshRefused,
                trn(
                    "today's %1$@ provider request is used; the count resets at %2$@",
                    "today's %1$@ provider requests are used; the count resets at %2$@", count: policy.dailyBudget, policy.dailyBudget,
                    readable(resetsAt, now: now)))
        case .allowed:
            return await runForcedRound(now: now)
        }
    }

    /// The round of `uvctl refresh`: every provider that applies, each forecast saying when its
    /// model's next run is due (asking sooner brings nothing new); the next scheduled round is
    /// then worked out afresh.
    func forcedRound(now: Date) async -> [SourceOutcome] {
        let outcomes = await refreshRound(now: now, forced: true).outcomes.map { outcome in
            guard let schedule = ModelSchedule.of(outcome.source) else { return outcome }
            var said = outcome
            said.message = tr("%1$@ (its next model run is due at %2$@)", outcome.message, readable(schedule.nextOut(after: now), now: now))
            return said
        }
        refreshSoon(now: now)
        return outcomes
    }
}
