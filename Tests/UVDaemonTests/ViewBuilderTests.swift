import Foundation
import Testing
import UVCore
import UVProtocol
import UVProviders

@testable import UVDaemon

@Suite("Status from what the daemon knows")
struct ViewBuilderTests {
    static let zone = Zone(identifier: "Australia/Sydney")!
    static let now = ISO8601DateFormatter().date(from: "2026-01-15T02:30:00Z")!  // 13:30 in Sydney
    static let sydney = Place(
        name: "Sydney", coordinate: Coordinate(latitude: -33.9, longitude: 151.2), zone: ZoneName("Australia/Sydney"), source: .manual)

    /// A provider forecast of a flat UVI 9 over the whole day, fetched `age` before now.
    private func knowledge(forecastAge age: TimeInterval?, station: StationReading? = nil) -> Knowledge {
        let day = LocalDay.interval(containing: Self.now, in: Self.zone)
        let forecast = UVForecast(
            source: .openMeteo, coordinate: Self.sydney.coordinate, utcOffsetSeconds: 39_600, current: nil,
            hourly: LocalDay.hours(of: day).map { HourlyUV(time: $0, uvi: 9) }, daily: [])
        return Knowledge(
            place: Self.sydney, profile: Profile(skinType: .II), sunscreen: SunscreenOn(),
            forecast: age == nil ? nil : forecast, fetchedAt: age.map { Self.now.addingTimeInterval(-$0) },
            station: station, window: .uvi3, reapplyInterval: 2 * 3600, requestsToday: 3, providerProblem: nil)
    }

    @Test func freshForecast() {
        let status = ViewBuilder.status(knowledge(forecastAge: 600), now: Self.now)
        #expect(status.source.value == .openMeteo && status.uvi == 9 && !status.stale && status.freshness.value == .fresh)
        #expect(status.ageMinutes == 10 && status.requestsToday == 3)
        // 0.5 × 250 ÷ 9 = 13.9 minutes for type II.
        #expect(status.burnTimeMinutes == 13)
    }

    @Test func olderThanNinetyMinutesIsStale() {
        let status = ViewBuilder.status(knowledge(forecastAge: 2 * 3600), now: Self.now)
        #expect(status.source.value == .openMeteo && status.stale && status.freshness.value == .stale)
    }

    @Test func olderThanSixHoursIsNotUsed() {
        let status = ViewBuilder.status(knowledge(forecastAge: 7 * 3600), now: Self.now)
        #expect(status.source.value == .model)
        #expect(status.note?.contains("provider data is 7 h old") == true)
        #expect(status.uvi != 9)
    }

    @Test func aFreshStationMeasurementWins() {
        let reading = StationReading(station: "Sydney", uvi: 10.4, time: Self.now.addingTimeInterval(-300), status: "ok")
        let status = ViewBuilder.status(knowledge(forecastAge: 600, station: reading), now: Self.now)
        // Five minutes on, the nowcast has moved the measurement along the clear-sky curve.
        #expect(status.source.value == .arpansa && abs(status.uvi - 10.4) <= 0.2)
        #expect(status.attribution.contains("ARPANSA"))
    }

    /// The station at 12 under a forecast of 9: "now 12" and "today's peak 9" in one answer was the bug.
    @Test func nowIsNeverAboveTheDaysPeak() throws {
        for measured in [6.0, 12.0] {
            let reading = StationReading(station: "Sydney", uvi: measured, time: Self.now.addingTimeInterval(-120), status: "ok")
            let status = ViewBuilder.status(knowledge(forecastAge: 600, station: reading), now: Self.now)
            let peak = try #require(status.peak)
            #expect(status.uvi <= peak.uvi, "station \(measured)")
        }
    }

    /// Every hour of today's forecast says where its value comes from.
    @Test func everyHourKnowsItsSource() throws {
        let reading = StationReading(station: "Sydney", uvi: 8, time: Self.now.addingTimeInterval(-120), status: "ok")
        let knowledge = knowledge(forecastAge: 600, station: reading)
        let forecast = ViewBuilder.forecast(knowledge, day: LocalDay.interval(containing: Self.now, in: Self.zone), now: Self.now)
        let sources = Dictionary(forecast.hours.map { ($0.time.prefix(16), $0.source) }, uniquingKeysWith: { first, _ in first })
        #expect(sources["2026-01-15T09:00"]?.value == .openMeteo)
        #expect(sources["2026-01-15T14:00"]?.value == .arpansa)
        #expect(sources["2026-01-15T23:00"]?.value == .openMeteo)
    }

