import FoundationEssentials
import UVCore

/// The reapply reminder: one pop-up when the time runs out while the person is out; while in,
/// nothing (the countdown is in the glance) until they go out, when it is said within the
/// leave-home debounce, or by the leave-home prompt itself. Going out more than two hours
/// after the last application is told too. An application whose time runs out with no UV
/// worth protecting from ahead gets nothing. `[reapply] countdown` brings back the pop-ups at
/// 60 and 30 minutes, `[reapply] indoors = "pop-up"` the reminder where the person is.
enum ReapplyRule: EngineRule {
    typealias Settings = ReapplySettings

    static let rule = Rule.reapply
    static let meanings: [any RuleMeaning.Type] = [ReapplyMeaning.self]
    static let settingKeys: [SettingKey<EngineSettings>] = [
        .minutes("reapply.interval_minutes", 30...480, \.reapplyInterval),
        .boolean("reapply.countdown", \.[key].countdown),
        .indoors("reapply.indoors", \.[key].indoors),
        .boolean("reapply.on_going_out", \.[key].onGoingOut),
        .number("reapply.uv_threshold", 0...15, \.[key].uvThreshold),
    ]

    static func freshMemory(_ settings: EngineSettings) -> ReapplyMemory { ReapplyMemory() }

    /// The sunscreen on record changed: the countdown starts afresh and the reminder goes.
    static func hear(_ event: EngineEvent, _ state: inout EngineState, now: Date) -> [Subject] {
        guard case .sunscreen = event else { return [] }
        state[key] = ReapplyMemory()
        return [.rule(.reapply)]
    }

    static func speak(_ state: inout EngineState, _ step: RuleStep, held kept: inout [(Alert, HoldReason)]) -> [Alert] {
        let facts = step.facts
        guard let application = facts.reapplyApplication, let reapply = facts.reapply, let stage = facts.countdown else {
            state.outingToCheck = nil
            return []
        }
        let (now, settings, out) = (facts.now, state.settings[key], state.whereabouts.isOut)
        if state[key].shownFor != application.appliedAt {
            state[key].shownFor = application.appliedAt
            state[key].shown = nil
        }
        // Not due (any more: the wall clock stepped back): due again when the time comes.
        if stage != .now, state[key].shown == .now || state[key].heldFor == application.appliedAt {
            state[key].shown = nil
            state[key].heldFor = nil
        }
        let silenced = state.isSilenced(.reapply, now: now, today: state.todayKey(at: now))
        let speaks = !silenced && (state.remindAt[.reapply] ?? .distantPast) <= now
        let worthIt = uvWorthProtectingFromAhead(state, facts)
        let popsUp = out || settings.indoors == .popUp
        func alert(_ stage: ReapplyCountdown, urgency: Urgency) -> Alert {
            Alert(
                subject: .rule(.reapply), rule: .reapply,
                meaning: .reapply(
                    stage: stage, at: reapply.date, spf: application.spf, quantity: application.quantity,
                    appliedAt: application.appliedAt, firstOut: facts.reapplyFirst),
                urgency: urgency, actions: [.reapplied, .remind])
        }
        // Gone out: said once leaving has had its say (the leave-home prompt, when it comes, says it).
        if state.outingToCheck != nil, !LeaveHomeRule.isLeaving(state) {
            state.outingToCheck = nil
            if out, speaks, isDueGoingOut(state, facts) {
                state[key].shown = .now
                state.remindAt[.reapply] = nil
                return [alert(.now, urgency: .normal)]
            }
        }
        // "In 15 min" on a reminder whose time has run out: asked again now, where it can be acted on.
        if let remind = state.remindAt[.reapply], remind <= now, stage == .now, state[key].shown == .now {
            state.remindAt[.reapply] = nil
            return !silenced && worthIt && popsUp ? [alert(.now, urgency: .normal)] : []
        }
        let held = stage == .now && state[key].heldFor == application.appliedAt
        guard stage != .normal, stage != state[key].shown, !held, speaks else { return [] }
        guard stage == .now else {
            guard settings.countdown else { return [] }
            state[key].shown = stage
            state.remindAt[.reapply] = nil
            return [alert(stage, urgency: .normal)]
        }
        state.remindAt[.reapply] = nil
        guard worthIt, popsUp else {
            // Held, not said: going out still says it (`isDueGoingOut`).
            state[key].heldFor = application.appliedAt
            kept.append((alert(stage, urgency: .normal), worthIt ? .inside : .noUVAhead))
            return []
        }
        state[key].shown = stage
        return [alert(stage, urgency: out ? .critical : .normal)]
    }

