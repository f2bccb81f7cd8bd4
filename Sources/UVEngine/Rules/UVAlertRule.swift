import FoundationEssentials
import UVCore

/// UV rising through each level, once a day per level, with hysteresis. Levels passed together (a
/// first forecast at noon, a new place) are one alert, the highest. While out it pops up,
/// critical from the extreme level; while in it shows in the glance (`held`), but for the extreme
/// level, which pops up once a day at normal urgency (`[alerts] indoors`).
enum UVAlertRule: EngineRule {
    static let rule = Rule.uvAlert
    static let settingsSection = "alerts"
    static let subjects = UVLevel.allCases.map(Subject.uvLevel)
    static let meanings: [any RuleMeaning.Type] = [UVLevelMeaning.self]

    static func speak(_ state: inout EngineState, _ step: RuleStep, held: inout [(Alert, HoldReason)]) -> [Alert] {
        guard !state.samples.isEmpty else { return [] }
        let (uvi, now) = (step.facts.uvi, step.now)
        let fired = state.thresholds.observe(uvi: uvi, day: step.today)
        guard !state.isSilenced(.uvAlert, now: now, today: step.today), let highest = fired.last else { return [] }
        let level = UVLevel(uvi: highest)
        let extreme = UVLevel(uvi: uvi) == .extreme && level == .extreme
        let popsUp = state.whereabouts.isOut || state.settings.alertsIndoors == .popUp
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
        facts.uvi >= 3 && (state.whereabouts.isOut || state.settings.alertsIndoors == .popUp || alert.subject == .uvLevel(.extreme))
    }

    /// The moment the UV reaches the next level still to fire today (a second after, so the
    /// interpolated reading is at or over it).
    static func deadlines(_ state: EngineState, _ facts: DayFacts) -> [Date] {
        state.thresholds.waiting(on: state.todayKey(at: facts.now)).compactMap {
            state.series.firstTime(atLeast: $0, after: facts.now)?.addingTimeInterval(1)
        }
    }

    /// The UV alerts on screen (or held) that newer data contradicts: the UV now is below the
    /// alert's level by the hysteresis and nothing ahead today reaches it. Each is forgotten, so a
    /// real rise through the level later that day alerts again.
    static func contradicted(_ state: inout EngineState, _ facts: DayFacts, today: DayKey) -> [Subject] {
        guard !state.samples.isEmpty else { return [] }
        let shown = state.live.union(state.held.map(\.subject))
        var contradicted: Set<Subject> = []
        for level in state.thresholds.levels {
            // The subject `speak` gives the level's alert.
            let subject = Subject.uvLevel(UVLevel(uvi: level))
            guard shown.contains(subject), facts.uvi < level - state.thresholds.hysteresis, facts.uviAhead < level else { continue }
            state.thresholds.forget(level, on: today)
            contradicted.insert(subject)
        }
        return contradicted.sorted()
    }
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
