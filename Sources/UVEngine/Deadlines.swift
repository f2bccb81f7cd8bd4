import FoundationEssentials
import UVCore

/// The one deadline to wake at: the earliest moment any rule could speak.
enum Deadlines {
    static func next(_ state: EngineState, _ facts: DayFacts) -> Date {
        let now = facts.now
        // The earliest candidate after now, kept as they come (this runs at every step).
        var earliest: Date?
        func consider(_ candidate: Date) {
            if candidate > now, earliest.map({ candidate < $0 }) ?? true { earliest = candidate }
        }
        // Each rule's own, then what the engine keeps for every rule: a reminder asked for later,
        // the end of quiet hours holding something, the end of a snooze.
        for rule in Rules.all { rule.deadlines(state, facts).forEach(consider) }
        state.remindAt.values.forEach(consider)
        if !state.held.isEmpty, let end = state.quietEnd(after: now) { consider(end) }
        state.snoozedUntil.values.forEach(consider)
        // The next local day brings the next morning.
        if let end = state.day?.interval.end { consider(end) }
        // The end of the local day is always among them; the fallback is never reached in practice.
        return earliest ?? now.addingTimeInterval(3600)
    }
}
