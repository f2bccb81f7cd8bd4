import FoundationEssentials
import UVCore

/// The reapply reminder: one pop-up when the time runs out while the person is out; while in,
/// nothing (the countdown is in the glance) until they go out, when it is said within the
/// leave-home debounce, or by the leave-home prompt itself. Going out more than two hours
/// after the last application is told too. An application whose time runs out with no UV
/// worth protecting from ahead gets nothing. `[reapply] countdown` brings back the pop-ups at
/// 60 and 30 minutes, `[reapply] indoors = "pop-up"` the reminder where the person is.
enum ReapplyRule: EngineRule {
    static let rule = Rule.reapply
    static let settingsSection = "reapply"
    static let meanings: [any RuleMeaning.Type] = [ReapplyMeaning.self]

    static func speak(_ state: inout EngineState, _ step: RuleStep, held kept: inout [(Alert, HoldReason)]) -> [Alert] {
        let facts = step.facts
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
        let worthIt = state.uvWorthProtectingFromAhead(facts)
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
            if out, speaks, isDueGoingOut(state, facts) {
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
            // Held, not said: going out still says it (`isDueGoingOut`).
            state.reapplyHeldFor = application.appliedAt
            kept.append((alert(stage, urgency: .normal), worthIt ? .inside : .noUVAhead))
            return []
        }
        state.reapplyShown = stage
        return [alert(stage, urgency: out ? .critical : .normal)]
    }

    static func asksForTheSun(_ alert: Alert) -> Bool { true }

    /// A reminder held while out is said after quiet hours only while still out.
    static func stillApplies(_ alert: Alert, _ state: EngineState, _ facts: DayFacts) -> Bool {
        !state.sunscreen.isEmpty && (state.whereabouts.isOut || state.settings.reapplyIndoors == .popUp)
    }

    /// The reapply time, and with `[reapply] countdown` the countdown's stages before it.
    static func deadlines(_ state: EngineState, _ facts: DayFacts) -> [Date] {
        guard let reapply = facts.reapply?.date else { return [] }
        return state.settings.reapplyCountdown ? ReapplyCountdown.changes(before: reapply) : [reapply]
    }

    /// How long after the last application going out is told to reapply, whatever the wear
    /// model's time: the usual "every two hours outdoors" (Cancer Council Australia; the American
    /// Academy of Dermatology).
    static let goingOutReapplyAge: TimeInterval = 2 * 3600

    /// Whether the sunscreen on record wants renewing for an outing that starts at `facts.now`:
    /// its time has run out and no pop-up has said so yet, or it went on more than two hours ago;
    /// on a day whose UV still reaches `[reapply] uv_threshold`.
    static func isDueGoingOut(_ state: EngineState, _ facts: DayFacts) -> Bool {
        guard let application = facts.reapplyApplication, state.uvWorthProtectingFromAhead(facts) else { return false }
        let aged = state.settings.reapplyOnGoingOut && facts.now.timeIntervalSince(application.appliedAt) > goingOutReapplyAge
        let said = state.reapplyShownFor == application.appliedAt && state.reapplyShown == .now
        return (facts.countdown == .now && !said) || aged
    }
}

/// The reapply countdown at `stage`, for the application made at `appliedAt`; out with the
/// family, `firstOut` names the member whose protection runs out first (nil: the user's).
public struct ReapplyMeaning: RuleMeaning {
    public static let savedName = "reapply"
    public var stage: ReapplyCountdown
    public var at: Date
    public var spf: SPF
    public var quantity: SunscreenQuantity
    public var appliedAt: Date
    public var firstOut: String?

    public func words(_ presenter: Presenter) -> (summary: String, body: String) {
        (
            stage == .now ? tr("Reapply sunscreen now") : tr("Reapply by %1$@", presenter.time(at)),
            (firstOut.map { tr("%1$@'s protection runs out first.", $0) + "\n" } ?? "")
                + AppliedSentence.text(spf: spf, quantity: quantity, appliedAt: presenter.time(appliedAt), reapplyAt: presenter.time(at))
        )
    }
}

extension AlertMeaning {
    public static func reapply(
        stage: ReapplyCountdown, at: Date, spf: SPF, quantity: SunscreenQuantity, appliedAt: Date, firstOut: String? = nil
    ) -> AlertMeaning {
        AlertMeaning(ReapplyMeaning(stage: stage, at: at, spf: spf, quantity: quantity, appliedAt: appliedAt, firstOut: firstOut))
    }
}
