import FoundationEssentials
import UVCore

/// The morning summary: today's sunscreen window and peak, once a day, at `[morning] time` or,
/// without one, when someone first uses the machine that day; said only while the window is
/// still ahead or open (late in the day it is no news).
enum MorningRule: EngineRule {
    typealias Settings = MorningSettings

    static let rule = Rule.morning
    static let meanings: [any RuleMeaning.Type] = [MorningMeaning.self, NoWindowTodayMeaning.self]
    static let settingKeys: [SettingKey<EngineSettings>] = [
        SettingKey(
            path: "morning.time", expected: tr("a time \"HH:MM\" or \"first-activity\""),
            apply: { settings, value in
                guard case .string(let text) = value else { return false }
                if text == "first-activity" {
                    settings[key].minute = nil
                    return true
                }
                guard let minute = WallClock.minuteOfDay(parsing: text) else { return false }
                settings[key].minute = minute
                return true
            },
            show: {
                $0[key].minute.map { "\"\(WallClock.format(minuteOfDay: $0, twelveHour: false))\"" } ?? "\"first-activity\""
            })
    ]

    static func freshMemory(_ settings: EngineSettings) -> MorningMemory { MorningMemory() }

    static func speak(_ state: inout EngineState, _ step: RuleStep, held: inout [(Alert, HoldReason)]) -> [Alert] {
        if state.settings[key].minute == nil {
            guard step.firstActivityToday, let morning = alert(state, step.facts) else { return [] }
            state[key].doneOn = step.today
            return [morning]
        }
        guard state[key].doneOn != step.today, let morning = instant(state), step.now >= morning else { return [] }
        state[key].doneOn = step.today
        return alert(state, step.facts).map { [$0] } ?? []
    }

    /// The summary's instant on the local day entered: `[morning] time` on its clock (the first
    /// instant after a skipped hour, on a day whose clock jumps over it); nil without one.
    private static func instant(_ state: EngineState) -> Date? {
        guard let minute = state.settings[key].minute, let day = state.day else { return nil }
        return state.zone.nextDate(after: day.interval.start.addingTimeInterval(-1), minuteOfDay: minute)
    }

    static func asksForTheSun(_ alert: Alert) -> Bool { false }

    static func stillApplies(_ alert: Alert, _ state: EngineState, _ facts: DayFacts) -> Bool {
        (state.uvAhead(facts) ?? 0) >= 3
    }

    /// Today's summary, until it is said (the next day's comes with the next day, which the
    /// engine always wakes for).
    static func deadlines(_ state: EngineState, _ facts: DayFacts) -> [Date] {
        guard state[key].doneOn != state.todayKey(at: facts.now) else { return [] }
        return instant(state).map { [$0] } ?? []
    }

    /// "Sunscreen window today 9:20 – 14:40 (peak 11 at 12:40)", when there is a window.
    private static func alert(_ state: EngineState, _ facts: DayFacts) -> Alert? {
        guard !state.isSilenced(.morning, now: facts.now, today: state.todayKey(at: facts.now)) else { return nil }
        guard let window = facts.window, window.end > facts.now else { return nil }
        let yesterday = state.day.map { DayKey($0.interval.start.addingTimeInterval(-1), in: state.zone) }
        let yesterdays = state.earlierDayDose.flatMap { $0.day == yesterday && $0.burnDosePercent >= 1 ? $0.burnDosePercent : nil }
        return Alert(
            subject: .rule(.morning), rule: .morning,
            meaning: .morning(window: window, peakUVI: facts.peak?.uvi, peakAt: facts.peak?.at, yesterdayBurnDosePercent: yesterdays),
            urgency: .low, actions: [])
    }
}

extension Rule {
    public static let morning = Rule(rawValue: "morning")
}

/// `[morning]`: when the summary comes.
public struct MorningSettings: RuleSettings {
    /// Minutes after local midnight; nil means the first activity of the day.
    public var minute: Int? = 7 * 60 + 30

    public init() {}

