import Foundation
import Testing
import UVCore

@testable import UVEngine

/// Whole days played through the simulator as `uvctl simulate --scenario` plays them: a pop-up
/// comes only where it can be acted on. The days are those of the issue that found uvd 0.4
/// popping up reapply reminders and UV alerts at the office desk (9 pop-ups on the office day,
/// 13 on a beach day).
@Suite("Pop-ups follow where the person is")
struct AttentionDayTests {
    typealias S = Simulation

    /// A day file of `Tests/Fixtures/days` (office, lunch, wfh, beach, winter).
    static func day(_ name: String) throws -> String {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: folder.appendingPathComponent("Fixtures/days/\(name).day"), encoding: .utf8)
    }

    /// What a played day popped up, with where the person was.
    struct Day {
        var popUps: [(time: Date, alert: Alert, whereabouts: Whereabouts)]
        var held: [(time: Date, alert: Alert, reason: HoldReason, whereabouts: Whereabouts)]

        func between(_ start: Date, _ end: Date) -> [Alert] { popUps.filter { (start..<end).contains($0.time) }.map(\.alert) }
        var inside: [Alert] { popUps.filter { !$0.whereabouts.isOut }.map(\.alert) }
        func count(_ rule: Rule) -> Int { popUps.filter { $0.alert.rule == rule }.count }
    }

    /// `text` on `date` at `coordinate` (the clear-sky model's day, as `uvctl simulate` uses).
    static func play(
        _ text: String, date: String = "2027-01-15", zone: Zone = S.sydney, coordinate: Coordinate = S.place, skin: SkinType = .III,
        settings: EngineSettings = EngineSettings(), family: [FamilyMember] = []
    ) throws -> Day {
        let day = try #require(LocalDay.interval(isoDate: date, in: zone))
        var simulator = Simulator(
            state: EngineState(settings: settings, zone: ZoneName(of: zone), skinType: skin), start: day.start)
        simulator.send(.forecast(DayOutlook.modelledSeries(day: day, coordinate: coordinate).samples), at: day.start)
        if !family.isEmpty { simulator.send(.family(family), at: day.start) }
        simulator.run(until: day.end.addingTimeInterval(-1), steps: try Scenario.parse(text, day: day, zone: zone))
        return Day(popUps: simulator.notified, held: simulator.held)
    }

    static func at(_ time: String, on date: String = "2027-01-15") -> Date { S.at("\(date)T\(time):00+11:00") }

    /// Nothing that asks for the sun pops up while the person is in, and nothing is critical there.
    static func checkNothingAsksForTheSunInside(_ day: Day, _ name: String) {
        for alert in day.inside {
            #expect(alert.rule != .reapply && alert.rule != .dose, "\(name): \(alert.subject) while in")
            #expect(alert.rule != .uvAlert || alert.subject == .uvLevel(.extreme), "\(name): \(alert.subject) while in")
            #expect(alert.urgency != .critical, "\(name): critical while in")
        }
    }

    @Test func theOfficeDayIsAtMostFourPopUpsNoneAtTheDesk() throws {
        let day = try Self.play(Self.day("office"))
        #expect(day.popUps.count <= 4, "\(day.popUps.map { "\($0.time) \($0.alert.subject)" })")
        Self.checkNothingAsksForTheSunInside(day, "office")
        // The reminder that fell due at the desk and the levels passed there are in the history.
        #expect(day.held.contains { $0.alert.rule == .reapply && $0.reason == .inside })
        #expect(day.held.contains { $0.alert.subject == .uvLevel(.high) && $0.reason == .inside })
        // The extreme level still pops up once, at normal urgency.
        #expect(day.popUps.filter { $0.alert.subject == .uvLevel(.extreme) }.map(\.alert.urgency) == [.normal])
    }

    @Test func theLunchWalkIsToldToReapplyAsItGoesOut() throws {
        let day = try Self.play(Self.day("lunch"))
        #expect(day.popUps.count <= 6, "\(day.popUps.map { "\($0.time) \($0.alert.subject)" })")
        Self.checkNothingAsksForTheSunInside(day, "lunch")
        let goingOut = day.between(Self.at("12:30"), Self.at("12:45"))
        #expect(goingOut.contains { $0.rule == .reapply || $0.rule == .leaveHome })
        #expect(goingOut.first?.subject == .rule(.reapply))
    }

    @Test func aWiredDeskAtHomeIsAtMostTwoPopUps() throws {
        let day = try Self.play(Self.day("wfh"), skin: .I)
        #expect(day.popUps.count <= 2, "\(day.popUps.map { "\($0.time) \($0.alert.subject)" })")
        Self.checkNothingAsksForTheSunInside(day, "wfh")
    }

    /// Melbourne in July: the UV never reaches 3, and sunscreen put on out of habit is never
    /// reminded, not even out.
    @Test func aDayWithoutUVWorthProtectingFromHasNoReapplyPopUp() throws {
        let melbourne = try #require(Zone(identifier: "Australia/Melbourne"))
        let day = try Self.play(
            try Self.day("winter"), date: "2027-07-15", zone: melbourne,
            coordinate: Coordinate(latitude: -37.81, longitude: 144.96))
        #expect(day.count(.reapply) == 0)
        #expect(day.held.contains { $0.alert.rule == .reapply && $0.reason == .noUVAhead })
    }

    @Test func aBeachDayHasOneReapplyPopUpPerApplication() throws {
        let day = try Self.play(Self.day("beach"))
        let reminders = day.popUps.filter { $0.alert.rule == .reapply }
        // Two applications (the leave-home press at 09:57 and 12:00): one reminder each, when due.
        #expect(reminders.count == 2, "\(reminders.map(\.time))")
        #expect(reminders.allSatisfy { $0.alert.meaning.reapplyStage == .now })
        // None the minute it was put on.
        #expect(!reminders.contains { $0.time == Self.at("12:00") })
    }

    /// Due at the desk, said when the person goes out by the network: once, by the leave-home
    /// prompt ("reapply before you leave"), not by a second pop-up.
    @Test func leavingWithSunscreenDueIsOnePopUpThatSaysReapply() throws {
        let text = """
            07:00 wifi
            08:15 cellular
            08:17 press leave-home applied
            08:50 wifi
            12:30 cellular
            13:30 wifi
            """
        let day = try Self.play(text)
        let leaving = day.between(Self.at("12:30"), Self.at("12:32"))
        #expect(leaving.count == 1, "\(leaving.map(\.subject))")
        guard let prompt = leaving.first?.meaning.as(LeaveHomeMeaning.self) else {
            Issue.record("no leave-home prompt at 12:31")
            return
        }
        #expect(prompt.reapply == true)
        #expect(Presenter(zone: S.sydney, twelveHour: false).present(leaving[0]).body.hasPrefix("Reapply sunscreen before you leave"))
        #expect(leaving[0].actions.first == .reapplied)
        // It stands for the reminder: none pops up while out after it.
        #expect(day.between(Self.at("12:30"), Self.at("13:30")).filter { $0.rule == .reapply }.isEmpty)
    }

    /// With a wear model that lasts longer than two hours (`interval_minutes = 240`), going out
    /// three hours after applying is told to reapply all the same.
    @Test func goingOutMoreThanTwoHoursAfterApplyingIsToldToReapply() throws {
        var settings = EngineSettings()
        settings.reapplyInterval = 4 * 3600
        let day = try Self.play("07:00 wifi\n09:00 apply 50 lots\n12:05 outside\n13:00 inside\n", settings: settings)
        let out = day.between(Self.at("12:05"), Self.at("12:06"))
        #expect(out.map(\.subject) == [.rule(.reapply)])
        // Not when going out sooner.
        let early = try Self.play("07:00 wifi\n09:00 apply 50 lots\n10:30 outside\n11:00 inside\n", settings: settings)
        #expect(early.between(Self.at("10:30"), Self.at("11:00")).filter { $0.rule == .reapply }.isEmpty)
    }

    /// Issue 45's baby: the leave-home prompt names Leo, 3 months old, and says to keep him out
    /// of direct sun.
    @Test func theMomentOfLeavingNamesTheBaby() throws {
        let leo = FamilyMember(name: "Leo", skinType: .II, born: BirthMonth(parsing: "2026-10"))
        let day = try Self.play("07:00 wifi\n08:15 cellular\n", family: [leo])
        let prompt = try #require(day.popUps.first { $0.alert.rule == .leaveHome })
        let body = Presenter(zone: S.sydney, twelveHour: false).present(prompt.alert).body
        #expect(body.contains("Keep Leo out of direct sun"), "\(body)")
        // With sunscreen on, the prompt still comes for the baby.
        let protected = try Self.play("07:00 wifi\n08:00 apply 50 lots\n08:15 cellular\n", family: [leo])
        #expect(protected.popUps.contains { $0.alert.rule == .leaveHome })
        var quiet = EngineSettings()
        quiet[LeaveHomeRule.key].namesBabies = false
        let unnamed = try Self.play("07:00 wifi\n08:00 apply 50 lots\n08:15 cellular\n", settings: quiet, family: [leo])
        #expect(!unnamed.popUps.contains { $0.alert.rule == .leaveHome })
    }

    /// `[alerts] indoors = "pop-up"` and `[reapply] countdown = true`, `indoors = "pop-up"`,
    /// `on_going_out = false`, `uv_threshold = 0`: uvd 0.4's day, nine pop-ups at the office.
    @Test func theSettingsGiveBackTheEarlierBehaviour() throws {
        var settings = EngineSettings()
        settings[UVAlertRule.key].indoors = .popUp
        settings[ReapplyRule.key].indoors = .popUp
        settings[ReapplyRule.key].countdown = true
        settings[ReapplyRule.key].uvThreshold = 0
        settings[ReapplyRule.key].onGoingOut = false
        let day = try Self.play(Self.day("office"), settings: settings)
        #expect(day.popUps.count == 9, "\(day.popUps.map { "\($0.time) \($0.alert.subject)" })")
        #expect(day.count(.reapply) == 3)
        #expect(day.popUps.contains { $0.alert.urgency == .critical && !$0.whereabouts.isOut })
    }
}

extension AlertMeaning {
    /// The countdown stage of a reapply reminder.
    var reapplyStage: ReapplyCountdown? {
        self.as(ReapplyMeaning.self)?.stage
    }
}
