import Foundation
import PropertyBased
import Testing

@testable import UVCore

/// The vitamin-D model held to its published anchors: Fioletov et al. 2009 (the ratio to
/// erythemal UV flat at high UV, falling below), Engelsen et al. 2005 (clear-sky months without
/// synthesis by latitude), Webb & Engelsen 2006 (the standard dose), and the skin types.
@Suite("Vitamin D model")
struct VitaminDModelTests {
    private static let utc = Fixture.utc

    /// Every local day of 2026 at a latitude (on the Greenwich meridian) whose clear noon makes none.
    private func daysWithout(latitude: Double) -> Int {
        let coordinate = Coordinate(latitude: latitude, longitude: 0)
        guard let first = LocalDay.interval(year: 2026, month: 1, day: 1, in: Self.utc) else { return -1 }
        return (0..<365).filter { offset in
            let day = LocalDay.interval(containing: first.start.addingTimeInterval(Double(offset) * 86_400 + 3600), in: Self.utc)
            return !VitaminDDay.clearNoonMakesVitaminD(day: day, coordinate: coordinate)
        }.count
    }

    @Test("The spectral model's erythemal UV agrees with Madronich's clear-sky formula")
    func erythemalAgreesWithMadronich() {
        for zenith in stride(from: 0.0, through: 70, by: 5) {
            let modelled = VitaminDWeighting.clearSky(zenith: zenith, ozone: 300).erythemal * 40
            let madronich = ClearSkyUV.madronich(zenith: zenith)
            let tolerance = zenith <= 40 ? 0.05 : 0.20
            #expect(abs(modelled / madronich - 1) <= tolerance, "zenith \(zenith): \(modelled) against \(madronich)")
        }
    }

    @Test("Fioletov 2009: the ratio is nearly constant above UV index 5.5 and falls below")
    func ratioFlatAtHighUV() {
        let high = VitaminDWeighting.ratio(zenith: 0)
        #expect((2.0...2.4).contains(high))
        for zenith in stride(from: 0.0, through: 60, by: 2) where ClearSkyUV.madronich(zenith: zenith) > 5.5 {
            #expect(abs(VitaminDWeighting.ratio(zenith: zenith) / high - 1) < 0.02, "zenith \(zenith)")
        }
        #expect(VitaminDWeighting.ratio(zenith: 70) < 0.8 * high)
        #expect(VitaminDWeighting.ratio(zenith: 80) < 0.5 * high)
    }

    @Test("Engelsen 2005: none for part of the year from 51°, five months at 70°, all year at 45°")
    func monthsWithoutSynthesis() {
        #expect(daysWithout(latitude: 45) == 0)
        #expect(daysWithout(latitude: 50) == 0)
        #expect(daysWithout(latitude: 51) > 0)
        #expect(daysWithout(latitude: -51) > 0)
        #expect((140...175).contains(daysWithout(latitude: 70)))
        #expect(daysWithout(latitude: 0) == 0)
    }

