import FoundationEssentials
import UVCore

/// The rules, one function each: what they want said at `now`, updating what they remember.
enum Rules {
    /// Leaving home on a day with UV ahead, at most once per cooldown: without sunscreen on, or
    /// with sunscreen due again ("reapply before you leave": leaving is then one pop-up, not a
    /// prompt and a reminder), or with a baby under 12 months out ("keep Leo out of direct sun").
    static func leaveHome(_ state: inout EngineState, _ facts: DayFacts, today: DayKey) -> [Alert] {
        let (settings, now) = (state.settings, facts.now)
        var due = state.leave.confirm(at: now)
        if due { state.leavePending = nil }
        if let remind = state.remindAt[.leaveHome], remind <= now {
            state.remindAt[.leaveHome] = nil
            due = true
        } else if due, let last = state.lastLeaveAlert, now.timeIntervalSince(last) < settings.leaveHomeCooldown {
            due = false
        }
        guard due, settings.leaveHomeEnabled, !state.isSilenced(.leaveHome, now: now, today: today),
            let peakAhead = uvAhead(state, facts), peakAhead >= settings.leaveHomeThreshold
        else { return [] }
        let reapply = !facts.inputs.sunscreen.isEmpty && reapplyIsDueGoingOut(state, facts)
        let shade = peakAhead >= Party.babyShadeUVI && settings.leaveHomeNamesBabies ? babiesOut(state, now: now) : []
        guard !facts.isProtected || reapply || !shade.isEmpty else { return [] }
        state.lastLeaveAlert = now
        state.outingToCheck = nil
        if reapply, let application = facts.reapplyApplication {
            // Said here: the reminder does not pop up again for this application.
            (state.reapplyShownFor, state.reapplyShown) = (application.appliedAt, .now)
        }
        return [
            Alert(
                subject: .leaveHome, rule: .leaveHome,
                meaning: .leaveHome(
                    peakAhead: peakAhead, firstToBurn: .of(facts, you: state.skinType, family: state.family, zone: state.zone),
                    reapply: reapply ? true : nil, shade: shade.isEmpty ? nil : shade),
                urgency: .normal,
                actions: [reapply ? .reapplied : .applied, .remind, .notToday, .inside])
        ]
    }

    /// The family members out who are under 12 months old at `now`: kept out of direct sun
    /// (Cancer Council Australia; the American Academy of Pediatrics), never given a dose time.
    static func babiesOut(_ state: EngineState, now: Date) -> [String] {
        state.family.filter { $0.born.map { $0.ageInMonths(at: now, in: state.zone) < 12 } ?? false }.map(\.name)
    }

    /// How long after the last application going out is told to reapply, whatever the wear
    /// model's time: the usual "every two hours outdoors" (Cancer Council Australia; the American
    /// Academy of Dermatology).
    static let goingOutReapplyAge: TimeInterval = 2 * 3600

    /// Whether the sunscreen on record wants renewing for an outing that starts at `facts.now`:
    /// its time has run out and no pop-up has said so yet, or it went on more than two hours ago;
    /// on a day whose UV still reaches `[reapply] uv_threshold`.
    static func reapplyIsDueGoingOut(_ state: EngineState, _ facts: DayFacts) -> Bool {
        guard let application = facts.reapplyApplication, uvWorthProtectingFromAhead(state, facts) else { return false }
        let aged = state.settings.reapplyOnGoingOut && facts.now.timeIntervalSince(application.appliedAt) > goingOutReapplyAge
        let said = state.reapplyShownFor == application.appliedAt && state.reapplyShown == .now
        return (facts.countdown == .now && !said) || aged
    }

    /// UV rising through each level, once a day per level, with hysteresis. Levels passed
    /// together (a first forecast at noon, a new place) are one alert, the highest. While out it
    /// pops up, critical from the extreme level; while in it shows in the glance (`held`), but
    /// for the extreme level, which pops up once a day at normal urgency (`[alerts] indoors`).
    static func uvAlerts(_ state: inout EngineState, _ facts: DayFacts, today: DayKey, held: inout [(Alert, HoldReason)]) -> [Alert] {
        guard !state.samples.isEmpty else { return [] }
        let (uvi, now) = (facts.uvi, facts.now)
        let fired = state.thresholds.observe(uvi: uvi, day: today)
        guard !state.isSilenced(.uvAlert, now: now, today: today), let highest = fired.last else { return [] }
        let level = UVLevel(uvi: highest)
        let extreme = UVLevel(uvi: uvi) == .extreme && level == .extreme
        let popsUp = state.whereabouts.isOut || state.settings.alertsIndoors == .popUp
        let alert = Alert(
            subject: .uvLevel(level), rule: .uvAlert, meaning: .uvLevel(uvi: uvi, level: level),
            urgency: extreme && popsUp ? .critical : .normal, actions: [.notToday])
        guard popsUp || extreme else {
            held.append((alert, .inside))
            return []
        }
        return [alert]
    }

