import Foundation
import Testing
import UVCore

@testable import UVEngine

@Suite("Rule engine: what uvctl asks")
struct EngineCommandTests {
    typealias S = Simulation
    static let day = S.at("2026-01-15T00:00:00+11:00")

    private func highUVDay() -> Simulation {
        var sim = S(start: Self.day)
        sim.send(.forecast(S.modelledDay(Self.day)), at: Self.day)
        return sim
    }

    @Test func quietNowHoldsUntilItEndsThenReleases() {
        var sim = highUVDay()
        let wifi = S.at("2026-01-15T07:40:00+11:00")
        let leave = S.at("2026-01-15T08:00:00+11:00")
        sim.send(.command(.quietUntil(S.at("2026-01-15T09:00:00+11:00"))), at: S.at("2026-01-15T07:45:00+11:00"))
        sim.run(
            until: S.at("2026-01-15T09:30:00+11:00"),
            events: [
                (wifi, .network(NetworkState(kind: .wifi))), (leave, .network(NetworkState(kind: .cellular))),
            ])
        #expect(sim.alerts(.rule(.leaveHome)).map(\.time) == [S.at("2026-01-15T09:00:00+11:00")])
    }

    @Test func quietOffEndsAConfiguredSpanInProgressOnly() {
        var settings = EngineSettings()
        settings.quietHours = QuietHours([QuietSpan(start: 7 * 60, end: 9 * 60)])
        var sim = S(settings: settings, start: Self.day)
        sim.send(.forecast(S.modelledDay(Self.day)), at: Self.day)
        #expect(sim.state.isQuiet(at: S.at("2026-01-15T07:10:00+11:00")))
        sim.send(.command(.quietOff), at: S.at("2026-01-15T07:10:00+11:00"))
        #expect(!sim.state.isQuiet(at: S.at("2026-01-15T08:00:00+11:00")))
        // The next day's span is quiet again.
        #expect(sim.state.isQuiet(at: S.at("2026-01-16T08:00:00+11:00")))
    }

    @Test func snoozeWithdrawsAndSilencesARuleUntilItEnds() {
        // The countdown's pop-ups (`[reapply] countdown`), out: a reminder is on screen at 10:30.
        var settings = EngineSettings()
        settings[ReapplyRule.key].countdown = true
        var sim = S(settings: settings, start: Self.day)
        sim.send(.forecast(S.modelledDay(Self.day)), at: Self.day)
        sim.goOut(at: S.at("2026-01-15T09:00:00+11:00"))
        sim.send(
            .sunscreen(SunscreenOn(SunscreenApplication(spf: .spf30, quantity: .medium, appliedAt: S.at("2026-01-15T09:00:00+11:00")))),
            at: S.at("2026-01-15T09:00:00+11:00"))
        sim.run(until: S.at("2026-01-15T10:30:00+11:00"))
        let before = sim.alerts(.rule(.reapply)).count
        #expect(sim.state.live.contains(.rule(.reapply)))
        let snoozeAt = S.at("2026-01-15T10:30:00+11:00")
        let until = S.at("2026-01-15T12:30:00+11:00")
        sim.send(.command(.snooze(.reapply, until: until)), at: snoozeAt)
        #expect(sim.withdrawn.last?.subject == .rule(.reapply))
        sim.run(until: S.at("2026-01-15T13:00:00+11:00"))
        let after = sim.alerts(.rule(.reapply)).dropFirst(before)
        #expect(!after.isEmpty)
        #expect(after.allSatisfy { $0.time >= until })
    }

    @Test func muteSilencesUntilUnmuted() {
        var sim = highUVDay()
        sim.send(.command(.mute(.uvAlert)), at: Self.day)
        sim.run(until: S.at("2026-01-15T11:00:00+11:00"))
        #expect(sim.notified.allSatisfy { $0.alert.rule != .uvAlert })
        sim.send(.command(.unmute(.uvAlert)), at: S.at("2026-01-15T11:00:00+11:00"))
        // Levels crossed while muted are not said late; the next crossing is.
        sim.run(until: S.at("2026-01-15T23:00:00+11:00"))
        #expect(sim.notified.allSatisfy { $0.alert.subject != Subject.uvLevel(.high) })
    }

    @Test func aClosedNotificationIsNotWithdrawnAgain() {
        var sim = highUVDay()
        sim.run(until: S.at("2026-01-15T07:31:00+11:00"))
        #expect(sim.state.live.contains(.rule(.morning)))
        sim.send(.answer(subject: .rule(.morning), .closed(.unexplained)), at: S.at("2026-01-15T07:32:00+11:00"))
        #expect(!sim.state.live.contains(.rule(.morning)))
        #expect(sim.withdrawn.isEmpty)
    }

    @Test func aMarkedHomeNetworkIsTheOnlyHome() {
        var sim = highUVDay()
        sim.send(.command(.homeMarked(true)), at: Self.day)
        sim.run(
            until: S.at("2026-01-15T10:00:00+11:00"),
            events: [
                (S.at("2026-01-15T07:40:00+11:00"), .network(NetworkState(kind: .wifi, isHomeWifi: false))),
                (S.at("2026-01-15T08:00:00+11:00"), .network(NetworkState(kind: .cellular))),
            ])
        #expect(sim.alerts(.rule(.leaveHome)).isEmpty)
        sim.run(
            until: S.at("2026-01-15T12:00:00+11:00"),
            events: [
                (S.at("2026-01-15T10:40:00+11:00"), .network(NetworkState(kind: .wifi, isHomeWifi: true))),
                (S.at("2026-01-15T11:00:00+11:00"), .network(NetworkState(kind: .cellular))),
            ])
        #expect(sim.alerts(.rule(.leaveHome)).count == 1)
    }

    @Test func resumingAsksForAFreshForecast() {
        let (_, effects) = Engine.reduce(highUVDay().state, .resumed, now: S.at("2026-01-15T09:00:00+11:00"))
        #expect(effects.contains(.refresh))
    }

    @Test func theStateSurvivesEncoding() throws {
        var sim = highUVDay()
        sim.send(.command(.snooze(.leaveHome, until: S.at("2026-01-15T12:00:00+11:00"))), at: Self.day)
        sim.run(until: S.at("2026-01-15T10:00:00+11:00"))
        let data = try JSONEncoder().encode(sim.state)
        #expect(try JSONDecoder().decode(EngineState.self, from: data) == sim.state)
    }
}
