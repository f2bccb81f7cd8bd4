import FoundationEssentials
import UVCore
import UVProtocol

/// The requests to providers under way and what the last ones came to: which providers are
/// being asked, the refreshes waiting for one of those requests, and those waiting for the round
/// `uvctl refresh` started while it runs. Its state is its own; the refresh code says what happens.
struct ProviderRequests {
    /// Providers with a request under way.
    private var inFlight: Set<UVSource> = []
    /// What each provider's last request came to, and when it was asked (for a refresh refused
    /// as too soon, which says what the last one got).
    private(set) var lastOutcomes: [UVSource: (asked: Date, outcome: SourceOutcome)] = [:]
    /// Refreshes waiting for a request already under way, resumed with its outcome.
    private var waiting: [UVSource: [CheckedContinuation<SourceOutcome, Never>]] = [:]
    /// Whether the round `uvctl refresh` started runs; a refresh asked meanwhile waits for it
    /// and answers with its outcomes, rather than being refused as too soon.
    private var forcedRoundRuns = false
    /// The refreshes waiting for the forced round under way, resumed with its outcomes.
    private var joined: [CheckedContinuation<[SourceOutcome], Never>] = []
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

    /// Whether a forced round runs, for a refresh to join.
    var forcedRoundUnderWay: Bool { forcedRoundRuns }

    /// A refresh joins the forced round under way: `continuation` is resumed with its outcomes.
    mutating func join(_ continuation: CheckedContinuation<[SourceOutcome], Never>) {
        refreshesJoined += 1
        joined.append(continuation)
    }

    mutating func forcedRoundStarted() { forcedRoundRuns = true }

    /// The forced round ended with `outcomes`: every refresh that joined it is told.
    mutating func forcedRoundEnded(_ outcomes: [SourceOutcome]) {
        forcedRoundRuns = false
        for waiter in joined { waiter.resume(returning: outcomes) }
        joined = []
    }
}