    /// The UV alerts on screen (or held) that newer data contradicts: the UV now is below the
    /// alert's level by the hysteresis and nothing ahead today reaches it. Each is forgotten, so a
    /// real rise through the level later that day alerts again.
    static func contradictedUVAlerts(_ state: inout EngineState, _ facts: DayFacts, today: DayKey) -> [Subject] {
        guard !state.samples.isEmpty else { return [] }
        let shown = state.live.union(state.held.map(\.subject))
        var contradicted: Set<Subject> = []
        for level in state.thresholds.levels {
            // The subject `uvAlerts` gave the level's alert.
            let subject = Subject.uvLevel(UVLevel(uvi: level))
            guard shown.contains(subject), facts.uvi < level - state.thresholds.hysteresis, facts.uviAhead < level else { continue }
            state.thresholds.forget(level, on: today)
            contradicted.insert(subject)
        }
        return contradicted.sorted()
    }

    /// The reapply reminder: one pop-up when the time runs out while the person is out; while in,
    /// nothing (the countdown is in the glance) until they go out, when it is said within the
    /// leave-home debounce, or by the leave-home prompt itself. Going out more than two hours
    /// after the last application is told too. An application whose time runs out with no UV
    /// worth protecting from ahead gets nothing. `[reapply] countdown` brings back the pop-ups at
    /// 60 and 30 minutes, `[reapply] indoors = "pop-up"` the reminder where the person is.
    static func reapply(_ state: inout EngineState, _ facts: DayFacts, held kept: inout [(Alert, HoldReason)]) -> [Alert] {
        guard let application = facts.reapplyApplication, let reapply = facts.reapply, let stage = facts.countdown else {
            state.outingToCheck = nil
            return []
        }
        let (now, settings, out) = (facts.now, state.settings, state.whereabouts.isOut)
        if state.reapplyShownFor != application.appliedAt {
            state.reapplyShownFor = application.appliedAt
            state.reapplyShown = nil
        }
        // Not due (any more: the wall clock stepped back): due again when the time comes.
        if stage != .now, state.reapplyShown == .now || state.reapplyHeldFor == application.appliedAt {
            state.reapplyShown = nil
            state.reapplyHeldFor = nil
        }
        let silenced = state.isSilenced(.reapply, now: now, today: state.todayKey(at: now))
        let speaks = !silenced && (state.remindAt[.reapply] ?? .distantPast) <= now
        let worthIt = uvWorthProtectingFromAhead(state, facts)
        let popsUp = out || settings.reapplyIndoors == .popUp
        func alert(_ stage: ReapplyCountdown, urgency: Urgency) -> Alert {
            Alert(
                subject: .reapply, rule: .reapply,
                meaning: .reapply(
                    stage: stage, at: reapply.date, spf: application.spf, quantity: application.quantity,
                    appliedAt: application.appliedAt, firstOut: facts.reapplyFirst),
                urgency: urgency, actions: [.reapplied, .remind])
        }
        // Gone out: said once leaving has had its say (the leave-home prompt, when it comes, says it).
        if state.outingToCheck != nil, state.leavePending == nil {
            state.outingToCheck = nil
            if out, speaks, reapplyIsDueGoingOut(state, facts) {
                state.reapplyShown = .now
                state.remindAt[.reapply] = nil
                return [alert(.now, urgency: .normal)]
            }
        }
        // "In 15 min" on a reminder whose time has run out: asked again now, where it can be acted on.
        if let remind = state.remindAt[.reapply], remind <= now, stage == .now, state.reapplyShown == .now {
            state.remindAt[.reapply] = nil
            return !silenced && worthIt && popsUp ? [alert(.now, urgency: .normal)] : []
        }
        let held = stage == .now && state.reapplyHeldFor == application.appliedAt
        guard stage != .normal, stage != state.reapplyShown, !held, speaks else { return [] }
        guard stage == .now else {
            guard settings.reapplyCountdown else { return [] }
            state.reapplyShown = stage
            state.remindAt[.reapply] = nil
            return [alert(stage, urgency: .normal)]
        }
        state.remindAt[.reapply] = nil
        guard worthIt, popsUp else {
            // Held, not said: going out still says it (`reapplyIsDueGoingOut`).
            state.reapplyHeldFor = application.appliedAt
            kept.append((alert(stage, urgency: .normal), worthIt ? .inside : .noUVAhead))
            return []
        }
        state.reapplyShown = stage
        return [alert(stage, urgency: out ? .critical : .normal)]
    }

