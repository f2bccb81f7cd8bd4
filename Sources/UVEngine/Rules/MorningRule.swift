import FoundationEssentials
import UVCore

/// The morning summary: today's sunscreen window and peak, once a day, at `[morning] time` or,
/// without one, when someone first uses the machine that day; said only while the window is
/// still ahead or open (late in the day it is no news).
enum MorningRule: EngineRule {
    static let rule = Rule.morning
    static let settingsSection = "morning"

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
