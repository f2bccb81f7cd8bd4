import Foundation
import Testing
import UVCore

@testable import UVEngine

@Suite("Rule engine scenarios")
struct EngineScenarioTests {
    typealias S = Simulation
    static let day = S.at("2026-01-15T00:00:00+11:00")

    private func commuter(settings: EngineSettings = EngineSettings()) -> Simulation {
        var sim = S(settings: settings, start: Self.day)
        sim.send(.forecast(S.modelledDay(Self.day)), at: Self.day)
        sim.run(
            until: S.at("2026-01-15T23:59:00+11:00"),
            events: [
                (S.at("2026-01-15T06:30:00+11:00"), .network(NetworkState(kind: .wifi))),
                (S.at("2026-01-15T08:00:00+11:00"), .network(NetworkState(kind: .cellular))),
                (S.at("2026-01-15T08:05:00+11:00"), .answer(subject: .rule(.leaveHome), .pressed(.applied))),
            ])
        return sim
    }

    @Test func theMorningSummaryAtTheFirstSignOfSomeoneAtTheMachine() {
        var settings = EngineSettings()
        settings[MorningRule.key].minute = nil
        for (sign, at) in [
            (EngineEvent.resumed, "07:05"), (.userActivity, "07:10"), (.command(.quietOff), "07:15"),
            (.answer(subject: Subject.uvLevel(.high), .pressed(.notToday)), "07:20"),
        ] {
            var sim = S(settings: settings, start: Self.day)
            sim.send(.forecast(S.modelledDay(Self.day)), at: Self.day)
            sim.run(
                until: S.at("2026-01-15T23:59:00+11:00"),
                events: [
                    // A notification left to expire overnight is no one at the machine.
                    (S.at("2026-01-15T06:00:00+11:00"), .answer(subject: .rule(.reapply), .closed(.unexplained))),
                    (S.at("2026-01-15T\(at):00+11:00"), sign),
                    (S.at("2026-01-15T09:00:00+11:00"), .userActivity),
                    (S.at("2026-01-15T10:00:00+11:00"), .resumed),
                ])
            #expect(sim.alerts(.rule(.morning)).map(\.time) == [S.at("2026-01-15T\(at):00+11:00")], "\(sign)")
        }
    }

    @Test func levelsPassedTogetherAreOneAlertTheHighest() {
        // The first forecast arrives at midday, UV already past 6, 8 and 11.
        var sim = S(start: Self.day)
        let noon = S.at("2026-01-15T12:30:00+11:00")
        // Out: critical is said only there.
        sim.goOut(at: Self.day)
        sim.send(.forecast(S.modelledDay(Self.day)), at: noon)
        sim.run(until: S.at("2026-01-15T23:59:00+11:00"))
        let alerts = sim.notified.filter { $0.alert.rule == .uvAlert }
        #expect(alerts.map(\.alert.subject) == [Subject.uvLevel(.extreme)])
        #expect(alerts.first?.time == noon && alerts.first?.alert.urgency == .critical)
    }

    /// "UV 12: extreme" from the clear-sky model, then a station measuring 6: the alert that the
    /// newer data contradicts is withdrawn, and a real rise later that day alerts again.
    @Test func anAlertNewerDataContradictsIsWithdrawn() {
        var sim = S(start: Self.day)
        let noon = S.at("2026-01-15T12:30:00+11:00")
        let measured = S.at("2026-01-15T12:40:00+11:00")
        let halved = S.modelledDay(Self.day).map { UVSample(time: $0.time, uvi: $0.uvi / 2) }
        sim.send(.forecast(S.modelledDay(Self.day)), at: noon)
        sim.send(.forecast(halved), at: measured)
        #expect(sim.alerts(Subject.uvLevel(.extreme)).map(\.time) == [noon])
        #expect(sim.withdrawn.contains { $0.subject == Subject.uvLevel(.extreme) && $0.time == measured })
        // The sky clears again: extreme is real now, and said.
        let clearing = S.at("2026-01-15T13:00:00+11:00")
        sim.send(.forecast(S.modelledDay(Self.day)), at: clearing)
        #expect(sim.alerts(Subject.uvLevel(.extreme)).map(\.time) == [noon, clearing])
    }

