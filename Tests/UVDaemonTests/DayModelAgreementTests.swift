import Foundation
import Testing
import UVCore
import UVEngine
import UVProtocol
import UVProviders

@testable import UVDaemon

/// The engine's reminders and `uvctl status` read one `DayFacts`: for any interval, window mode
/// and water event they give the same reapply time, stage, window and peak.
@Suite("One day model for the engine and the views")
struct DayModelAgreementTests {
    static let now = ISO8601DateFormatter().date(from: "2026-01-15T00:30:00Z")!  // 11:30 in Sydney
    static let sydney = Place(
        name: "Sydney", coordinate: Coordinate(latitude: -33.9, longitude: 151.2), zone: ZoneName("Australia/Sydney"), source: .manual)
    static var day: DateInterval { LocalDay.interval(containing: now, in: sydney.timeZone) }

    /// A summer day rising to UV 11 at 13:00 local.
    private func knowledge(_ sunscreen: SunscreenApplication, window: WindowSetting, interval: TimeInterval) -> Knowledge {
        let hourly = LocalDay.hours(of: Self.day).enumerated().map { hour, time in
            HourlyUV(time: time, uvi: max(0, 11 * cos(Double(hour - 13) / 7 * .pi / 2)))
        }
        let forecast = UVForecast(
            source: .openMeteo, coordinate: Self.sydney.coordinate, utcOffsetSeconds: 39_600, current: nil, hourly: hourly, daily: [])
        return Knowledge(
            place: Self.sydney, profile: Profile(skinType: .II), sunscreen: SunscreenOn(sunscreen), forecast: forecast, fetchedAt: Self.now,
            station: nil, window: window, reapplyInterval: interval, requestsToday: 1, providerProblem: nil)
    }

    /// The engine as the daemon feeds it: the same day series, then the sunscreen, both at `now`.
    private func engine(fedFrom knowledge: Knowledge, window: WindowSetting, interval: TimeInterval) -> Simulator {
        var settings = EngineSettings()
        settings.reapplyInterval = interval
        settings.window = window
        let state = EngineState(settings: settings, zone: knowledge.place.zone, skinType: .II)
        var simulator = Simulator(state: state, start: Self.now)
        simulator.send(.forecast(knowledge.daySeries(now: Self.now).samples(in: Self.day)), at: Self.now)
        simulator.send(.sunscreen(knowledge.sunscreen), at: Self.now)
        // Out: the reminder pops up there.
        simulator.run(until: Self.now, steps: [(Self.now, .outside(true))])
        return simulator
    }

    @Test(
        arguments: [
            (90.0, WindowSetting.uvi3, nil), (120, .uvi6, nil), (150, .personal, nil), (120, .uvi3, -5.0), (90, .personal, -30),
        ] as [(Double, WindowSetting, Double?)])
    func theReminderAndTheStatusSayTheSame(intervalMinutes: Double, window: WindowSetting, waterMinutesFromNow: Double?) throws {
        let applied = SunscreenApplication(
            spf: .spf30, quantity: .medium, appliedAt: Self.now.addingTimeInterval(-20 * 60),
            waterEventAt: waterMinutesFromNow.map { Self.now.addingTimeInterval($0 * 60) })
        let known = knowledge(applied, window: window, interval: intervalMinutes * 60)
        let viewed = known.reading(now: Self.now).facts
        var simulator = engine(fedFrom: known, window: window, interval: intervalMinutes * 60)
        let ruled = simulator.state.facts(now: Self.now)

        #expect(ruled.reapply == viewed.reapply)
        #expect(ruled.countdown == viewed.countdown)
        #expect(ruled.window == viewed.window)
        #expect(ruled.peak == viewed.peak)

        // The reminder the engine shows names the time the status gives.
        let status = ViewBuilder.status(known, now: Self.now)
        let reapplyAt = try #require(status.sunscreen.flatMap { InstantText.parse($0.reapplyAt) })
        simulator.run(until: Self.now.addingTimeInterval(4 * 3600))
        let reminder = try #require(simulator.notified.first { $0.alert.rule == .reapply }?.alert)
        #expect(
            Presenter(simulator.state).present(reminder).body.contains(
                WallClock.format(reapplyAt, in: Self.sydney.timeZone, twelveHour: false)))
    }

    @Test func theWindowModeMovesTheMorningSummaryAndTheStatusTogether() throws {
        let applied = SunscreenApplication(spf: .spf30, quantity: .medium, appliedAt: Self.now)
        let three = knowledge(applied, window: .uvi3, interval: 7200).reading(now: Self.now).facts.window
        let six = knowledge(applied, window: .uvi6, interval: 7200).reading(now: Self.now).facts.window
        let (wide, narrow) = (try #require(three), try #require(six))
        #expect(narrow.start > wide.start && narrow.end < wide.end)
    }
}
