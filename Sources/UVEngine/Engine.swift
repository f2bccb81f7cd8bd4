import FoundationEssentials
import UVCore

/// The rule engine: `reduce(state, event, now)` decides everything that uvd says and when.
/// Pure: no I/O, no clock; the shell runs the effects and calls back at the `.wakeAt` deadline.
public enum Engine {
    public static func reduce(_ state: EngineState, _ event: EngineEvent, now: Date) -> (EngineState, [EngineEffect]) {
        reduce(state, CollectionOfOne(event), now: now)
    }

    /// One step over every event that happened at `now`, in order: each changes the state, then
    /// the rules speak once, on the state they left.
    public static func reduce(_ state: EngineState, _ events: some Sequence<EngineEvent>, now: Date) -> (EngineState, [EngineEffect]) {
        var state = state
        var effects: [EngineEffect] = []
        var candidates: [Alert] = []
        var someoneIsThere = false
        for event in events {
            state.enterDay(of: now)
            effects += hear(event, &state, now: now)
            someoneIsThere = someoneIsThere || event.showsSomeoneIsThere
        }
        state.enterDay(of: now)
        let today = state.todayKey(at: now)

        let facts = state.facts(now: now)
        let firstActivityToday = someoneIsThere && state.activitySeenOn != today
        if firstActivityToday { state.activitySeenOn = today }

        let step = RuleStep(facts: facts, today: today, firstActivityToday: firstActivityToday)
        var held: [(Alert, HoldReason)] = []
        for rule in Rules.all { candidates += rule.speak(&state, step, held: &held) }
        // What only informs (low urgency: the morning summary) is shown before what asks for
        // something, which then lies on top.
        candidates = candidates.filter { $0.urgency == .low } + candidates.filter { $0.urgency != .low }

        effects += deliver(candidates, &state, facts)
        effects += held.map { .heldBack($0.0, $0.1) }
        effects.append(.wakeAt(Deadlines.next(state, facts)))
        return (state, effects)
    }

    /// What one event changes, and what it withdraws or records at once: what every rule reads,
    /// then what each rule remembers (`EngineRule.hear`).
    private static func hear(_ event: EngineEvent, _ state: inout EngineState, now: Date) -> [EngineEffect] {
        var effects = take(event, &state, now: now)
        for rule in Rules.all {
            for subject in rule.hear(event, &state, now: now) { effects += withdraw(subject, &state) }
        }
        return effects
    }

    /// What `event` changes of what every rule reads.
    private static func take(_ event: EngineEvent, _ state: inout EngineState, now: Date) -> [EngineEffect] {
        var effects: [EngineEffect] = []
        let today = state.todayKey(at: now)
        switch event {
        case .tick, .network, .userActivity:
            break
        case .forecast(let samples):
            state.samples = samples
        case .sunscreen(let on):
            state.sunscreen = on
        case .answer(let subject, let answer):
            let rule = subject.rule
            switch answer {
            case .closed:
                // Gone from the screen by the user's hand or the server's: nothing to withdraw.
                state.live.remove(subject)
            case .pressed(.applied), .pressed(.reapplied):
                effects += withdraw(subject, &state)
                // For everyone out: the button stands for the party's sunscreen.
                if let application = (state.profile ?? Profile()).application(at: now) {
                    var on = state.sunscreen
                    on.record(application)
                    effects += hear(.sunscreen(on), &state, now: now)
                    effects.append(.recordSunscreen(application))
                }
            case .pressed(.remind):
                effects += withdraw(subject, &state)
                if let rule { state.remindAt[rule] = now.addingTimeInterval(15 * 60) }
            case .pressed(.notToday):
                effects += withdraw(subject, &state)
                if let rule { state.mutedOn[rule] = today }
            case .pressed(.inside):
                effects += withdraw(subject, &state)
                effects.append(.endTimeOutside)
            }
        case .dose(let reading):
            if let said = state.dose, let day = state.doseDay, day != today {
                state.earlierDayDose = PastDayDose(day: day, burnDosePercent: said.burnDosePercent)
            }
            state.dose = reading
            state.doseDay = today
        case .whereabouts(let whereabouts):
            if whereabouts.isOut, !state.whereabouts.isOut { state.outingToCheck = now }
            if !whereabouts.isOut { state.outingToCheck = nil }
            state.whereabouts = whereabouts
        case .settings(let settings):
            state.settings = settings
            state.enterDay(of: now)
        case .context(let zone, let profile):
            state.timeZoneIdentifier = zone
            state.skinType = profile.effectiveSkinType
            state.profile = profile
            state.day = nil
            state.enterDay(of: now)
        case .family(let members):
            state.family = members
        case .resumed:
            effects.append(.refresh)
        case .command(let command):
            effects += apply(command, &state, now: now)
        }
        return effects
    }

    /// Shows alerts, or holds the non-urgent ones in quiet hours; releases what is held once
    /// they end, if it still applies.
    private static func deliver(_ alerts: [Alert], _ state: inout EngineState, _ facts: DayFacts) -> [EngineEffect] {
        let quiet = state.isQuiet(at: facts.now)
        var effects: [EngineEffect] = []
        if !quiet, !state.held.isEmpty {
            let released = state.held.filter { Rules.named($0.rule)?.stillApplies($0, state, facts) ?? false }
            state.held = []
            for alert in released {
                state.live.insert(alert.subject)
                effects.append(.change(.show(alert)))
            }
        }
        for alert in alerts {
            // Only what its rule lets pass (the extreme UV alert); a reapply reminder, urgent as it is, waits.
            let passes = Rules.named(alert.rule)?.passesQuietHours(alert, state) ?? false
            state.held.removeAll { $0.subject == alert.subject }
            if quiet, !passes {
                state.held.append(alert)
            } else {
                state.live.insert(alert.subject)
                effects.append(.change(.show(alert)))
            }
        }
        return effects
    }

    private static func apply(_ command: EngineCommand, _ state: inout EngineState, now: Date) -> [EngineEffect] {
        switch command {
        case .snooze(let rule, let until):
            state.snoozedUntil[rule] = until
            return withdrawAll(of: rule, &state)
        case .mute(let rule):
            state.muted.insert(rule)
            return withdrawAll(of: rule, &state)
        case .muteToday(let rule):
            state.mutedOn[rule] = state.todayKey(at: now)
            return withdrawAll(of: rule, &state)
        case .unmute(let rule):
            state.muted.remove(rule)
            state.snoozedUntil[rule] = nil
            state.mutedOn[rule] = nil
        case .quietUntil(let until):
            state.quietUntil = until
            state.loudUntil = nil
        case .quietOff:
            let configuredEnd = state.quietHours.end(after: now, in: state.zone)
            state.quietUntil = nil
            state.loudUntil = configuredEnd
        case .quietHours(let hours):
            state.quietHoursOverride = hours
            state.loudUntil = nil
        case .homeMarked:
            // The leave-home rule's (`LeaveHomeRule.hear`).
            break
        }
        return []
    }

    private static func withdrawAll(of rule: Rule, _ state: inout EngineState) -> [EngineEffect] {
        let subjects = state.live.union(state.held.map(\.subject)).filter { $0.rule == rule }
        return subjects.sorted().flatMap { withdraw($0, &state) }
    }

    private static func withdraw(_ subject: Subject, _ state: inout EngineState) -> [EngineEffect] {
        state.held.removeAll { $0.subject == subject }
        guard state.live.remove(subject) != nil else { return [] }
        return [.change(.withdraw(subject: subject))]
    }
}
