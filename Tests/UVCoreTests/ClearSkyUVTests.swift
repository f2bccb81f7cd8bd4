import Foundation
import PropertyBased
import Testing
import UVCore

@Suite("Clear-sky UV model")
struct ClearSkyUVTests {
    /// Madronich (2007) at 300 DU: 12.5, 8.83, 5.40, 2.34 at zenith 0°, 30°, 45°, 60°.
    @Test(arguments: [(0.0, 12.5), (30, 8.83), (45, 5.40), (60, 2.34)])
    func madronichTable(zenith: Double, expected: Double) {
        #expect(abs(ClearSkyUV.madronich(zenith: zenith) - expected) < 0.005)
    }

    @Test func zeroWithTheSunDown() {
        #expect(ClearSkyUV.madronich(zenith: 90) == 0)
        #expect(ClearSkyUV.madronich(zenith: 120) == 0)
        let midnight = ClearSkyUV().uvIndex(
            at: Fixture.instant("2026-06-21T00:00:00Z"), coordinate: Coordinate(latitude: 51.5, longitude: 0))
        #expect(midnight == 0)
    }

    @Test func lessOzoneMoreUV() {
        let thin = ClearSkyUV.madronich(zenith: 20, ozone: 250)
        let thick = ClearSkyUV.madronich(zenith: 20, ozone: 350)
        #expect(thin > ClearSkyUV.madronich(zenith: 20) && ClearSkyUV.madronich(zenith: 20) > thick)
        #expect(abs(thin / ClearSkyUV.madronich(zenith: 20) - pow(250.0 / 300, -1.23)) < 1e-9)
    }

    /// With ozone 300, altitude 0 and no cloud the model (Earth–Sun distance included) stays
    /// within 4 % of Madronich's value all year.
    @Test func defaultsStayWithinFourPercentOfMadronich() async {
        let start = Fixture.instant("2026-01-01T00:00:00Z")
        await propertyCheck(input: Gen.double(in: 0...365), Gen.double(in: -60...60), Gen.double(in: -180...180)) { day, lat, lon in
            let sun = SolarPosition(at: start.addingTimeInterval(day * 86_400), coordinate: Coordinate(latitude: lat, longitude: lon))
            let reference = ClearSkyUV.madronich(zenith: sun.zenith)
            let model = ClearSkyUV().uvIndex(for: sun)
            #expect(abs(model - reference) <= 0.04 * reference)
        }
    }

    @Test func altitudeAddsTenPercentPerKilometre() {
        let sun = SolarPosition(at: Fixture.instant("2026-01-15T02:00:00Z"), coordinate: Fixture.sydneyCoordinate)
        let sea = ClearSkyUV().uvIndex(for: sun)
        let high = ClearSkyUV(altitudeMetres: 2000).uvIndex(for: sun)
        #expect(abs(high / sea - 1.2) < 1e-9)
    }

    @Test(arguments: [(0.0, 1.0), (43.75, 0.89), (75, 0.73), (100, 0.31)])
    func cloudFactorsAtTheNWSPoints(cover: Double, factor: Double) {
        #expect(abs(CloudModification.factor(coverPercent: cover) - factor) < 1e-12)
    }

    @Test func cloudFactorNeverRisesWithCover() async {
        await propertyCheck(input: Gen.double(in: -10...110), Gen.double(in: 0...20)) { cover, extra in
            #expect(CloudModification.factor(coverPercent: cover + extra) <= CloudModification.factor(coverPercent: cover))
            #expect((0.31...1).contains(CloudModification.factor(coverPercent: cover)))
        }
    }
}
