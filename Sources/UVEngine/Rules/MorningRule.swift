import FoundationEssentials
import UVCore

/// The morning summary: today's sunscreen window and peak, once a day, at `[morning] time` or,
/// without one, when someone first uses the machine that day; said only while the window is
/// still ahead or open (late in the day it is no news).
enum MorningRule: EngineRule {
    static let rule = Rule.morning
    static let settingsSection = "morning"
    static let meanings: [any RuleMeaning.Type] = [MorningMeaning.self, NoWindowTodayMeaning.self]

    static func speak(_ state: inout EngineState, _ step: RuleStep, held: inout [(Alert, HoldReason)]) -> [Alert] {
        if state.settings.morningMinute == nil {
            guard step.firstActivityToday, let morning = alert(state, step.facts) else { return [] }
            state.morningDoneOn = step.today
            return [morning]
        }
        guard state.morningDoneOn != step.today, let morning = state.day?.morning, step.now >= morning else { return [] }
        state.morningDoneOn = step.today
        return alert(state, step.facts).map { [$0] } ?? []
    }

    static func asksForTheSun(_ alert: Alert) -> Bool { false }

    static func stillApplies(_ alert: Alert, _ state: EngineState, _ facts: DayFacts) -> Bool {
        (state.uvAhead(facts) ?? 0) >= 3
    }

    static func deadlines(_ state: EngineState, _ facts: DayFacts) -> [Date] {
        state.day?.morning.map { [$0] } ?? []
    }

    /// "Sunscreen window today 9:20 – 14:40 (peak 11 at 12:40)", when there is a window.
    private static func alert(_ state: EngineState, _ facts: DayFacts) -> Alert? {
        guard !state.isSilenced(.morning, now: facts.now, today: state.todayKey(at: facts.now)) else { return nil }
        guard let window = facts.window, window.end > facts.now else { return nil }
        let yesterday = state.day.map { DayKey($0.interval.start.addingTimeInterval(-1), in: state.zone) }
        let yesterdays = state.earlierDayDose.flatMap { $0.day == yesterday && $0.burnDosePercent >= 1 ? $0.burnDosePercent : nil }
        return Alert(
            subject: .morning, rule: .morning,
            meaning: .morning(window: window, peakUVI: facts.peak?.uvi, peakAt: facts.peak?.at, yesterdayBurnDosePercent: yesterdays),
            urgency: .low, actions: [])
    }
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

/// "UV today" asked for from the tray on a day with no sunscreen window.
public struct NoWindowTodayMeaning: RuleMeaning {
    public static let savedName = "noWindowToday"

    public func words(_ presenter: Presenter) -> (summary: String, body: String) {
        (tr("UV today"), tr("No sunscreen window: UV stays low all day."))
    }
}

extension AlertMeaning {
    public static func morning(window: TimeSpan, peakUVI: Double?, peakAt: Date?, yesterdayBurnDosePercent: Double?) -> AlertMeaning {
        AlertMeaning(MorningMeaning(window: window, peakUVI: peakUVI, peakAt: peakAt, yesterdayBurnDosePercent: yesterdayBurnDosePercent))
    }

    public static let noWindowToday = AlertMeaning(NoWindowTodayMeaning())
}
