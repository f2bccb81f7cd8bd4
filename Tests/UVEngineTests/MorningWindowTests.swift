import Foundation
import Testing
import UVCore

@testable import UVEngine

/// The morning summary names the window the status shows: `forecast.window` decides both.
@Suite("Morning summary and the window setting")
struct MorningWindowTests {
    typealias S = Simulation
    static let day = S.at("2026-01-15T00:00:00+11:00")

    private func morningBody(_ window: WindowSetting?) -> String? {
        var settings = EngineSettings()
        settings.window = window
        var sim = S(settings: settings, start: Self.day)
        sim.send(.forecast(S.modelledDay(Self.day)), at: Self.day)
        sim.run(until: S.at("2026-01-15T08:00:00+11:00"))
        return sim.alerts(.rule(.morning)).first?.alert.body
    }

    @Test func windowSixIsNarrowerThanThree() throws {
        let series = UVSeries(S.modelledDay(Self.day))
        let day = LocalDay.interval(containing: Self.day.addingTimeInterval(43_200), in: S.sydney)
        let six = try #require(ProtectionWindow.sunscreen(series, day: day, threshold: .uvi6))
        let body = try #require(morningBody(.uvi6))
        #expect(
            body.hasPrefix(
                "Sunscreen window today \(WallClock.format(six.start, in: S.sydney, twelveHour: false)) – \(WallClock.format(six.end, in: S.sydney, twelveHour: false))"
            ), "\(body)")
        #expect(morningBody(.uvi6) != morningBody(nil))
    }
}
