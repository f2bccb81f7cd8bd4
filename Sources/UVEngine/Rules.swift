import FoundationEssentials
import UVCore

/// The rules, one function each: what they want said at `now`, updating what they remember.
enum Rules {
    /// Leaving home on a day with UV ahead, without sunscreen on, at most once per cooldown.
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
            let peakAhead = uvAhead(state, facts), peakAhead >= settings.leaveHomeThreshold, !facts.isProtected
        else { return [] }
        state.lastLeaveAlert = now
        return [
            Alert(
                subject: .leaveHome, rule: .leaveHome,
                meaning: .leaveHome(
                    peakAhead: peakAhead, firstToBurn: .of(facts, you: state.skinType, family: state.family, zone: state.zone)),
                urgency: .normal,
                actions: [.applied, .remind, .notToday, .inside])
        ]
    }

    /// UV rising through each level, once a day per level, with hysteresis; extreme is critical.
    /// Levels passed together (a first forecast at noon, a new place) are one alert, the highest.
    static func uvAlerts(_ state: inout EngineState, _ facts: DayFacts, today: DayKey) -> [Alert] {
        guard !state.samples.isEmpty else { return [] }
        let (uvi, now) = (facts.uvi, facts.now)
        let fired = state.thresholds.observe(uvi: uvi, day: today)
        guard !state.isSilenced(.uvAlert, now: now, today: today) else { return [] }
        return fired.suffix(1).map { level in
            let level = UVLevel(uvi: level)
            let extreme = UVLevel(uvi: uvi) == .extreme && level == .extreme
            return Alert(
                subject: .uvLevel(level), rule: .uvAlert, meaning: .uvLevel(uvi: uvi, level: level),
                urgency: extreme ? .critical : .normal, actions: [.notToday])
        }
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

    /// The reapply countdown: one notification, updated in place at 60 and 30 minutes and when due.
    static func reapply(_ state: inout EngineState, _ facts: DayFacts) -> [Alert] {
        guard let application = facts.reapplyApplication, let reapply = facts.reapply, let stage = facts.countdown else { return [] }
        let now = facts.now
        if state.reapplyShownFor != application.appliedAt {
            state.reapplyShownFor = application.appliedAt
            state.reapplyShown = nil
        }
        guard stage != .normal, stage != state.reapplyShown,
            !state.isSilenced(.reapply, now: now, today: state.todayKey(at: now)),
            (state.remindAt[.reapply] ?? .distantPast) <= now
        else { return [] }
        state.reapplyShown = stage
        state.remindAt[.reapply] = nil
        return [
            Alert(
                subject: .reapply, rule: .reapply,
                meaning: .reapply(
                    stage: stage, at: reapply.date, spf: application.spf, quantity: application.quantity,
                    appliedAt: application.appliedAt, firstOut: facts.reapplyFirst),
                urgency: stage == .now ? .critical : .normal, actions: [.reapplied, .remind])
        ]
    }

    /// Whether a held alert is still worth saying once quiet hours end.
    static func stillApplies(_ alert: Alert, _ state: EngineState, _ facts: DayFacts) -> Bool {
        switch alert.rule {
        case .leaveHome: !facts.isProtected && (uvAhead(state, facts) ?? 0) >= state.settings.leaveHomeThreshold
        case .uvAlert: facts.uvi >= 3
        case .reapply: !state.sunscreen.isEmpty
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
        if let reapply { candidates += ReapplyCountdown.changes(before: reapply) }
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