    /// Whether a held alert is still worth saying once quiet hours end.
    static func stillApplies(_ alert: Alert, _ state: EngineState, _ facts: DayFacts) -> Bool {
        switch alert.rule {
        case .leaveHome: !facts.isProtected && (uvAhead(state, facts) ?? 0) >= state.settings.leaveHomeThreshold
        // While in, only the extreme level's, as it would have popped up then.
        case .uvAlert:
            facts.uvi >= 3
                && (state.whereabouts.isOut || state.settings.alertsIndoors == .popUp || alert.subject == .uvLevel(.extreme))
        // A reminder held while out is said after quiet hours only while still out.
        case .reapply: !state.sunscreen.isEmpty && (state.whereabouts.isOut || state.settings.reapplyIndoors == .popUp)
        case .morning: (uvAhead(state, facts) ?? 0) >= 3
        // Said after quiet hours only while still outside.
        case .dose: state.dose?.outside ?? false
        }
    }

    /// While outside, the day's burn dose reaching 50 % and then 80 %: each once a day (a
    /// higher one passed first also counts the lower as said).
    static func dose(_ state: inout EngineState, now: Date, today: DayKey) -> [Alert] {
        guard state.settings.doseEnabled, let dose = state.dose, dose.outside else { return [] }
        let reached = DoseReading.noticeLevels.filter { Double($0) <= dose.burnDosePercent && state.doseNoticedOn[$0] != today }
        guard let level = reached.max() else { return [] }
        for passed in reached { state.doseNoticedOn[passed] = today }
        guard !state.isSilenced(.dose, now: now, today: today) else { return [] }
        return [
            Alert(
                subject: .dose, rule: .dose, meaning: .dose(level: level, person: dose.firstToReach), urgency: .normal,
                actions: [.inside, .notToday])
        ]
    }

    /// Whether the UV still reaches `[reapply] uv_threshold` today; without a series yet (no
    /// forecast has come) nothing is known to be low, and the reminder is not kept back.
    static func uvWorthProtectingFromAhead(_ state: EngineState, _ facts: DayFacts) -> Bool {
        (uvAhead(state, facts) ?? .infinity) >= state.settings.reapplyUVThreshold
    }

    /// The highest UV from now to the end of the local day, once there is a series.
    static func uvAhead(_ state: EngineState, _ facts: DayFacts) -> Double? {
        state.samples.isEmpty ? nil : facts.uviAhead
    }
}

/// The one deadline to wake at: the earliest moment any rule could speak.
enum Deadlines {
    static func next(_ state: EngineState, _ facts: DayFacts) -> Date {
        let (now, reapply) = (facts.now, facts.reapply?.date)
        var candidates: [Date] = []
        if let pending = state.leavePending { candidates.append(pending) }
        candidates += state.remindAt.values
        if !state.held.isEmpty, let end = state.quietEnd(after: now) { candidates.append(end) }
        candidates += state.snoozedUntil.values
        if let reapply {
            candidates += state.settings.reapplyCountdown ? ReapplyCountdown.changes(before: reapply) : [reapply]
        }
        // The moment the UV reaches the next level still to fire today (a second after, so the
        // interpolated reading is at or over it).
        let today = state.todayKey(at: now)
        candidates += state.thresholds.waiting(on: today).compactMap {
            state.series.firstTime(atLeast: $0, after: now)?.addingTimeInterval(1)
        }
        if let morning = state.day?.morning { candidates.append(morning) }
        if let doseLevel = state.dose?.nextLevelAt { candidates.append(doseLevel) }
        // The next local day brings the next morning.
        if let end = state.day?.interval.end { candidates.append(end) }
        // The end of the local day is always among them; the fallback is never reached in practice.
        return candidates.filter { $0 > now }.min() ?? now.addingTimeInterval(3600)
    }
}