    @Test func aCommutersDay() throws {
        let sim = commuter()
        let leave = sim.alerts(.rule(.leaveHome))
        #expect(leave.count == 1)
        #expect(leave.first?.time == S.at("2026-01-15T08:01:00+11:00"))
        #expect(leave.first?.alert.buttons.map(\.action) == [.applied, .remind, .notToday, .inside])
        #expect(sim.withdrawn.contains { $0.subject == .rule(.leaveHome) })
        // The button recorded sunscreen: the reapply countdown follows, in place, ending in "now".
        let reapply = sim.alerts(.rule(.reapply))
        #expect((1...3).contains(reapply.count))
        #expect(reapply.last?.alert.summary == "Reapply sunscreen now")
        // Each countdown stage appears as it begins: 60 minutes left, under 30, and due.
        if reapply.count == 3, let due = reapply.last?.time {
            #expect(reapply[0].time == due.addingTimeInterval(-3600))
            #expect(reapply[1].time == due.addingTimeInterval(-1800 + 1))
        }
        #expect(reapply.last?.alert.body.hasPrefix("Applied SPF 30 • Medium at 08:05 — reapply by ") == true)
        // UV alerts rise through 6, 8 and 11 once each, at the moment of crossing; extreme is critical.
        #expect(sim.alerts(Subject.uvLevel(.high)).count == 1 && sim.alerts(Subject.uvLevel(.veryHigh)).count == 1)
        for (subject, level) in [(Subject.uvLevel(.high), 6.0), (Subject.uvLevel(.veryHigh), 8.0), (Subject.uvLevel(.extreme), 11.0)] {
            let time = try #require(sim.alerts(subject).first?.time)
            let crossing = try #require(UVSeries(S.modelledDay(Self.day)).firstTime(atLeast: level, after: Self.day))
            #expect(abs(time.timeIntervalSince(crossing)) <= 1, "\(subject) at \(time), UV \(level) reached at \(crossing)")
        }
        #expect(sim.alerts(Subject.uvLevel(.extreme)).count == 1 && sim.alerts(Subject.uvLevel(.extreme)).first?.alert.urgency == .critical)
        // The morning summary, once, at 07:30.
        let morning = sim.alerts(.rule(.morning))
        #expect(morning.count == 1 && morning.first?.time == S.at("2026-01-15T07:30:00+11:00"))
        #expect(morning.first?.alert.body.hasPrefix("Sunscreen window today 0") == true)
    }

    @Test func flappingGivesOneLeaveHomeNotification() {
        var sim = S(start: Self.day)
        sim.send(.forecast(S.modelledDay(Self.day)), at: Self.day)
        var events: [(Date, EngineEvent)] = []
        for flap in 0..<5 {
            let start = S.at("2026-01-15T08:00:00+11:00").addingTimeInterval(Double(flap) * 120)
            events.append((start, .network(NetworkState(kind: .wifi))))
            events.append((start.addingTimeInterval(30), .network(NetworkState(kind: .cellular))))
        }
        sim.run(until: S.at("2026-01-15T10:00:00+11:00"), events: events)
        #expect(sim.alerts(.rule(.leaveHome)).count == 1)
    }