    static func asksForTheSun(_ alert: Alert) -> Bool { true }

    /// A reminder held while out is said after quiet hours only while still out.
    static func stillApplies(_ alert: Alert, _ state: EngineState, _ facts: DayFacts) -> Bool {
        !state.sunscreen.isEmpty && (state.whereabouts.isOut || state.settings[key].indoors == .popUp)
    }

    /// The reapply time, and with `[reapply] countdown` the countdown's stages before it.
    static func deadlines(_ state: EngineState, _ facts: DayFacts) -> [Date] {
        guard let reapply = facts.reapply?.date else { return [] }
        return state.settings[key].countdown ? ReapplyCountdown.changes(before: reapply) : [reapply]
    }

    /// How long after the last application going out is told to reapply, whatever the wear
    /// model's time: the usual "every two hours outdoors" (Cancer Council Australia; the American
    /// Academy of Dermatology).
    static let goingOutReapplyAge: TimeInterval = 2 * 3600

    /// Whether the sunscreen on record wants renewing for an outing that starts at `facts.now`:
    /// its time has run out and no pop-up has said so yet, or it went on more than two hours ago;
    /// on a day whose UV still reaches `[reapply] uv_threshold`.
    static func isDueGoingOut(_ state: EngineState, _ facts: DayFacts) -> Bool {
        guard let application = facts.reapplyApplication, uvWorthProtectingFromAhead(state, facts) else { return false }
        let aged = state.settings[key].onGoingOut && facts.now.timeIntervalSince(application.appliedAt) > goingOutReapplyAge
        let said = state[key].shownFor == application.appliedAt && state[key].shown == .now
        return (facts.countdown == .now && !said) || aged
    }

    /// The leave-home prompt said "reapply" for `application`: the reminder does not pop up again
    /// for it.
    static func saidOnLeaving(_ application: SunscreenApplication, _ state: inout EngineState) {
        (state[key].shownFor, state[key].shown) = (application.appliedAt, .now)
    }

    /// Whether the UV still reaches `[reapply] uv_threshold` today; without a series yet (no
    /// forecast has come) nothing is known to be low, and the reminder is not kept back.
    private static func uvWorthProtectingFromAhead(_ state: EngineState, _ facts: DayFacts) -> Bool {
        (state.uvAhead(facts) ?? .infinity) >= state.settings[key].uvThreshold
    }
}

extension Rule {
    public static let reapply = Rule(rawValue: "reapply")
}

/// `[reapply]` (besides `interval_minutes`, which the day's numbers read): the countdown's
/// pop-ups, a reapply time reached while in, going out long after the last application, and the
/// UV below which a reminder is not worth it.
public struct ReapplySettings: RuleSettings {
    /// `[reapply] countdown`: pop-ups at 60 and 30 minutes before the reapply time, besides the
    /// countdown in the glance.
    public var countdown = false
    /// `[reapply] indoors`: a reapply time that falls due while the person is in is said when
    /// they go out (the glance shows it meanwhile), or pops up where they are.
    public var indoors = IndoorsSetting.glance
    /// `[reapply] on_going_out`: going out more than `goingOutReapplyAge` after the last
    /// application, on a day with UV worth protecting from still ahead, is told to reapply.
    public var onGoingOut = true
    /// `[reapply] uv_threshold`: an application whose time runs out when nothing ahead today
    /// reaches this UV gets no reminder (0: always reminded).
    public var uvThreshold = 3.0

    public init() {}

    public static let savedFields: [SavedField<Self>] = [
        .value("reapplyCountdown", { $0.countdown }, { $0.countdown = $1 }), .choice("reapplyIndoors", { $0.indoors }, { $0.indoors = $1 }),
        .value("reapplyOnGoingOut", { $0.onGoingOut }, { $0.onGoingOut = $1 }),
        .value("reapplyUVThreshold", { $0.uvThreshold }, { $0.uvThreshold = $1 }),
    ]
}

/// What the reapply rule remembers of the application on record: the countdown stage last shown
/// for the application made at `shownFor`, and the application whose reminder fell due and was
/// held (in, or no UV ahead), not said.
struct ReapplyMemory: RuleMemory {
    var shown: ReapplyCountdown?
    var shownFor: Date?
    var heldFor: Date?

    static let savedFields: [SavedField<Self>] = [
        .optional("reapplyShown", { $0.shown }, { $0.shown = $1 }), .optional("reapplyShownFor", { $0.shownFor }, { $0.shownFor = $1 }),
        .optional("reapplyHeldFor", { $0.heldFor }, { $0.heldFor = $1 }),
    ]
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
