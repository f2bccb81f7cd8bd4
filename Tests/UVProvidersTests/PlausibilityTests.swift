import Foundation
import TestSupport
import Testing
import UVCore
import UVProviders

@Suite("Implausible provider data")
struct PlausibilityTests {
    static let now = ProviderFixture.instant("2026-01-15T00:00:00Z")

    private func forecast(hourly: [Double], current: Double? = nil, start: Date = now) -> UVForecast {
        UVForecast(
            source: .openMeteo, coordinate: Coordinate(latitude: 0, longitude: 0), utcOffsetSeconds: 0,
            current: current.map { CurrentConditions(time: start, uvi: $0) },
            hourly: hourly.enumerated().map { HourlyUV(time: start.addingTimeInterval(Double($0.offset) * 3600), uvi: $0.element) },
            daily: [])
    }

    @Test func dropsValuesOutOfRangeAndSaysSo() throws {
        let (screened, notes) = try Plausibility.screen(forecast(hourly: [1, -0.5, .nan, 30, 24.9], current: .infinity), now: Self.now)
        #expect(screened.hourly.map(\.uvi) == [1, 24.9])
        #expect(screened.current?.uvi == nil)
        #expect(notes.count == 4)
        #expect(notes.allSatisfy { $0.hasPrefix("dropped") })
    }

    @Test func rejectsAnswersFarFromNow() {
        let old = forecast(hourly: [1, 2, 3], start: ProviderFixture.instant("2017-07-13T00:00:00Z"))
        #expect(throws: ProviderError.self) { try Plausibility.screen(old, now: Self.now) }
        let future = forecast(hourly: [1, 2, 3], start: Self.now.addingTimeInterval(40 * 86_400))
        #expect(throws: ProviderError.self) { try Plausibility.screen(future, now: Self.now) }
    }

    @Test func rejectsAnswersWithNothingLeft() {
        #expect(throws: ProviderError.implausible(.openMeteo, "no usable UV values")) {
            try Plausibility.screen(forecast(hourly: [99, -1]), now: Self.now)
        }
    }

    @Test func keepsAGoodAnswerWhole() throws {
        let good = forecast(hourly: [0, 2, 5, 8], current: 4)
        let (screened, notes) = try Plausibility.screen(good, now: Self.now)
        #expect(screened == good && notes.isEmpty)
    }
}