    @Test func noLeaveHomeWhenSunscreenIsOnOrUVStaysLow() {
        var sim = S(start: Self.day)
        sim.send(.forecast(S.modelledDay(Self.day)), at: Self.day)
        sim.send(
            .sunscreen(SunscreenOn(SunscreenApplication(spf: .spf50, quantity: .lots, appliedAt: S.at("2026-01-15T07:50:00+11:00")))),
            at: S.at("2026-01-15T07:50:00+11:00"))
        sim.run(
            until: S.at("2026-01-15T09:00:00+11:00"),
            events: [
                (S.at("2026-01-15T07:55:00+11:00"), .network(NetworkState(kind: .wifi))),
                (S.at("2026-01-15T08:00:00+11:00"), .network(NetworkState(kind: .cellular))),
            ])
        #expect(sim.alerts(.rule(.leaveHome)).isEmpty)

        var evening = S(start: Self.day)
        evening.send(.forecast(S.modelledDay(Self.day)), at: Self.day)
        evening.run(
            until: S.at("2026-01-15T23:00:00+11:00"),
            events: [
                (S.at("2026-01-15T20:00:00+11:00"), .network(NetworkState(kind: .wifi))),
                (S.at("2026-01-15T21:00:00+11:00"), .network(NetworkState(kind: .cellular))),
            ])
        #expect(evening.alerts(.rule(.leaveHome)).isEmpty)
    }

    @Test func remindMeInFifteenMinutesAndNotToday() {
        var sim = S(start: Self.day)
        sim.send(.forecast(S.modelledDay(Self.day)), at: Self.day)
        sim.run(
            until: S.at("2026-01-15T09:00:00+11:00"),
            events: [
                (S.at("2026-01-15T08:00:00+11:00"), .network(NetworkState(kind: .wifi))),
                (S.at("2026-01-15T08:10:00+11:00"), .network(NetworkState(kind: .cellular))),
                (S.at("2026-01-15T08:12:00+11:00"), .answer(subject: .rule(.leaveHome), .pressed(.remind))),
            ])
        #expect(sim.alerts(.rule(.leaveHome)).map(\.time) == [S.at("2026-01-15T08:11:00+11:00"), S.at("2026-01-15T08:27:00+11:00")])

        var muted = S(start: Self.day)
        muted.send(.forecast(S.modelledDay(Self.day)), at: Self.day)
        muted.run(
            until: S.at("2026-01-15T23:00:00+11:00"),
            events: [
                (S.at("2026-01-15T08:00:00+11:00"), .answer(subject: Subject.uvLevel(.high), .pressed(.notToday)))
            ])
        #expect(muted.alerts(Subject.uvLevel(.high)).isEmpty && muted.alerts(Subject.uvLevel(.veryHigh)).isEmpty)
    }

