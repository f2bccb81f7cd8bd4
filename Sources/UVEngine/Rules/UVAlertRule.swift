import FoundationEssentials
import UVCore

/// UV rising through each level, once a day per level, with hysteresis. Levels passed together (a
/// first forecast at noon, a new place) are one alert, the highest. While out it pops up,
/// critical from the extreme level; while in it shows in the glance (`held`), but for the extreme
/// level, which pops up once a day at normal urgency (`[alerts] indoors`).
enum UVAlertRule: EngineRule {
    typealias Settings = UVAlertSettings

    static let rule = Rule.uvAlert
    static let settingsSection = "alerts"
    static let subjects = UVLevel.allCases.map(Subject.uvLevel)
    static let meanings: [any RuleMeaning.Type] = [UVLevelMeaning.self]
    static let settingKeys: [SettingKey<EngineSettings>] = [
        SettingKey(
            path: "alerts.levels", expected: tr("a list of up to 5 UV index levels from 1 to 20, e.g. [6, 8]"),
            apply: { settings, value in
                guard case .list(let items) = value, items.count <= 5 else { return false }
                let levels = items.compactMap(\.number)
                guard levels.count == items.count, levels.allSatisfy({ (1...20).contains($0) }) else { return false }
                settings[key].levels = levels.sorted()
                return true
            }, show: { "[" + $0[key].levels.map { $0.plain }.joined(separator: ", ") + "]" }),
        .number("alerts.hysteresis", 0...3, \.[key].hysteresis),
        .number("alerts.extreme_level", 8...20, \.[key].extremeLevel),
        .boolean("alerts.extreme_passes_quiet_hours", \.[key].extremePassesQuietHours),
        .indoors("alerts.indoors", \.[key].indoors),
    ]

    static func freshMemory(_ settings: EngineSettings) -> UVAlertMemory {
        UVAlertMemory(
            thresholds: ThresholdAlerts(levels: settings[key].firingLevels, hysteresis: settings[key].hysteresis))
    }

    static func hear(_ event: EngineEvent, _ state: inout EngineState, now: Date) -> [Subject] {
        switch event {
        case .forecast:
            return contradicted(&state, state.facts(now: now), today: state.todayKey(at: now))
        case .settings(let settings):
            state[key].thresholds.levels = settings[key].firingLevels
            state[key].thresholds.hysteresis = settings[key].hysteresis
        default:
            break
        }
        return []
    }

    /// Only the extreme UV alert may pass, as `[alerts] extreme_passes_quiet_hours` allows.
    static func passesQuietHours(_ alert: Alert, _ state: EngineState) -> Bool {
        alert.urgency == .critical && state.settings[key].extremePassesQuietHours
    }

    static func speak(_ state: inout EngineState, _ step: RuleStep, held: inout [(Alert, HoldReason)]) -> [Alert] {
        guard !state.samples.isEmpty else { return [] }
        let (uvi, now) = (step.facts.uvi, step.now)
        let fired = state[key].thresholds.observe(uvi: uvi, day: step.today)
        guard !state.isSilenced(.uvAlert, now: now, today: step.today), let highest = fired.last else { return [] }
        let level = UVLevel(uvi: highest)
        let extreme = UVLevel(uvi: uvi) == .extreme && level == .extreme
        let popsUp = state.whereabouts.isOut || state.settings[key].indoors == .popUp
        let alert = Alert(
            subject: .uvLevel(level), rule: .uvAlert, meaning: .uvLevel(uvi: uvi, level: level),
            urgency: extreme && popsUp ? .critical : .normal, actions: [.notToday])
        guard popsUp || extreme else {
            held.append((alert, .inside))
            return []
        }
        return [alert]
    }

    /// A level below extreme asks for sunscreen or shade.
    static func asksForTheSun(_ alert: Alert) -> Bool { alert.subject != .uvLevel(.extreme) }

