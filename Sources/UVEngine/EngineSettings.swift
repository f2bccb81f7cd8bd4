import FoundationEssentials
import UVCore

/// What the rules are told by the configuration: what every rule and the day's numbers read
/// (quiet hours, the reapply interval, the clock, the window), and each rule's own section
/// (`EngineRule.Settings`, reached by the rule's key: `settings[LeaveHomeRule.key]`).
/// Saved as one flat object, the rules' fields beside these.
public struct EngineSettings: Sendable, Equatable {
    public var quietHours = QuietHours()
    public var reapplyInterval: TimeInterval = 2 * 3600
    public var uses12HourClock = false
    /// The sunscreen window's threshold, as `forecast.window` sets it for the status too
    /// (optional so that a state saved before it existed still loads: nil is UV 3, the default).
    public var window: WindowSetting? = .uvi3
    /// Each rule's settings.
    private var rules = RuleParts { $0.defaultSettings }

    public init() {}

    /// A rule's settings, by their type.
    public subscript<Settings: RuleSettings>(part type: Settings.Type) -> Settings {
        get { rules.part(type, fallback: Settings()) }
        set { rules.set(newValue) }
    }

    /// A rule's settings, by the rule's key (`settings[ReapplyRule.key]`).
    subscript<Rule: EngineRule>(rule: RuleKey<Rule>) -> Rule.Settings {
        get { self[part: Rule.Settings.self] }
        set { self[part: Rule.Settings.self] = newValue }
    }

    /// Every key of the rules' sections and of the engine's own (`[quiet]`), in the order
    /// `Config/uvd.toml` documents them and `uvctl config` lists them: the sections of
    /// `documentedSections` in that order, then any other rule's, in `Rules.all`'s.
    public static let keys: [SettingKey<EngineSettings>] = {
        let sections = documentedSections + Rules.all.map { $0.settingsSection }.filter { !documentedSections.contains($0) }
        return sections.flatMap { section in
            section == "quiet" ? [quietHoursKey] : Rules.all.filter { $0.settingsSection == section }.flatMap { $0.settingKeys }
        }
    }()

    /// The order 0.4.0 documented the sections in, the engine's `quiet` among the rules'; kept so
    /// that `uvctl config` lists the keys as it always did.
    private static let documentedSections = ["leave_home", "alerts", "morning", "quiet", "reapply", "dose"]

    private static let quietHoursKey = SettingKey<EngineSettings>(
        path: "quiet.hours", expected: tr("a list of spans \"HH:MM-HH:MM\" (they may cross midnight), e.g. [\"22:00-07:00\"]"),
        apply: { settings, value in
            guard case .list(let items) = value else { return false }
            let spans = items.compactMap { item -> QuietSpan? in
                guard case .string(let text) = item else { return nil }
                return QuietSpan(parsing: text)
            }
            guard spans.count == items.count else { return false }
            settings.quietHours = QuietHours(spans)
            return true
        }, show: { "[" + $0.quietHours.spans.map { "\"\($0)\"" }.joined(separator: ", ") + "]" })
}

extension EngineSettings: Codable {
    /// The engine's own fields, beside which the rules' are saved.
    private static let savedFields: [SavedField<Self>] = [
        .value("quietHours", { $0.quietHours }, { $0.quietHours = $1 }),
        .duration("reapplyInterval", { $0.reapplyInterval }, { $0.reapplyInterval = $1 }),
        .value("uses12HourClock", { $0.uses12HourClock }, { $0.uses12HourClock = $1 }),
        .optional("window", { $0.window }, { $0.window = $1 }),
    ]

    /// Reads what any release saved: a missing field takes its default, an unknown one is ignored.
    public init(from decoder: any Decoder) throws {
        self.init()
        try Self.savedFields.read(try decoder.container(keyedBy: SavedKey.self), into: &self)
        rules = try RuleParts(from: decoder) { $0.defaultSettings }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SavedKey.self)
        try Self.savedFields.write(self, to: &container)
        try rules.encode(to: encoder)
    }
}

extension SavedField {
    /// A saved duration, always written; one outside what the configuration allows (a damaged
    /// file) keeps the value read into: the rules step through durations minute by minute.
    static func duration(
        _ name: String, _ get: @escaping @Sendable (Whole) -> TimeInterval, _ set: @escaping @Sendable (inout Whole, TimeInterval) -> Void
    ) -> Self {
        .value(name, get, set, valid: { $0.isFinite && (0...(7 * 86_400)).contains($0) })
    }
}

/// What a rule does with something worth saying while the person is in (`[alerts] indoors`,
/// `[reapply] indoors`).
public enum IndoorsSetting: String, Sendable, Equatable, Codable, CaseIterable {
    /// Shown where the person looks (status, tray, waybar), not popped up.
    case glance
    /// Popped up as while out (uvd 0.4's behaviour).
    case popUp = "pop-up"
}
