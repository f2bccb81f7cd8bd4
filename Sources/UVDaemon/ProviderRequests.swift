import FoundationEssentials
import UVCore
import UVProtocol

/// The requests to providers under way and what the last ones came to: which providers are
/// being asked, the refreshes waiting for one of those requests, the round `uvctl refresh`
/// started while it runs. Its state is its own; the refresh code says what happens.
struct ProviderRequests {
    /// Providers with a request under way.
    private var inFlight: Set<UVSource> = []
    /// What each provider's last request came to, and when it was asked (for a refresh refused
    /// as too soon, which says what the last one got).
    private(set) var lastOutcomes: [UVSource: (asked: Date, outcome: SourceOutcome)] = [:]
    /// Refreshes waiting for a request already under way, resumed with its outcome.
    private var waiting: [UVSource: [CheckedContinuation<SourceOutcome, Never>]] = [:]
    /// The round `uvctl refresh` started, while it runs: a refresh asked meanwhile waits for it
    /// and answers with its outcomes, rather than being refused as too soon.
    private var forcedRound: Task<[SourceOutcome], Never>?
    /// Refreshes that joined the forced round under way (what a test waits for).
    private(set) var refreshesJoined = 0

    /// Providers with a request under way.
    var underWay: Set<UVSource> { inFlight }

    mutating func asking(_ sources: [UVSource]) { inFlight.formUnion(sources) }

    /// Records how a request ended and hands it to every refresh that waited for it.
    mutating func finished(_ source: UVSource, asked: Date, outcome: SourceOutcome) {
        inFlight.remove(source)
        lastOutcomes[source] = (asked, outcome)
        for waiter in waiting.removeValue(forKey: source) ?? [] { waiter.resume(returning: outcome) }
    }

    /// Waits with `continuation` for the request to `source` under way; resumed at once with its
    /// last outcome (or `ended`) when none is.
    mutating func await(_ source: UVSource, _ continuation: CheckedContinuation<SourceOutcome, Never>, ended: SourceOutcome) {
        if inFlight.contains(source) {
            waiting[source, default: []].append(continuation)
        } else {
            continuation.resume(returning: lastOutcomes[source]?.outcome ?? ended)
        }
    }

    /// The forced round under way, counted as joined.
    mutating func joinForcedRound() -> Task<[SourceOutcome], Never>? {
        guard let forcedRound else { return nil }
        refreshesJoined += 1
        return forcedRound
    }

    mutating func forcedRoundStarted(_ round: Task<[SourceOutcome], Never>) { forcedRound = round }

    mutating func forcedRoundEnded(_ round: Task<[SourceOutcome], Never>) {
        if forcedRound == round { forcedRound = nil }
    }
}
