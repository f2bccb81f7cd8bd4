import FoundationEssentials
import UVCore

/// One rule of the engine, in a file of its own: when it speaks, what it keeps from the screen,
/// whether what quiet hours held of it still applies, the moments it could speak next, and its
/// settings' section, what it means and its words (its `RuleMeaning`s). What it remembers between
/// steps is in `EngineState`. The engine asks every rule of `Rules.all`, in that order, once a step.
protocol EngineRule: Sendable {
    /// Its name (`uvctl mute`, the socket, the store).
    static var rule: Rule { get }
    /// Its section in config.toml (`[reapply]`).
    static var settingsSection: String { get }
    /// The kinds of meaning its alerts have, each of its own type with its own words (read back
    /// from the store by `AlertMeaning`).
    static var meanings: [any RuleMeaning.Type] { get }
    /// What it speaks of: each a notification's identity on screen (by default one, under the
    /// rule's name).
    static var subjects: [Subject] { get }
    /// What it wants said at this step, updating what it remembers; what it keeps from the
    /// screen goes to `held`, with why.
    static func speak(_ state: inout EngineState, _ step: RuleStep, held: inout [(Alert, HoldReason)]) -> [Alert]
    /// Whether an alert it gave, held through quiet hours, is still worth saying when they end.
    static func stillApplies(_ alert: Alert, _ state: EngineState, _ facts: DayFacts) -> Bool
    /// The moments it could speak next (the engine wakes at the earliest of every rule's).
    static func deadlines(_ state: EngineState, _ facts: DayFacts) -> [Date]
    /// Whether `alert`, not critical, asks something of the sun that only someone out can do
    /// (`Alert.asksForTheSun`: anything critical does).
    static func asksForTheSun(_ alert: Alert) -> Bool
}

extension EngineRule {
    static var subjects: [Subject] { [.rule(rule)] }
}

/// What a rule speaks from at one step.
struct RuleStep {
    let facts: DayFacts
    /// The local day of `facts.now`.
    let today: DayKey
    /// Someone used the machine for the first time today in this step.
    let firstActivityToday: Bool

    var now: Date { facts.now }
}

/// The rules, in the order they speak at a step: the one list the engine iterates.
enum Rules {
    static let all: [any EngineRule.Type] = [MorningRule.self, LeaveHomeRule.self, UVAlertRule.self, ReapplyRule.self, DoseRule.self]

    /// The rule named `rule`.
    static func named(_ rule: Rule) -> (any EngineRule.Type)? { all.first { $0.rule == rule } }
}

extension Rule {
    /// Its section in config.toml, as its rule declares it.
    public var settingsSection: String { Rules.named(self)?.settingsSection ?? rawValue }

    /// The rules in the order the engine asks them (`Rules.all`), for a test to hold every list
    /// of rules to.
    public static var inEngineOrder: [Rule] { Rules.all.map { $0.rule } }
}

extension EngineState {
    /// The highest UV from now to the end of the local day, once there is a series.
    func uvAhead(_ facts: DayFacts) -> Double? {
        samples.isEmpty ? nil : facts.uviAhead
    }

    /// Whether the UV still reaches `[reapply] uv_threshold` today; without a series yet (no
    /// forecast has come) nothing is known to be low, and the reminder is not kept back.
    func uvWorthProtectingFromAhead(_ facts: DayFacts) -> Bool {
        (uvAhead(facts) ?? .infinity) >= settings.reapplyUVThreshold
    }
}
