import FoundationEssentials
import UVCore

/// While outside, the day's burn dose reaching 50 % and then 80 %: each once a day (a higher one
/// passed first also counts the lower as said).
enum DoseRule: EngineRule {
    typealias Settings = DoseSettings

    static let rule = Rule.dose
    static let meanings: [any RuleMeaning.Type] = [DoseMeaning.self]
    static let settingKeys: [SettingKey<EngineSettings>] = [.boolean("dose.enabled", \.[key].enabled)]

    static func freshMemory(_ settings: EngineSettings) -> DoseNoticeMemory { DoseNoticeMemory() }

    static func speak(_ state: inout EngineState, _ step: RuleStep, held: inout [(Alert, HoldReason)]) -> [Alert] {
        guard state.settings[key].enabled, let dose = state.dose, dose.outside else { return [] }
        let noticed = state[key].noticedOn
        let reached = DoseReading.noticeLevels.filter { Double($0) <= dose.burnDosePercent && noticed[$0] != step.today }
        guard let level = reached.max() else { return [] }
        for passed in reached { state[key].noticedOn[passed] = step.today }
        guard !state.isSilenced(.dose, now: step.now, today: step.today) else { return [] }
        return [
            Alert(
                subject: .rule(.dose), rule: .dose, meaning: .dose(level: level, person: dose.firstToReach), urgency: .normal,
                actions: [.inside, .notToday])
        ]
    }

    static func asksForTheSun(_ alert: Alert) -> Bool { true }

    /// Said after quiet hours only while still outside.
    static func stillApplies(_ alert: Alert, _ state: EngineState, _ facts: DayFacts) -> Bool {
        state.dose?.outside ?? false
    }

    static func deadlines(_ state: EngineState, _ facts: DayFacts) -> [Date] {
        state.dose?.nextLevelAt.map { [$0] } ?? []
    }
}

extension Rule {
    /// Half and four fifths of the day's burn dose reached while outside.
    public static let dose = Rule(rawValue: "dose")
}

/// `[dose]`: whether the notices speak.
public struct DoseSettings: RuleSettings {
    public var enabled = true

    public init() {}

    public static let savedFields: [SavedField<Self>] = [.value("doseEnabled", { $0.enabled }, { $0.enabled = $1 })]
}

/// What the dose rule remembers: the local day on which each notice level (50, 80) was last said.
struct DoseNoticeMemory: RuleMemory {
    var noticedOn: [Int: DayKey] = [:]

    static let savedFields: [SavedField<Self>] = [.value("doseNoticedOn", { $0.noticedOn }, { $0.noticedOn = $1 })]
}

/// `level` % of the day's burn dose reached while outside (50 or 80); out with the family,
/// `person` names the member who reached it first (nil: the user).
public struct DoseMeaning: RuleMeaning {
    public static let savedName = "dose"
    public var level: Int
    public var person: String?

    public func words(_ presenter: Presenter) -> (summary: String, body: String) {
        let summary =
            person.map {
                level >= 80
                    ? tr("80 % of %1$@'s burn dose for today: get into the shade", $0)
                    : tr("Half of %1$@'s burn dose for today: shade or reapply", $0)
            }
            ?? (level >= 80
                ? tr("80 % of your burn dose for today: get into the shade")
                : tr("Half your burn dose for today: shade or reapply"))
        return (summary, tr("Counted from your time outside; uvctl dose shows it, uvctl outside corrects it."))
    }
}

extension AlertMeaning {
    public static func dose(level: Int, person: String? = nil) -> AlertMeaning { AlertMeaning(DoseMeaning(level: level, person: person)) }
}