    @Test func theHoursAheadFollowTheStation() {
        let nextHour = Self.now.addingTimeInterval(1800)  // 14:00 in Sydney
        func ahead(_ measured: Double) -> Double {
            let reading = StationReading(station: "Sydney", uvi: measured, time: Self.now.addingTimeInterval(-120), status: "ok")
            return knowledge(forecastAge: 600, station: reading).daySeries(now: Self.now).uvi(at: nextHour)
        }
        // The forecast says 9 either way; the measurement decides the next hour.
        #expect(ahead(12) > 11)
        #expect(ahead(6) < 6.5)
        // Hours later the forecast has the last word again.
        let evening = Self.now.addingTimeInterval(8 * 3600)
        let reading = StationReading(station: "Sydney", uvi: 12, time: Self.now.addingTimeInterval(-120), status: "ok")
        #expect(abs(knowledge(forecastAge: 600, station: reading).daySeries(now: Self.now).uvi(at: evening) - 9) < 1.5)
    }

    @Test func anOldStationMeasurementDoesNot() {
        let reading = StationReading(station: "Sydney", uvi: 10.4, time: Self.now.addingTimeInterval(-3600), status: "ok")
        #expect(ViewBuilder.status(knowledge(forecastAge: 600, station: reading), now: Self.now).source.value == .openMeteo)
    }

    @Test func nothingYetMeansTheModelSaysSo() {
        let status = ViewBuilder.status(knowledge(forecastAge: nil), now: Self.now)
        #expect(status.source.value == .model && status.note?.hasPrefix("no provider data yet") == true)
        #expect(status.updatedAt == nil && status.window != nil)
        // stale and freshness agree: the model's value is neither fresh nor stale data.
        #expect(status.freshness.value == .modelled && !status.stale)
    }
}

/// The status reads the same reapply time as the reminders: the configured interval, water.
@Suite("Status and the engine agree")
struct StatusAgreesWithEngineTests {
    static let now = ISO8601DateFormatter().date(from: "2026-01-15T02:30:00Z")!
    static let sydney = Place(
        name: "Sydney", coordinate: Coordinate(latitude: -33.9, longitude: 151.2), zone: ZoneName("Australia/Sydney"), source: .manual)

    private func knowledge(_ sunscreen: SunscreenApplication, interval: TimeInterval) -> Knowledge {
        let day = LocalDay.interval(containing: Self.now, in: Self.sydney.timeZone)
        let forecast = UVForecast(
            source: .openMeteo, coordinate: Self.sydney.coordinate, utcOffsetSeconds: 39_600, current: nil,
            hourly: LocalDay.hours(of: day).map { HourlyUV(time: $0, uvi: 9) }, daily: [])
        return Knowledge(
            place: Self.sydney, profile: Profile(skinType: .II), sunscreen: SunscreenOn(sunscreen), forecast: forecast, fetchedAt: Self.now,
            station: nil, window: .uvi3, reapplyInterval: interval, requestsToday: 1, providerProblem: nil)
    }

    @Test func theConfiguredIntervalSetsTheStatusReapplyTime() throws {
        let applied = Self.now.addingTimeInterval(-600)
        let status = ViewBuilder.status(
            knowledge(SunscreenApplication(spf: .spf50, quantity: .lots, appliedAt: applied), interval: 90 * 60), now: Self.now)
        let reapply = try #require(status.sunscreen.flatMap { InstantText.parse($0.reapplyAt) })
        #expect(reapply == applied.addingTimeInterval(90 * 60))
    }

    @Test func waterPastTheResistanceLeavesTheSkinBare() throws {
        let applied = Self.now.addingTimeInterval(-3600)
        let washed = SunscreenApplication(spf: .spf50, quantity: .lots, appliedAt: applied, waterEventAt: Self.now.addingTimeInterval(-600))
        let status = ViewBuilder.status(knowledge(washed, interval: 2 * 3600), now: Self.now)
        // Bare skin of type II under UV 9: 0.5 × 250 ÷ 9 ≈ 13.9 minutes.
        #expect(status.burnTimeMinutes == 13)
        #expect(status.sunscreen?.effectiveSPF == 1)
        #expect(status.sunscreen?.reapplyReason.value == .water)
    }
}

/// ISO 8601 with or without fractional seconds, as the replies write instants.
enum InstantText {
    static func parse(_ text: String) -> Date? { ISO8601DateFormatter().date(from: text) }
}
