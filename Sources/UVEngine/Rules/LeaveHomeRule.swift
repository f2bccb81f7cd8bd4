import FoundationEssentials
import UVCore

/// Leaving home on a day with UV ahead, at most once per cooldown: without sunscreen on, or with
/// sunscreen due again ("reapply before you leave": leaving is then one pop-up, not a prompt and a
/// reminder), or with a baby under 12 months out ("keep Leo out of direct sun").
enum LeaveHomeRule: EngineRule {
    typealias Settings = LeaveHomeSettings

    static let rule = Rule.leaveHome
    static let meanings: [any RuleMeaning.Type] = [LeaveHomeMeaning.self]
    static let settingKeys: [SettingKey<EngineSettings>] = [
        .boolean("leave_home.enabled", \.[key].enabled),
        .number("leave_home.uv_threshold", 0...15, \.[key].threshold),
        SettingKey(
            path: "leave_home.debounce_seconds", expected: tr("a whole number of seconds from 0 to 3600"),
            apply: { settings, value in
                guard case .integer(let seconds) = value, (0...3600).contains(seconds) else { return false }
                settings[key].debounce = TimeInterval(seconds)
                return true
            }, show: { String(Int($0[key].debounce)) }),
        .minutes("leave_home.cooldown_minutes", 0...1440, \.[key].cooldown),
        .boolean("leave_home.babies", \.[key].namesBabies),
    ]

    static func freshMemory(_ settings: EngineSettings) -> LeaveHomeMemory {
        LeaveHomeMemory(detector: LeaveHomeDetector(debounce: settings[key].debounce))
    }

    static func hear(_ event: EngineEvent, _ state: inout EngineState, now: Date) -> [Subject] {
        switch event {
        case .network(let network):
            state[key].pending = state[key].detector.observe(network, at: now)
        case .settings(let settings):
            state[key].detector.debounce = settings[key].debounce
        case .command(.homeMarked(let marked)):
            state[key].detector.homeMarked = marked
        case .sunscreen(let on) where !on.isEmpty:
            // Sunscreen is on: the prompt to put it on goes.
            return [.rule(.leaveHome)]
        default:
            break
        }
        return []
    }

    static func speak(_ state: inout EngineState, _ step: RuleStep, held: inout [(Alert, HoldReason)]) -> [Alert] {
        let (settings, now, facts) = (state.settings[key], step.now, step.facts)
        var due = state[key].detector.confirm(at: now)
        if due { state[key].pending = nil }
        if let remind = state.remindAt[.leaveHome], remind <= now {
            state.remindAt[.leaveHome] = nil
            due = true
        } else if due, let last = state[key].lastAlert, now.timeIntervalSince(last) < settings.cooldown {
            due = false
        }
        guard due, settings.enabled, !state.isSilenced(.leaveHome, now: now, today: step.today),
            let peakAhead = state.uvAhead(facts), peakAhead >= settings.threshold
        else { return [] }
        let reapply = !facts.inputs.sunscreen.isEmpty && ReapplyRule.isDueGoingOut(state, facts)
        let shade = peakAhead >= Someone.babyShadeUVI && settings.namesBabies ? babiesOut(state, now: now) : []
        guard !facts.isProtected || reapply || !shade.isEmpty else { return [] }
        state[key].lastAlert = now
        state.outingToCheck = nil
        if reapply, let application = facts.reapplyApplication { ReapplyRule.saidOnLeaving(application, &state) }
        return [
            Alert(
                subject: .rule(.leaveHome), rule: .leaveHome,
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
        !facts.isProtected && (state.uvAhead(facts) ?? 0) >= state.settings[key].threshold
    }

    static func deadlines(_ state: EngineState, _ facts: DayFacts) -> [Date] {
        state[key].pending.map { [$0] } ?? []
    }

    /// Whether a move away from home is waiting out its debounce: leaving has yet to have its say.
    static func isLeaving(_ state: EngineState) -> Bool { state[key].pending != nil }

    /// The family members out who are under 12 months old at `now`: kept out of direct sun
    /// (Cancer Council Australia; the American Academy of Pediatrics), never given a dose time.
    static func babiesOut(_ state: EngineState, now: Date) -> [String] {
        state.family.filter { Someone($0, at: now, in: state.zone).isBaby }.map(\.name)
    }
}

extension Rule {
    public static let leaveHome = Rule(rawValue: "leave-home")
}

/// `[leave_home]`: whether the prompt speaks, from what UV ahead, how long a move away from home
/// must last, how long after one prompt another may come, and whether it names the babies out.
public struct LeaveHomeSettings: RuleSettings {
    public var enabled = true
    /// Leave-home speaks only on days whose UV is or will be at least this.
    public var threshold = 3.0
    public var debounce: TimeInterval = 60
    public var cooldown: TimeInterval = 3 * 3600
    /// `[leave_home] babies`: the prompt names each baby under 12 months out on a day with UV 3
    /// or more ("keep Leo out of direct sun").
    public var namesBabies = true

    public init() {}

    public static let savedFields: [SavedField<Self>] = [
        .value("leaveHomeEnabled", { $0.enabled }, { $0.enabled = $1 }),
        .value("leaveHomeThreshold", { $0.threshold }, { $0.threshold = $1 }),
        .duration("leaveHomeDebounce", { $0.debounce }, { $0.debounce = $1 }),
        .duration("leaveHomeCooldown", { $0.cooldown }, { $0.cooldown = $1 }),
        .value("leaveHomeNamesBabies", { $0.namesBabies }, { $0.namesBabies = $1 }),
    ]
}

/// What the leave-home rule remembers: the network's moves, a move waiting out its debounce,
/// and when it last spoke.
struct LeaveHomeMemory: RuleMemory {
    var detector: LeaveHomeDetector
    var pending: Date?
    var lastAlert: Date?

    static let savedFields: [SavedField<Self>] = [
        .value("leave", { $0.detector }, { $0.detector = $1 }), .optional("leavePending", { $0.pending }, { $0.pending = $1 }),
        .optional("lastLeaveAlert", { $0.lastAlert }, { $0.lastAlert = $1 }),
    ]

    init(detector: LeaveHomeDetector) { self.detector = detector }
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