    /// Absent is how nil is saved (the first activity of the day); a minute outside the day (a
    /// damaged file) takes the default.
    public static let savedFields: [SavedField<Self>] = [
        .optional("morningMinute", { $0.minute }, { $0.minute = $1 }, valid: { (0..<24 * 60).contains($0) })
    ]
}

/// What the morning rule remembers: the local day it last spoke on.
struct MorningMemory: RuleMemory {
    var doneOn: DayKey?

    static let savedFields: [SavedField<Self>] = [.optional("morningDoneOn", { $0.doneOn }, { $0.doneOn = $1 })]
}

/// The morning summary: today's sunscreen window and its peak; with yesterday's burn dose, when
/// time outside yesterday gave one (1 % or more).
public struct MorningMeaning: RuleMeaning {
    public static let savedName = "morning"
    public var window: TimeSpan
    public var peakUVI: Double?
    public var peakAt: Date?
    public var yesterdayBurnDosePercent: Double?

    public func words(_ presenter: Presenter) -> (summary: String, body: String) {
        (tr("UV today"), windowSentence(presenter) + (yesterdayBurnDosePercent.map { "\n" + yesterdayClause($0) } ?? ""))
    }

    /// "Sunscreen window today 9:20 – 14:40 (peak 11 at 12:40)".
    private func windowSentence(_ presenter: Presenter) -> String {
        let (start, end) = (presenter.time(window.start), presenter.time(window.end))
        guard let peakUVI, let peakAt else { return tr("Sunscreen window today %1$@ – %2$@", start, end) }
        return tr("Sunscreen window today %1$@ – %2$@ (peak %3$@ at %4$@)", start, end, peakUVI.fixed(0), presenter.time(peakAt))
    }

    /// "Yesterday outside: 48 % of your burn dose."
    private func yesterdayClause(_ burnDosePercent: Double) -> String {
        tr("Yesterday outside: %1$@ % of your burn dose.", burnDosePercent.fixed(0))
    }
}

/// "UV today" asked for from the tray on a day with no sunscreen window, with the day's vitamin D
/// as `uvctl status` gives it (`VitaminDInfo`): on such a day it is the news.
public struct NoWindowTodayMeaning: RuleMeaning {
    public static let savedName = "noWindowToday"

    /// Today's vitamin D; nil where it is not known (an alert saved before it was said).
    public var vitaminD: TodaysVitaminD?

    public init(vitaminD: TodaysVitaminD?) {
        self.vitaminD = vitaminD
    }

    public func words(_ presenter: Presenter) -> (summary: String, body: String) {
        let window = tr("No sunscreen window: UV stays low all day.")
        return (tr("UV today"), vitaminD.map { window + "\n" + $0.sentence(presenter) } ?? window)
    }
}

/// The day's vitamin D in a summary: none from the sun, or the best hour's dose.
public enum TodaysVitaminD: Sendable, Equatable, Codable {
    case none
    /// A standard dose's minutes in the best hour, which starts at `from`.
    case dose(minutes: Int, from: Date)

    /// "No vitamin D from the sun today." or "About 20 min from 12:00 makes your vitamin D."
    func sentence(_ presenter: Presenter) -> String {
        switch self {
        case .none: tr("No vitamin D from the sun today.")
        case .dose(let minutes, let from): tr("About %1$@ min from %2$@ makes your vitamin D.", minutes, presenter.time(from))
        }
    }
}

extension AlertMeaning {
    public static func morning(window: TimeSpan, peakUVI: Double?, peakAt: Date?, yesterdayBurnDosePercent: Double?) -> AlertMeaning {
        AlertMeaning(MorningMeaning(window: window, peakUVI: peakUVI, peakAt: peakAt, yesterdayBurnDosePercent: yesterdayBurnDosePercent))
    }

    public static func noWindowToday(vitaminD: TodaysVitaminD?) -> AlertMeaning {
        AlertMeaning(NoWindowTodayMeaning(vitaminD: vitaminD))
    }
}
