import FoundationEssentials
import UVCore
import UVProviderPolicy

/// The refresh rounds under way and the requests out, as the core runs them: a round goes pass
/// by pass (`Core.roundPass` decides each, at the round's start); a pass's requests go out at
/// once, each answer is an event of its own, and the pass ends when every request it waits for
/// has answered; the round ends when a pass asks nothing. A scheduled round and the round
/// `uvctl refresh` starts may run side by side: a request one sent is waited for by the other,
/// never sent twice.
struct RefreshRounds: Sendable {
    /// Which round: the schedule's, or the one `uvctl refresh` asked for.
    enum Kind: Sendable, CaseIterable {
        case scheduled, forced
    }

    /// One round as it runs.
    struct Round: Sendable {
        /// When it began: every pass decides at this time, and its requests are asked at it.
        let startedAt: Date
        let context: FetchContext
        /// Providers the round has considered so far.
        fileprivate(set) var considered: Set<UVSource> = []
        /// When the next scheduled round is due, as far as this one has found.
        fileprivate(set) var next: Date
        fileprivate(set) var outcomes: [SourceOutcome] = []
        /// The last pass's requests (their next time counts in the pass after).
        fileprivate(set) var asked: [UVSource] = []
        /// The requests the pass waits for.
        fileprivate var awaiting: Set<UVSource> = []
        /// Of those, the ones another round sent (said as "the request already under way").
        fileprivate var sentByAnother: Set<UVSource> = []
    }

    private var rounds: [Kind: Round] = [:]
    /// A scheduled round came due while one ran (a watcher came, the place moved): another
    /// follows it at once, for what changed, instead of a second running beside it.
    private var scheduledAgain = false
    /// Providers with a request out, and when each was asked.
    private var out: [UVSource: Date] = [:]
    /// What each provider's last request came to, and when it was asked (for a refresh refused as
    /// too soon, which says what the last one got).
    private(set) var lastOutcomes: [UVSource: (asked: Date, outcome: SourceOutcome)] = [:]

    subscript(kind: Kind) -> Round? { rounds[kind] }

    /// Providers with a request out.
    var requestsOut: Set<UVSource> { Set(out.keys) }

    /// A round of `kind` begins at `now`; the next scheduled one is due in 6 hours unless a
    /// provider says sooner.
    mutating func start(_ kind: Kind, at now: Date, context: FetchContext) {
        rounds[kind] = Round(startedAt: now, context: context, next: now.addingTimeInterval(6 * 3600))
    }

    /// Takes a pass of `kind`'s round: what it found, and the requests it sends (marked out) and
    /// waits for. Whether the pass asked or waits for anything (else the round is over).
    mutating func take(_ pass: Core.RoundPass, for kind: Kind) -> Bool {
        guard var round = rounds[kind] else { return false }
        (round.considered, round.next, round.asked) = (pass.considered, pass.next, pass.jobs)
        round.outcomes += pass.outcomes
        round.awaiting = Set(pass.jobs).union(pass.underWay)
        round.sentByAnother = Set(pass.underWay)
        for source in pass.jobs { out[source] = round.startedAt }
        rounds[kind] = round
        return !round.awaiting.isEmpty
    }

    /// The request to `source` ended with `outcome`: recorded, and given to every round that
    /// waited for it. The rounds whose pass it ended, for the core to take their next pass.
    mutating func ended(_ source: UVSource, with outcome: SourceOutcome) -> [Kind] {
        let asked = out.removeValue(forKey: source)
        if let asked { lastOutcomes[source] = (asked, outcome) }
        var passesEnded: [Kind] = []
        for kind in Kind.allCases {
            guard var round = rounds[kind], round.awaiting.remove(source) != nil else { continue }
            var said = outcome
            if round.sentByAnother.contains(source) {
                said.message = tr("%1$@ (the request already under way)", outcome.message)
            }
            round.outcomes.append(said)
            rounds[kind] = round
            if round.awaiting.isEmpty { passesEnded.append(kind) }
        }
        return passesEnded
    }

    /// A scheduled round came due while one runs: another is wanted once it ends.
    mutating func wantScheduledAgain() { scheduledAgain = true }

    /// `kind`'s round is over: it is taken away, as it ended, with whether another scheduled
    /// round is wanted at once.
    mutating func finish(_ kind: Kind) -> (round: Round, again: Bool)? {
        guard let round = rounds.removeValue(forKey: kind) else { return nil }
        defer { if kind == .scheduled { scheduledAgain = false } }
        return (round, kind == .scheduled && scheduledAgain)
    }
}