    @Test("Webb & Engelsen 2006: at Boston's March noon the dose is a quarter of the MED on a quarter of the body")
    func standardDoseAtItsReference() throws {
        let uvi = 5.0
        let minutes = try #require(
            StandardVitaminDDose.minutes(
                skinType: .II, uvi: uvi, zenith: StandardVitaminDDose.referenceZenith, ozone: StandardVitaminDDose.referenceOzone))
        let minutesToMED = SkinType.II.minimalErythemalDose / (StandardVitaminDDose.erythemalDosePerMinutePerUVI * uvi)
        #expect(abs(minutes - minutesToMED / 4) < 1e-9)
        let halfTheSkin = try #require(
            StandardVitaminDDose.minutes(
                skinType: .II, exposure: .withLegs, uvi: uvi, zenith: StandardVitaminDDose.referenceZenith,
                ozone: StandardVitaminDDose.referenceOzone))
        #expect(abs(halfTheSkin - minutes * 0.25 / 0.45) < 1e-9)
    }

    @Test("A tropical noon makes a dose in a few minutes; skin type VI takes four times type II")
    func tropicalNoonAndSkinTypes() throws {
        let equinox = try #require(LocalDay.interval(year: 2026, month: 3, day: 20, in: Self.utc))
        let equator = Coordinate(latitude: 0, longitude: 0)
        let typeII = VitaminDDay.clearSky(day: equinox, coordinate: equator, skinType: .II)
        let noon = try #require(typeII.hours.first { Fixture.clock($0.start, Self.utc) == "11:00" })
        let minutes = try #require(noon.minutes)
        #expect((2...5).contains(minutes))
        let typeVI = VitaminDDay.clearSky(day: equinox, coordinate: equator, skinType: .VI)
        let darker = try #require(typeVI.hours.first { $0.start == noon.start }?.minutes)
        #expect(abs(darker / minutes - 4) < 1e-9)
    }

    @Test("A mid-latitude midwinter day makes none, and the next day that can is named")
    func midwinterNone() throws {
        let london = Coordinate(latitude: 51.51, longitude: -0.13)
        let zone = Fixture.zone("Europe/London")
        let solstice = try #require(CalendarDate(parsing: "2026-12-21"))
        let day = VitaminDDay.clearSky(day: solstice.interval(in: zone), coordinate: london, skinType: .II)
        #expect(!day.makesVitaminD)
        #expect(day.bestHour == nil)
        #expect(!day.hours.isEmpty)
        let next = try #require(VitaminDDay.nextDayItCan(after: solstice, coordinate: london, zone: zone))
        #expect(next.year == 2027 && next.month == 1)
        let before = LocalDay.interval(containing: next.interval(in: zone).start.addingTimeInterval(-3600), in: zone)
        #expect(!VitaminDDay.clearNoonMakesVitaminD(day: before, coordinate: london))
        #expect(VitaminDDay.clearNoonMakesVitaminD(day: next.interval(in: zone), coordinate: london))
    }

    @Test("The best hour takes the least share of the burn time, and of equals the gentlest UV")
    func bestHour() throws {
        let day = try #require(CalendarDate(parsing: "2026-01-15")).interval(in: Fixture.sydney)
        let summer = VitaminDDay.clearSky(day: day, coordinate: Fixture.sydneyCoordinate, skinType: .II)
        let best = try #require(summer.bestHour)
        let shares = summer.hours.compactMap(\.burnShare)
        let least = try #require(shares.min())
        let share = try #require(best.burnShare)
        #expect(share <= least * VitaminDDay.shareTolerance)
        let peak = try #require(summer.hours.max { $0.uvi < $1.uvi })
        #expect(best.uvi < peak.uvi)
        #expect(share < 0.5)
    }

    /// Cancer Council Australia's guidance for moderately fair skin with face, arms and hands
    /// bare (1000 IU): in summer under 10 minutes mid-morning or mid-afternoon; in winter about 15
    /// minutes at lunchtime in Sydney and 30 in Hobart (Cancer Council Australia, "Risks and
    /// benefits of sun exposure"; as given to Australian doctors, ausdoc.com.au, "Sunshine on my
    /// shoulders makes me healthy").
    @Test("Cancer Council Australia: under 10 min mid-morning in summer, 15 and 30 min at winter lunchtime")
    func australianGuidance() throws {
        func day(_ date: String, _ latitude: Double, _ longitude: Double, _ zone: String) throws -> VitaminDDay {
            let local = Fixture.zone(zone)
            return VitaminDDay.clearSky(
                day: try #require(CalendarDate(parsing: date)).interval(in: local),
                coordinate: Coordinate(latitude: latitude, longitude: longitude), skinType: .II)
        }
        let summer = try #require(try day("2027-01-15", -33.87, 151.21, "Australia/Sydney").bestHour)
        #expect(try #require(summer.minutes) < 10)
        #expect(summer.uvi >= 3 && summer.uvi < 6)
        for (latitude, longitude, zone, expected) in [
            (-33.87, 151.21, "Australia/Sydney", 15.0), (-42.88, 147.33, "Australia/Hobart", 30.0),
        ] {
            let winter = try #require(try day("2027-07-15", latitude, longitude, zone).bestHour)
            let minutes = try #require(winter.minutes)
            #expect(abs(minutes / expected - 1) < 0.25, "\(zone): \(minutes) min")
            #expect(Fixture.clock(winter.start, Fixture.zone(zone)) == "12:00")
        }
    }

    @Test("Sunscreen multiplies the minutes by its effective SPF")
    func sunscreen() throws {
        let bare = try #require(StandardVitaminDDose.minutes(skinType: .III, uvi: 8, zenith: 20))
        let covered = try #require(StandardVitaminDDose.minutes(skinType: .III, uvi: 8, zenith: 20, effectiveSPF: 15))
        #expect(abs(covered / bare - 15) < 1e-9)
    }

    @Test("Any input gives minutes that are finite and positive, or none")
    func totalOverInputs() async {
        await propertyCheck(
            input: Gen<SkinType>.case, Gen.double(in: -5...30), Gen.double(in: -10...120), Gen.double(in: -1...60)
        ) { skin, uvi, zenith, spf in
            let minutes = StandardVitaminDDose.minutes(skinType: skin, uvi: uvi, zenith: zenith, effectiveSPF: spf)
            if let minutes { #expect(minutes.isFinite && minutes > 0) }
            if zenith >= 90 || uvi <= 0 { #expect(minutes == nil) }
        }
        #expect(StandardVitaminDDose.minutes(skinType: .I, uvi: .nan, zenith: 10) == nil)
        #expect(StandardVitaminDDose.minutes(skinType: .I, uvi: 5, zenith: .nan) == nil)
        #expect(StandardVitaminDDose.minutes(skinType: .I, uvi: .infinity, zenith: 10) == nil)
    }
}
