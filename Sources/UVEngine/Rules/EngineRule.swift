import FoundationEssentials
import UVCore

/// One rule of the engine, in a file of its own: its name, its settings' section and keys, what
/// it remembers between steps, what it hears of each event, when it speaks, what it keeps from
/// the screen, whether what quiet hours held of it still applies, the moments it could speak
/// next, and its words (its `RuleMeaning`s). The engine asks every rule of `Rules.all`, in that
/// order, and names none.
protocol EngineRule: Sendable {
    /// What it is told by `config.toml` (`NoSettings` for a rule with no keys of its own),
    /// declared by name: nothing else in the rule's signature says it.
    associatedtype Settings: RuleSettings
    /// What it remembers between steps (`NoMemory` for a rule that remembers nothing).
    associatedtype Memory: RuleMemory = NoMemory

    /// Its name (`uvctl mute`, the socket, the store).
    static var rule: Rule { get }
    /// Its section in config.toml: by default its name with `_` for `-` (`[leave_home]`).
    static var settingsSection: String { get }
    /// The keys of its section, in the order `Config/uvd.toml` documents them; each may set a
    /// field of its `Settings` or an engine-wide one.
    static var settingKeys: [SettingKey<EngineSettings>] { get }
    /// The kinds of meaning its alerts have, each of its own type with its own words (read back
    /// from the store by `AlertMeaning`).
    static var meanings: [any RuleMeaning.Type] { get }
    /// What it speaks of: each a notification's identity on screen (by default one, under the
    /// rule's name).
    static var subjects: [Subject] { get }
    /// Its memory before anything happened, under `settings`.
    static func freshMemory(_ settings: EngineSettings) -> Memory
    /// What `event` changes in what it remembers, after the engine took the event in; the
    /// subjects it returns are withdrawn from the screen.
    static func hear(_ event: EngineEvent, _ state: inout EngineState, now: Date) -> [Subject]
    /// What it wants said at this step, updating what it remembers; what it keeps from the
    /// screen goes to `held`, with why.
    static func speak(_ state: inout EngineState, _ step: RuleStep, held: inout [(Alert, HoldReason)]) -> [Alert]
    /// Whether an alert it gave, held through quiet hours, is still worth saying when they end.
    static func stillApplies(_ alert: Alert, _ state: EngineState, _ facts: DayFacts) -> Bool
    /// Whether `alert` is shown in quiet hours rather than held (by default none is).
    static func passesQuietHours(_ alert: Alert, _ state: EngineState) -> Bool
    /// The moments it could speak next (the engine wakes at the earliest of every rule's).
    static func deadlines(_ state: EngineState, _ facts: DayFacts) -> [Date]
    /// Whether `alert`, not critical, asks something of the sun that only someone out can do
    /// (`Alert.asksForTheSun`: anything critical does).
    static func asksForTheSun(_ alert: Alert) -> Bool
}

extension EngineRule {
    static var subjects: [Subject] { [.rule(rule)] }
    static var settingsSection: String { String(rule.rawValue.map { $0 == "-" ? "_" : $0 }) }
    static var settingKeys: [SettingKey<EngineSettings>] { [] }
    static func hear(_ event: EngineEvent, _ state: inout EngineState, now: Date) -> [Subject] { [] }
    static func passesQuietHours(_ alert: Alert, _ state: EngineState) -> Bool { false }
}

extension EngineRule {
    /// Its settings' defaults, as one of the parts `EngineSettings` holds.
    static var defaultSettings: any FlatSavedPart { Settings() }
    /// Its fresh memory, as one of the parts `EngineState` holds.
    static func freshMemoryPart(_ settings: EngineSettings) -> any FlatSavedPart { freshMemory(settings) }
}

extension EngineRule where Memory == NoMemory {
    static func freshMemory(_ settings: EngineSettings) -> NoMemory { NoMemory() }
}

/// A rule as an index into the settings and the state: `settings[ReapplyRule.key]` is
/// `ReapplyRule`'s settings, `state[ReapplyRule.key]` its memory. A value rather than the rule's
/// type, so that a key path may pass through it (`\.[ReapplyRule.key].interval`): a key path's
/// index must be `Hashable`, which a metatype is not.
struct RuleKey<Rule: EngineRule>: Hashable {}

extension EngineRule {
    /// Its index into the settings and the state (`state[key]` within the rule's own type).
    static var key: RuleKey<Self> { RuleKey() }
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

/// The rules, in the order they speak at a step: the one list the engine iterates, and the
/// order uvctl and the socket name them in.
enum Rules {
    static let all: [any EngineRule.Type] = [LeaveHomeRule.self, UVAlertRule.self, ReapplyRule.self, MorningRule.self, DoseRule.self]

    /// The rule named `rule`.
    static func named(_ rule: Rule) -> (any EngineRule.Type)? { all.first { $0.rule == rule } }
}

extension Rule {
    /// Its section in config.toml, as its rule declares it.
    public var settingsSection: String { Rules.named(self)?.settingsSection ?? rawValue }
}
