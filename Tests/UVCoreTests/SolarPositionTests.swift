import Foundation
import Testing

@testable import UVCore

@Suite("Solar position and sun times")
struct SolarPositionTests {
    /// NOAA solar calculator: 2010-06-21 07:06 UTC at 40°N 105°W.
    @Test func noaaReferenceCase() {
        let sun = SolarPosition(at: Fixture.instant("2010-06-21T07:06:00Z"), coordinate: Coordinate(latitude: 40, longitude: -105))
        #expect(abs(sun.elevation - -26.554) < 0.001)
        #expect(abs(sun.azimuth - 1.099) < 0.001)
        #expect(abs(sun.zenith - (90 + 26.554)) < 0.001)
    }

    /// NREL SPA (Reda & Andreas 2004) example: 2003-10-17 12:30:30 MST (−7 h) at 39.742476°N 105.1786°W:
    /// topocentric zenith 50.11162° (with refraction), azimuth 194.34024°.
    @Test func nrelSPAExample() {
        let sun = SolarPosition(
            at: Fixture.instant("2003-10-17T19:30:30Z"), coordinate: Coordinate(latitude: 39.742476, longitude: -105.1786))
        #expect(abs(sun.apparentZenith - 50.11162) < 0.02)
        #expect(abs(sun.zenith - 50.11162) < 0.02)
        #expect(abs(sun.azimuth - 194.34024) < 0.02)
        #expect(sun.apparentElevation > sun.elevation)
    }

    @Test func refractionVanishesOverhead() {
        #expect(SolarPosition.refraction(atElevation: 89) == 0)
        #expect(SolarPosition.refraction(atElevation: 0) > 0.4)
    }

    /// Greenwich on the June solstice: sunrise 03:43, sunset 20:21 UTC (published almanac times).
    @Test func greenwichSolstice() throws {
        let day = try #require(LocalDay.interval(year: 2026, month: 6, day: 21, in: Fixture.utc))
        let times = SunTimes(day: day, coordinate: Coordinate(latitude: 51.4779, longitude: -0.0015))
        let sunrise = try #require(times.sunrise)
        let sunset = try #require(times.sunset)
        #expect(abs(sunrise.timeIntervalSince(Fixture.instant("2026-06-21T03:43:00Z"))) < 120)
        #expect(abs(sunset.timeIntervalSince(Fixture.instant("2026-06-21T20:21:00Z"))) < 120)
        #expect(abs(times.solarNoon.timeIntervalSince(Fixture.instant("2026-06-21T12:02:00Z"))) < 60)
        #expect(times.polarState == nil)
    }

    @Test func sunriseAndSunsetSitOnTheHorizon() throws {
        let day = try #require(LocalDay.interval(year: 2026, month: 10, day: 4, in: Fixture.sydney))
        let times = SunTimes(day: day, coordinate: Fixture.sydneyCoordinate)
        for instant in [try #require(times.sunrise), try #require(times.sunset)] {
            let elevation = SolarPosition(at: instant, coordinate: Fixture.sydneyCoordinate).elevation
            #expect(abs(elevation - -0.833) < 0.02)
            #expect(day.contains(instant))
        }
    }

    @Test func polarDayAndNight() throws {
        let tromso = Coordinate(latitude: 69.65, longitude: 18.96)
        let zone = Fixture.zone("Europe/Oslo")
        let summer = SunTimes(day: try #require(LocalDay.interval(year: 2026, month: 6, day: 21, in: zone)), coordinate: tromso)
        let winter = SunTimes(day: try #require(LocalDay.interval(year: 2026, month: 12, day: 21, in: zone)), coordinate: tromso)
        #expect(summer.polarState == .polarDay && summer.sunrise == nil)
        #expect(winter.polarState == .polarNight && winter.sunset == nil)
    }
}
