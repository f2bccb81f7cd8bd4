import Foundation
import Testing
import UVCore

@Suite struct NowcastTests {
    let place = Coordinate(latitude: -33.87, longitude: 151.21)
    /// 2030-01-15 12:00 at UTC+11, near Sydney's solar noon.
    let noon = Date(timeIntervalSince1970: 1_894_669_200)

    func readings(transmission: Double, minutes: Int = 15) -> [UVSample] {
        (1...minutes).map { minute in
            let time = noon.addingTimeInterval(Double(-minute * 60))
            return UVSample(time: time, uvi: transmission * ClearSkyUV().uvIndex(at: time, coordinate: place))
        }
    }

    @Test func theRatioIsTheSkysTransmission() throws {
        let nowcast = try #require(Nowcast(readings: readings(transmission: 0.6), issuedAt: noon, coordinate: place))
        #expect(abs(nowcast.ratio - 0.6) < 1e-9)
        #expect(nowcast.readings == 15)
        #expect(abs(nowcast.uvi(at: noon) - 0.6 * ClearSkyUV().uvIndex(at: noon, coordinate: place)) < 1e-9)
    }

    @Test func theMeasurementFadesIntoTheBase() throws {
        let nowcast = try #require(Nowcast(readings: readings(transmission: 0.6), issuedAt: noon, coordinate: place))
        let fade = nowcast.settings.fadeTime
        #expect(nowcast.weight(at: noon) == 1)
        #expect(abs(nowcast.weight(at: noon.addingTimeInterval(fade)) - exp(-1)) < 1e-12)
        #expect(nowcast.weight(at: noon.addingTimeInterval(3600)) > nowcast.weight(at: noon.addingTimeInterval(7200)))
        let far = noon.addingTimeInterval(fade * 4)
        #expect(abs(nowcast.uvi(at: far, base: 2.5) - 2.5) < 1e-3)
        // Without a base it fades into the calibrated clear-sky curve.
        let later = noon.addingTimeInterval(fade * 4)
        #expect(abs(nowcast.uvi(at: later) - CalibratedClearSky.fitted.uvi(at: later, coordinate: place)) < 1e-3)
    }

    @Test func thePlainRatioNeverFades() throws {
        let nowcast = try #require(Nowcast(readings: readings(transmission: 0.6), issuedAt: noon, coordinate: place, settings: .plainRatio))
        let later = noon.addingTimeInterval(3 * 3600)
        #expect(nowcast.weight(at: later) == 1)
        #expect(abs(nowcast.uvi(at: later, base: 11) - 0.6 * ClearSkyUV().uvIndex(at: later, coordinate: place)) < 1e-9)
    }

    @Test func readingsOutsideTheWindowOrRangeAreLeftOut() throws {
        var samples = readings(transmission: 0.5)
        samples.append(UVSample(time: noon, uvi: 12))  // at the issue time: not before it
        samples.append(UVSample(time: noon.addingTimeInterval(-3600), uvi: 12))  // before the window
        samples.append(UVSample(time: noon.addingTimeInterval(-30), uvi: .nan))
        samples.append(UVSample(time: noon.addingTimeInterval(-40), uvi: 99))
        samples.append(UVSample(time: noon.addingTimeInterval(-50), uvi: -3))
        let nowcast = try #require(Nowcast(readings: samples, issuedAt: noon, coordinate: place))
        #expect(nowcast.readings == 15)
        #expect(abs(nowcast.ratio - 0.5) < 1e-9)
    }

    @Test func nothingToGoOnGivesNoNowcast() {
        #expect(Nowcast(readings: [], issuedAt: noon, coordinate: place) == nil)
        // At night the clear-sky sum is nothing: cloud cannot be told from geometry.
        let midnight = noon.addingTimeInterval(12 * 3600)
        let dark = (1...15).map { UVSample(time: midnight.addingTimeInterval(Double(-$0 * 60)), uvi: 0) }
        #expect(Nowcast(readings: dark, issuedAt: midnight, coordinate: place) == nil)
    }

    @Test func aCloudEdgeSpikeIsBounded() throws {
        let nowcast = try #require(Nowcast(readings: readings(transmission: 2), issuedAt: noon, coordinate: place))
        #expect(nowcast.ratio == nowcast.settings.maximumRatio)
    }
}