    @Test func quietHoursHoldThenRelease() throws {
        var settings = EngineSettings()
        settings.quietHours = QuietHours([try #require(QuietSpan(parsing: "06:00-09:00"))])
        let sim = commuter(settings: settings)
        // Morning (07:30) and leave-home (08:01) wait until 09:00; nothing pops up in between.
        #expect(sim.notified.allSatisfy { !(S.at("2026-01-15T06:00:00+11:00")..<S.at("2026-01-15T09:00:00+11:00")).contains($0.time) })
        #expect(sim.alerts(.rule(.morning)).map(\.time) == [S.at("2026-01-15T09:00:00+11:00")])
    }

    @Test func heldAlertsThatNoLongerApplyAreDropped() throws {
        var settings = EngineSettings()
        settings.quietHours = QuietHours([try #require(QuietSpan(parsing: "07:00-12:00"))])
        var sim = S(settings: settings, start: Self.day)
        sim.send(.forecast(S.modelledDay(Self.day)), at: Self.day)
        sim.run(
            until: S.at("2026-01-15T13:00:00+11:00"),
            events: [
                (S.at("2026-01-15T07:30:00+11:00"), .network(NetworkState(kind: .wifi))),
                (S.at("2026-01-15T08:00:00+11:00"), .network(NetworkState(kind: .cellular))),
                // Sunscreen went on before quiet hours ended: "apply before you leave" no longer applies.
                (
                    S.at("2026-01-15T11:30:00+11:00"),
                    .sunscreen(
                        SunscreenOn(SunscreenApplication(spf: .spf50, quantity: .lots, appliedAt: S.at("2026-01-15T11:30:00+11:00"))))
                ),
            ])
        #expect(sim.alerts(.rule(.leaveHome)).isEmpty)
    }

    /// Out with Mia (type I) under the user's (type V) sunscreen: the countdown runs to Mia's
    /// time, sooner than the user's own, and the reminder names her.
    @Test func theReapplyReminderNamesWhoseProtectionRunsOutFirst() throws {
        let applied = S.at("2026-01-15T09:00:00+11:00")
        let alone = { (family: [FamilyMember]) in
            var sim = S(start: Self.day)
            sim.send(.forecast(S.modelledDay(Self.day)), at: Self.day)
            sim.send(.context(zone: ZoneName("Australia/Sydney"), profile: Profile(skinType: .V)), at: Self.day)
            sim.send(.family(family), at: Self.day)
            sim.goOut(at: applied)
            sim.run(
                until: S.at("2026-01-15T13:00:00+11:00"),
                events: [(applied, .sunscreen(SunscreenOn(SunscreenApplication(spf: .spf15, quantity: .low, appliedAt: applied))))])
            return sim.alerts(.rule(.reapply))
        }
        let yours = try #require(alone([]).last)
        let withMia = try #require(alone([FamilyMember(name: "Mia", skinType: .I)]).last)
        #expect(withMia.time < yours.time)
        #expect(withMia.alert.body.hasPrefix("Mia's protection runs out first.\n"))
        #expect(!yours.alert.body.contains("protection runs out first"))
    }

    @Test func aReapplyReminderWaitsForTheEndOfQuietHoursAtItsLatestStage() throws {
        var settings = EngineSettings()
        settings.quietHours = QuietHours([try #require(QuietSpan(parsing: "09:00-11:00"))])
        var sim = S(settings: settings, start: Self.day)
        sim.send(.forecast(S.modelledDay(Self.day)), at: Self.day)
        // Applied at 08:30: 60 minutes left at 09:30, 30 at 10:00, due at 10:30, all in quiet hours.
        let applied = S.at("2026-01-15T08:30:00+11:00")
        sim.goOut(at: applied)
        sim.run(
            until: S.at("2026-01-15T12:00:00+11:00"),
            events: [
                (applied, .sunscreen(SunscreenOn(SunscreenApplication(spf: .spf50, quantity: .lots, appliedAt: applied))))
            ])
        let reapply = sim.alerts(.rule(.reapply))
        #expect(reapply.map(\.time) == [S.at("2026-01-15T11:00:00+11:00")])
        #expect(reapply.first?.alert.summary == "Reapply sunscreen now")
    }

    @Test func extremePassesQuietHours() throws {
        var settings = EngineSettings()
        settings.quietHours = QuietHours([try #require(QuietSpan(parsing: "10:00-16:00"))])
        var sim = S(settings: settings, start: Self.day)
        // Out all day: the extreme level is critical there, which is what passes quiet hours.
        sim.goOut(at: Self.day)
        sim.send(.forecast(S.modelledDay(Self.day)), at: Self.day)
        sim.run(until: S.at("2026-01-15T17:00:00+11:00"))
        let extreme = try #require(sim.alerts(Subject.uvLevel(.extreme)).first)
        #expect((S.at("2026-01-15T10:00:00+11:00")..<S.at("2026-01-15T16:00:00+11:00")).contains(extreme.time))
        // The high and very-high alerts waited for 16:00.
        #expect(sim.alerts(Subject.uvLevel(.veryHigh)).allSatisfy { $0.time >= S.at("2026-01-15T16:00:00+11:00") })
    }

    @Test func reapplyAfterWaterFollowsTheWaterResistance() throws {
        var sim = S(start: Self.day)
        sim.send(.forecast(S.modelledDay(Self.day)), at: Self.day)
        let applied = S.at("2026-01-15T09:00:00+11:00")
        sim.goOut(at: applied)
        var application = SunscreenApplication(
            spf: .spf50, quantity: .lots, activity: .active, appliedAt: applied, waterResistance: .minutes40)
        sim.send(.sunscreen(SunscreenOn(application)), at: applied)
        application.waterEventAt = S.at("2026-01-15T09:20:00+11:00")
        sim.run(
            until: S.at("2026-01-15T12:00:00+11:00"), events: [(S.at("2026-01-15T09:20:00+11:00"), .sunscreen(SunscreenOn(application)))])
        let due = try #require(sim.alerts(.rule(.reapply)).last)
        #expect(due.alert.summary == "Reapply sunscreen now")
        #expect(due.time == S.at("2026-01-15T10:00:00+11:00"))
    }

    /// Stopping mid-day and starting again from the saved state says exactly the same things.
    @Test func aRestartMidTimerChangesNothing() throws {
        let whole = commuter()
        var first = S(start: Self.day)
        first.send(.forecast(S.modelledDay(Self.day)), at: Self.day)
        let events: [(Date, EngineEvent)] = [
            (S.at("2026-01-15T06:30:00+11:00"), .network(NetworkState(kind: .wifi))),
            (S.at("2026-01-15T08:00:00+11:00"), .network(NetworkState(kind: .cellular))),
            (S.at("2026-01-15T08:05:00+11:00"), .answer(subject: .rule(.leaveHome), .pressed(.applied))),
        ]
        let stop = S.at("2026-01-15T09:10:00+11:00")
        first.run(until: stop, events: events)
        let saved = try JSONEncoder().encode(first.state)
        // A new process: the saved state, and a first tick when it starts.
        var second = S(start: stop)
        // The time outside and the sunscreen worn are the store's, kept across the restart.
        second.simulator = Simulator(state: try JSONDecoder().decode(EngineState.self, from: saved), start: stop, keeping: first.simulator)
        second.run(until: S.at("2026-01-15T23:59:00+11:00"))
        let combined = (first.notified + second.notified).map { "\($0.time) \($0.alert.subject) \($0.alert.summary)" }
        #expect(combined == whole.notified.map { "\($0.time) \($0.alert.subject) \($0.alert.summary)" })
    }

    /// Sydney's 23- and 25-hour days: one morning summary each, at 07:30 on the wall clock.
    @Test(arguments: ["2026-10-04", "2026-04-05"])
    func daylightSavingDays(date: String) {
        let start = S.at("\(date)T00:00:00+10:00")
        var sim = S(start: start)
        sim.send(.forecast(S.modelledDay(start.addingTimeInterval(12 * 3600))), at: start)
        sim.run(until: start.addingTimeInterval(26 * 3600))
        let mornings = sim.alerts(.rule(.morning)).filter { LocalDay.key($0.time, in: S.sydney) == date }
        #expect(mornings.count == 1)
        #expect(mornings.first.map { WallClock.minuteOfDay($0.time, in: S.sydney) } == 7 * 60 + 30)
    }

    /// A year of days: every subject at most once a day, the morning summary every day it applies.
    @Test func aYearWithoutDuplicates() {
        var sim = S(start: S.at("2026-01-01T00:00:00+11:00"))
        var seen: Set<String> = []
        var duplicates: [String] = []
        var mornings = 0
        for dayIndex in 0..<365 {
            let start = S.at("2026-01-01T00:00:00+11:00").addingTimeInterval(Double(dayIndex) * 86_400)
            let midday = start.addingTimeInterval(12 * 3600)
            sim.send(.forecast(S.modelledDay(midday)), at: max(start, sim.wake.addingTimeInterval(-1)))
            let before = sim.notified.count
            sim.run(until: start.addingTimeInterval(86_400 - 60))
            for entry in sim.notified[before...] {
                let key = "\(LocalDay.key(entry.time, in: S.sydney)) \(entry.alert.subject)"
                if !seen.insert(key).inserted, entry.alert.rule != .reapply { duplicates.append(key) }
                if entry.alert.rule == .morning { mornings += 1 }
            }
        }
        #expect(duplicates.isEmpty, "\(duplicates.prefix(5))")
        #expect(mornings >= 300)
    }
}
