import Foundation
import Testing
import UVCore

@Suite struct BlendedDayTests {
    let zone = Zone(identifier: "Australia/Sydney") ?? .utc
    let place = Coordinate(latitude: -33.87, longitude: 151.21)
    /// 2030-01-15 12:30 in Sydney.
    let now = Date(timeIntervalSince1970: 1_894_670_100 + 900)

    var day: DateInterval { LocalDay.interval(containing: now, in: zone) }

    func forecast(_ uvi: Double) -> UVForecast {
        UVForecast(
            source: .openMeteo, coordinate: place, utcOffsetSeconds: 39_600, current: nil,
            hourly: LocalDay.hours(of: day).map { HourlyUV(time: $0, uvi: uvi) }, daily: [])
    }

    @Test func withoutAStationItIsTheForecast() {
        let blended = BlendedDay(day: day, forecasts: [forecast(7)], readings: [], coordinate: place, now: now)
        #expect(blended.nowcast == nil && blended.base == .openMeteo)
        #expect(blended.series.uvi(at: now) == 7)
        #expect(blended.source(at: now) == .openMeteo)
    }

    @Test func aRecentReadingLeadsTheHoursAhead() throws {
        let reading = UVSample(time: now.addingTimeInterval(-60), uvi: 11)
        let blended = BlendedDay(day: day, forecasts: [forecast(7)], readings: [reading], coordinate: place, now: now)
        let nowcast = try #require(blended.nowcast)
        #expect(blended.source(at: now) == .arpansa)
        #expect(abs(blended.series.uvi(at: nowcast.issuedAt) - 11) < 0.05)
        // The hours before the reading stay the forecast's.
        #expect(blended.series.uvi(at: day.start.addingTimeInterval(8 * 3600)) == 7)
        #expect(blended.source(at: day.start.addingTimeInterval(8 * 3600)) == .openMeteo)
        // Far ahead the forecast leads again.
        #expect(blended.source(at: now.addingTimeInterval(9 * 3600)) == .openMeteo)
    }

    @Test func theFirstForecastLeadsAndTheNextFillsBeyondIt() {
        let hours = LocalDay.hours(of: day)
        let cams = UVForecast(
            source: .cams, coordinate: place, utcOffsetSeconds: 39_600, current: nil,
            hourly: hours.prefix(12).map { HourlyUV(time: $0, uvi: 5) }, daily: [])
        let blended = BlendedDay(day: day, forecasts: [cams, forecast(7)], readings: [], coordinate: place, now: now)
        #expect(blended.base == .cams)
        #expect(blended.series.uvi(at: hours[6]) == 5 && blended.source(at: hours[6]) == .cams)
        #expect(blended.series.uvi(at: hours[18]) == 7 && blended.source(at: hours[18]) == .openMeteo)
    }

    /// The bound on the ratio is for the hours ahead: the measurement itself is shown as measured
    /// (it once showed 11.1 for a station reading 12.0).
    @Test func theLatestReadingIsShownAsMeasured() {
        let reading = UVSample(time: now.addingTimeInterval(-60), uvi: 20)
        let blended = BlendedDay(day: day, forecasts: [forecast(7)], readings: [reading], coordinate: place, now: now)
        #expect(blended.series.uvi(at: reading.time) == 20)
        #expect(blended.series.samples.filter { $0.time == reading.time }.count == 1)
    }

    /// Hours CAMS left out (null in its answer) come from the next forecast, not a line drawn
    /// across the gap.
    @Test func hoursTheFirstLeftOutComeFromTheNext() {
        let hours = LocalDay.hours(of: day)
        let cams = UVForecast(
            source: .cams, coordinate: place, utcOffsetSeconds: 39_600, current: nil,
            hourly: hours.enumerated().filter { !(10...13).contains($0.offset) }.map { HourlyUV(time: $0.element, uvi: 2) }, daily: [])
        let blended = BlendedDay(day: day, forecasts: [cams, forecast(9)], readings: [], coordinate: place, now: now)
        #expect(blended.series.uvi(at: hours[12]) == 9 && blended.source(at: hours[12]) == .openMeteo)
        #expect(blended.series.uvi(at: hours[8]) == 2 && blended.source(at: hours[8]) == .cams)
    }

    @Test(arguments: [-40 * 60.0, 20 * 60.0])
    func aReadingTooOldOrTooFarAheadLeadsNothing(offset: TimeInterval) {
        let reading = UVSample(time: now.addingTimeInterval(offset), uvi: 11)
        let blended = BlendedDay(day: day, forecasts: [forecast(7)], readings: [reading], coordinate: place, now: now)
        #expect(blended.nowcast == nil)
        #expect(blended.series.uvi(at: now) == 7)
    }

    @Test func aStationFrozenOnOneValueIsNotBelieved() {
        // 9.0 every ten minutes from 09:30 to 10:30, while the clear-sky UV climbs by a half.
        let morning = now.addingTimeInterval(-2 * 3600)
        let readings = (0...6).map { UVSample(time: morning.addingTimeInterval(Double($0) * 600), uvi: 9) }
        let blended = BlendedDay(
            day: day, forecasts: [forecast(7)], readings: readings, coordinate: place, now: morning.addingTimeInterval(3600 + 60))
        #expect(blended.stationFrozen && blended.nowcast == nil)
        // The same readings moving with the sky are believed.
        let moving = readings.enumerated().map { UVSample(time: $0.element.time, uvi: 9 + Double($0.offset) * 0.3) }
        let believed = BlendedDay(
            day: day, forecasts: [forecast(7)], readings: moving, coordinate: place, now: morning.addingTimeInterval(3600 + 60))
        #expect(!believed.stationFrozen && believed.nowcast != nil)
    }

    @Test func withoutAForecastItFadesIntoTheCalibratedClearSky() throws {
        let reading = UVSample(time: now.addingTimeInterval(-60), uvi: 3)
        let blended = BlendedDay(day: day, forecasts: [], readings: [reading], coordinate: place, now: now)
        #expect(blended.base == .model)
        let late = now.addingTimeInterval(7 * 3600)
        let value = blended.series.uvi(at: LocalDay.hours(of: day).first { $0 >= late } ?? late)
        let calibrated = CalibratedClearSky.fitted.uvi(at: LocalDay.hours(of: day).first { $0 >= late } ?? late, coordinate: place)
        #expect(abs(value - calibrated) < 0.3)
    }
}
