import FoundationEssentials
import UVCore

/// The one deadline to wake at: the earliest moment any rule could speak.
enum Deadlines {
    static func next(_ state: EngineState, _ facts: DayFacts) -> Date {
        let now = facts.now
        // Each rule's own, then what the engine keeps for every rule: a reminder asked for later,
        // the end of quiet hours holding something, the end of a snooze.
        var candidates = Rules.all.flatMap { $0.deadlines(state, facts) }
        candidates += state.remindAt.values
        if !state.held.isEmpty, let end = state.quietEnd(after: now) { candidates.append(end) }
        candidates += state.snoozedUntil.values
        // The next local day brings the next morning.
        if let end = state.day?.interval.end { candidates.append(end) }
        // The end of the local day is always among them; the fallback is never reached in practice.
        return candidates.filter { $0 > now }.min() ?? now.addingTimeInterval(3600)
    }
}
