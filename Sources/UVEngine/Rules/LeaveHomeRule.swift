import FoundationEssentials
import UVCore

/// Leaving home on a day with UV ahead, at most once per cooldown: without sunscreen on, or with
/// sunscreen due again ("reapply before you leave": leaving is then one pop-up, not a prompt and a
/// reminder), or with a baby under 12 months out ("keep Leo out of direct sun").
enum LeaveHomeRule: EngineRule {
    static let rule = Rule.leaveHome
    static let settingsSection = "leave_home"

    static func speak(_ state: inout EngineState, _ step: RuleStep, held: inout [(Alert, HoldReason)]) -> [Alert] {
        let (settings, now, facts) = (state.settings, step.now, step.facts)
        var due = state.leave.confirm(at: now)
        if due { state.leavePending = nil }
        if let remind = state.remindAt[.leaveHome], remind <= now {
            state.remindAt[.leaveHome] = nil
            due = true
        } else if due, let last = state.lastLeaveAlert, now.timeIntervalSince(last) < settings.leaveHomeCooldown {
            due = false
        }
        guard due, settings.leaveHomeEnabled, !state.isSilenced(.leaveHome, now: now, today: step.today),
            let peakAhead = state.uvAhead(facts), peakAhead >= settings.leaveHomeThreshold
        else { return [] }
        let reapply = !facts.inputs.sunscreen.isEmpty && ReapplyRule.isDueGoingOut(state, facts)
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

    /// The prompt asks for sunscreen before going out, where the person still is.
    static func asksForTheSun(_ alert: Alert) -> Bool { false }

    static func stillApplies(_ alert: Alert, _ state: EngineState, _ facts: DayFacts) -> Bool {
        !facts.isProtected && (state.uvAhead(facts) ?? 0) >= state.settings.leaveHomeThreshold
    }

    static func deadlines(_ state: EngineState, _ facts: DayFacts) -> [Date] {
        state.leavePending.map { [$0] } ?? []
    }

    /// The family members out who are under 12 months old at `now`: kept out of direct sun
    /// (Cancer Council Australia; the American Academy of Pediatrics), never given a dose time.
    static func babiesOut(_ state: EngineState, now: Date) -> [String] {
        state.family.filter { $0.born.map { $0.ageInMonths(at: now, in: state.zone) < 12 } ?? false }.map(\.name)
    }
}