    /// While in, only the extreme level's, as it would have popped up then.
    static func stillApplies(_ alert: Alert, _ state: EngineState, _ facts: DayFacts) -> Bool {
        facts.uvi >= 3
            && (state.whereabouts.isOut || state.settings[key].indoors == .popUp || alert.subject == .uvLevel(.extreme))
    }

    /// The moment the UV reaches the next level still to fire today (a second after, so the
    /// interpolated reading is at or over it).
    static func deadlines(_ state: EngineState, _ facts: DayFacts) -> [Date] {
        state[key].thresholds.waiting(on: state.todayKey(at: facts.now)).compactMap {
            state.series.firstTime(atLeast: $0, after: facts.now)?.addingTimeInterval(1)
        }
    }

    /// The UV alerts on screen (or held) that newer data contradicts: the UV now is below the
    /// alert's level by the hysteresis and nothing ahead today reaches it. Each is forgotten, so a
    /// real rise through the level later that day alerts again.
    private static func contradicted(_ state: inout EngineState, _ facts: DayFacts, today: DayKey) -> [Subject] {
        guard !state.samples.isEmpty else { return [] }
        let shown = state.live.union(state.held.map(\.subject))
        var contradicted: Set<Subject> = []
        for level in state[key].thresholds.levels {
            // The subject `speak` gives the level's alert.
            let subject = Subject.uvLevel(UVLevel(uvi: level))
            guard shown.contains(subject), facts.uvi < level - state[key].thresholds.hysteresis, facts.uviAhead < level else {
                continue
            }
            state[key].thresholds.forget(level, on: today)
            contradicted.insert(subject)
        }
        return contradicted.sorted()
    }
}

extension Rule {
    public static let uvAlert = Rule(rawValue: "uv-alert")
}

/// `[alerts]`: the levels that alert, the fall that arms a level again, the level that is
/// extreme and whether it passes quiet hours, and what happens to a level reached while in.
public struct UVAlertSettings: RuleSettings {
    public var levels: [Double] = [6, 8]
    public var hysteresis = 0.5
    /// From this UV index an alert is "extreme": critical urgency, and it may pass quiet hours.
    public var extremeLevel = 11.0
    public var extremePassesQuietHours = true
    /// `[alerts] indoors`: a UV level reached while the person is in shows in the glance (the
    /// extreme level alone pops up, once a day, at normal urgency), or pops up as while out.
    public var indoors = IndoorsSetting.glance

    public init() {}

    /// The levels that fire: those configured and the extreme one.
    var firingLevels: [Double] { Array(Set(levels + [extremeLevel])).sorted() }

    public static let savedFields: [SavedField<Self>] = [
        .value("uvAlertLevels", { $0.levels }, { $0.levels = $1 }), .value("hysteresis", { $0.hysteresis }, { $0.hysteresis = $1 }),
        .value("extremeLevel", { $0.extremeLevel }, { $0.extremeLevel = $1 }),
        .value("extremePassesQuietHours", { $0.extremePassesQuietHours }, { $0.extremePassesQuietHours = $1 }),
        .choice("alertsIndoors", { $0.indoors }, { $0.indoors = $1 }),
    ]
}

/// What the UV alert rule remembers: each level's state (`ThresholdAlerts`).
struct UVAlertMemory: RuleMemory {
    var thresholds: ThresholdAlerts

    static let savedFields: [SavedField<Self>] = [.value("thresholds", { $0.thresholds }, { $0.thresholds = $1 })]
}

/// The UV index reached `level`'s band (now `uvi`).
public struct UVLevelMeaning: RuleMeaning {
    public static let savedName = "uvLevel"
    public var uvi: Double
    public var level: UVLevel

    public func words(_ presenter: Presenter) -> (summary: String, body: String) {
        (tr("UV %1$@: %2$@", uvi.fixed(0), level.name.lowercased()), level.advice)
    }
}

extension AlertMeaning {
    public static func uvLevel(uvi: Double, level: UVLevel) -> AlertMeaning { AlertMeaning(UVLevelMeaning(uvi: uvi, level: level)) }
}
