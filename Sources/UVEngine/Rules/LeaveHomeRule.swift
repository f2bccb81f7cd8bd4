import FoundationEssentials
import UVCore

/// Leaving home on a day with UV ahead, at most once per cooldown: without sunscreen on, or with
/// sunscreen due again ("reapply before you leave": leaving is then one pop-up, not a prompt and a
/// reminder), or with a baby under 12 months out ("keep Leo out of direct sun").
enum LeaveHomeRule: EngineRule {
    static let rule = Rule.leaveHome
    static let settingsSection = "leave_home"
    static let meanings: [any RuleMeaning.Type] = [LeaveHomeMeaning.self]

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

/// Leaving home without sunscreen on a day whose UV still reaches `peakAhead`; with a family,
/// who of the party burns first and in how long (`Party`). `reapply`: sunscreen is on but due
/// again ("reapply before you leave"), said here so that leaving is one pop-up. `shade`: the
/// babies under 12 months out, who are to be kept out of direct sun. (Optional, so that a prompt
/// held by an earlier release still reads.)
public struct LeaveHomeMeaning: RuleMeaning {
    public static let savedName = "leaveHome"
    public var peakAhead: Double
    public var firstToBurn: FirstToBurn?
    public var reapply: Bool?
    public var shade: [String]?

    public func words(_ presenter: Presenter) -> (summary: String, body: String) {
        (tr("UV up to %1$@ today", peakAhead.fixed(0)), body)
    }

    /// "Apply sunscreen before you leave" (or "Reapply …" when what is on is due again), naming
    /// with a family who of the party burns first; then each baby to keep out of direct sun.
    private var body: String {
        let apply: String =
            switch (firstToBurn, firstToBurn?.name, reapply ?? false) {
            case (nil, _, false): tr("Apply sunscreen before you leave.")
            case (nil, _, true): tr("Reapply sunscreen before you leave.")
            case (let first?, nil, false): tr("Apply sunscreen before you leave — you burn in %1$@ min.", first.minutes)
            case (let first?, nil, true): tr("Reapply sunscreen before you leave — you burn in %1$@ min.", first.minutes)
            case (let first?, let name?, false): tr("Apply sunscreen before you leave — %1$@ burns in %2$@ min.", name, first.minutes)
            case (let first?, let name?, true): tr("Reapply sunscreen before you leave — %1$@ burns in %2$@ min.", name, first.minutes)
            }
        return ([apply] + (shade ?? []).map { tr("Keep %1$@ out of direct sun: shade, clothing and a hat.", $0) }).joined(separator: "\n")
    }
}

extension AlertMeaning {
    public static func leaveHome(peakAhead: Double, firstToBurn: FirstToBurn? = nil, reapply: Bool? = nil, shade: [String]? = nil)
        -> AlertMeaning
    {
        AlertMeaning(LeaveHomeMeaning(peakAhead: peakAhead, firstToBurn: firstToBurn, reapply: reapply, shade: shade))
    }
}
