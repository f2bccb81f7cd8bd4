import Foundation
import Testing
import UVCore

@testable import UVEngine

/// While outside, the day's burn dose reaching 50 % and then 80 % is said, each once a day,
/// through quiet hours, mute and "not today" like every rule.
@Suite("Dose notices")
struct DoseNoticeTests {
    static let zone = "Australia/Sydney"
    static func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: "2026-01-15T\(text):00+11:00")! }

    private func fresh(quiet: QuietHours = QuietHours()) -> EngineState {
        var settings = EngineSettings()
        settings.quietHours = quiet
        settings[MorningRule.key].minute = nil
        return EngineState(settings: settings, zone: ZoneName(Self.zone), skinType: .II)
    }

    private func shown(_ effects: [EngineEffect]) -> [Alert] {
        effects.compactMap { if case .change(.show(let alert)) = $0 { alert } else { nil } }
    }

    private func hear(_ state: inout EngineState, _ percent: Double, outside: Bool = true, at time: String) -> [Alert] {
        let (next, effects) = Engine.reduce(
            state, .dose(DoseReading(burnDosePercent: percent, outside: outside, nextLevelAt: nil)), now: Self.at(time))
        state = next
        return shown(effects).filter { $0.rule == .dose }
    }

    @Test func halfThenFourFifthsOnceEachADay() {
        var state = fresh()
        #expect(hear(&state, 30, at: "10:00").isEmpty)
        #expect(hear(&state, 52, at: "10:30").map(\.meaning) == [.dose(level: 50)])
        #expect(hear(&state, 60, at: "10:45").isEmpty)
        #expect(hear(&state, 81, at: "11:00").map(\.meaning) == [.dose(level: 80)])
        #expect(hear(&state, 95, at: "11:30").isEmpty)
        // Inside, nothing is said, whatever the dose.
        var inside = fresh()
        #expect(hear(&inside, 90, outside: false, at: "12:00").isEmpty)
    }

    @Test func heldByQuietHoursAndSaidAfterWhileStillOutside() {
        var state = fresh(quiet: QuietHours([QuietSpan(start: 10 * 60, end: 11 * 60)]))
        #expect(hear(&state, 55, at: "10:15").isEmpty)
        let (after, effects) = Engine.reduce(state, .tick, now: Self.at("11:00"))
        state = after
        #expect(shown(effects).map(\.meaning) == [.dose(level: 50)])
    }

    @Test func mutedItSaysNothing() {
        var state = Engine.reduce(fresh(), .command(.mute(.dose)), now: Self.at("09:00")).0
        #expect(hear(&state, 85, at: "10:00").isEmpty)
        #expect(
            Presenter(state).present(Alert(subject: .rule(.dose), rule: .dose, meaning: .dose(level: 50), urgency: .normal, actions: []))
                .summary == "Half your burn dose for today: shade or reapply")
    }

    /// The engine wakes when the next level would be reached staying out.
    @Test func itWakesWhenTheNextLevelComes() {
        let soon = Self.at("10:40")
        let (_, effects) = Engine.reduce(
            fresh(), .dose(DoseReading(burnDosePercent: 40, outside: true, nextLevelAt: soon)), now: Self.at("10:00"))
        #expect(effects.contains(.wakeAt(soon)))
    }

    /// Out with Mia (type I) and the user (type V), from the same time outside: the reading is
    /// Mia's share, the notice names her, and the next level is waited for at her pace.
    @Test func theFirstMemberToReachALevelIsNamed() throws {
        let start = Self.at("10:00")
        let now = Self.at("10:06")
        let intervals = [OutsideInterval(start: start, end: .distantFuture, source: .user)]
        let family = [FamilyMember(name: "Sam", skinType: .IV), FamilyMember(name: "Mia", skinType: .I)]
        let day = DateInterval(start: Self.at("00:00"), duration: 86_400)
        func dose(_ family: [FamilyMember]) -> PartyDose {
            PartyDose(intervals: intervals, until: now, uvi: { _ in 10 }, sunscreen: [], you: .V, family: family, agesAt: now, zone: .utc)
        }
        let alone = try #require(
            DoseReading(dose([]), outside: true, now: now, dayEnd: day.end, uvi: { _ in 10 }, sunscreen: SunscreenOn()))
        let party = try #require(
            DoseReading(dose(family), outside: true, now: now, dayEnd: day.end, uvi: { _ in 10 }, sunscreen: SunscreenOn()))
        #expect(alone.firstToReach == nil && party.firstToReach == "Mia")
        // Type I's minimal erythemal dose is a fifth of type V's (Fitzpatrick, as BurnTime reads it).
        #expect(
            abs(party.burnDosePercent - alone.burnDosePercent * SkinType.V.minimalErythemalDose / SkinType.I.minimalErythemalDose) < 0.2)
        #expect(party.burnDosePercent > alone.burnDosePercent)
        let (miaNext, yourNext) = (try #require(party.nextLevelAt), try #require(alone.nextLevelAt))
        #expect(miaNext < yourNext)
        var state = fresh()
        let (_, effects) = Engine.reduce(state, .dose(party), now: now)
        state = fresh()
        let notice = try #require(shown(effects).first { $0.rule == .dose })
        #expect(notice.meaning == .dose(level: 50, person: "Mia"))
        #expect(Presenter(state).present(notice).summary.contains("Mia's burn dose for today"))
    }
}
