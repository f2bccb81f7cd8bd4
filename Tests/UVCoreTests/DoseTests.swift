import Foundation
import Testing

@testable import UVCore

/// The day's dose: the physical scale (SED) and the burn model's (% of a burn), each checked
/// against a hand computation, and the time outside merged from the network and the user.
@Suite("Today's dose")
struct DoseTests {
    static let nine = Date(timeIntervalSince1970: 1_768_428_000)  // 2026-01-15 09:00 +11:00
    static func at(_ hours: Double) -> Date { nine.addingTimeInterval(hours * 3600) }

    @Test func anHourAtUVIOneIsNineTenthsOfAStandardErythemalDose() {
        let dose = Dose(from: Self.nine, to: Self.at(1), skinType: .II, uvi: { _ in 1 })
        // 1 UVI = 25 mW/m²; 3600 s × 0.025 W/m² = 90 J/m² = 0.9 SED (1 SED = 100 J/m²).
        #expect(abs(dose.sed - 0.9) < 1e-9)
        // The burn model: UVI / k = 2 J/m² a minute, 120 J/m² in the hour, of skin type II's 250.
        #expect(abs(dose.unprotectedBurnDosePercent - 48) < 1e-9)
    }

    /// At constant UV, 100 % of the burn dose comes exactly when burn time runs out.
    @Test(arguments: [(SkinType.I, 10.0), (.II, 8.0), (.IV, 3.0), (.VI, 11.0)])
    func aWholeBurnDoseIsWhenBurnTimeRunsOut(skinType: SkinType, uvi: Double) {
        let minutes = BurnTime.k * skinType.minimalErythemalDose / uvi
        let dose = Dose(from: Self.nine, to: Self.nine.addingTimeInterval(minutes * 60), skinType: skinType, uvi: { _ in uvi })
        #expect(abs(dose.burnDosePercent - 100) < 1e-6, "\(dose.burnDosePercent)")
        if case .minutes(let burn) = BurnTime(skinType: skinType, from: Self.nine, uvi: { _ in uvi }), burn < BurnTime.limits.upperBound {
            #expect(abs(burn - minutes) < 1e-6)
        }
    }

    /// A day of known UV (6 from 10:00 to 13:00), sunscreen put on at 11:00, a swim at 12:00 with a
    /// product that does not resist water: computed here minute by minute, on its own.
    @Test func aDayWithSunscreenMidwayAndASwim() {
        let uvi: (Date) -> Double = { $0 >= Self.at(1) && $0 <= Self.at(4) ? 6 : 0 }
        var application = SunscreenApplication(spf: .spf30, quantity: .lots, appliedAt: Self.at(2))
        application.waterEventAt = Self.at(3)
        let day = DayDose(
            intervals: [OutsideInterval(start: Self.at(1), end: Self.at(4), source: .user)], until: Self.at(5), skinType: .II,
            uvi: uvi, sunscreen: [WornSunscreen(application)])

        // By hand: 10:00-11:00 bare, 6/0.5 = 12 J/m² a minute: 720; 11:00-12:00 through the
        // sunscreen (its effective SPF each minute, trapezoids); 12:00-13:00 washed off: 720.
        var protected = 0.0
        for minute in 0..<60 {
            let a = Self.at(2).addingTimeInterval(Double(minute) * 60)
            // The last minute ends as the swim washes it off: its end is still protected.
            let b = min(a.addingTimeInterval(60), Self.at(3).addingTimeInterval(-0.001))
            protected += (6 / (0.5 * application.effectiveSPF(at: a)) + 6 / (0.5 * application.effectiveSPF(at: b))) / 2
        }
        let expected = (720 + protected + 720) / 250 * 100
        #expect(abs(day.total.burnDosePercent - expected) < 0.01, "\(day.total.burnDosePercent) against \(expected)")
        #expect(abs(day.total.unprotectedBurnDosePercent - 2160.0 / 250 * 100) < 0.5)
        #expect(abs(day.total.sed - 6 * 3 * 0.9) < 0.05)
        #expect(day.total.burnDosePercent < day.total.unprotectedBurnDosePercent)
        #expect(day.secondsOutside == 3 * 3600)
    }

    @Test func aUserIntervalWinsOverANetworkOneWhereTheyOverlap() {
        let merged = OutsideInterval.merged([
            OutsideInterval(start: Self.at(0), end: Self.at(3), source: .network),
            OutsideInterval(start: Self.at(1), end: Self.at(2), source: .user),
        ])
        #expect(
            merged == [
                OutsideInterval(start: Self.at(0), end: Self.at(1), source: .network),
                OutsideInterval(start: Self.at(1), end: Self.at(2), source: .user),
                OutsideInterval(start: Self.at(2), end: Self.at(3), source: .network),
            ])
        let covered = OutsideInterval.merged([
            OutsideInterval(start: Self.at(1), end: Self.at(2), source: .network),
            OutsideInterval(start: Self.at(0), end: Self.at(3), source: .user),
        ])
        #expect(covered == [OutsideInterval(start: Self.at(0), end: Self.at(3), source: .user)])
    }

    @Test func anIntervalStillOpenCountsToNow() {
        let day = DayDose(
            intervals: [OutsideInterval(start: Self.at(1), end: .distantFuture, source: .network)], until: Self.at(2), skinType: .I,
            uvi: { _ in 2 }, sunscreen: [])
        #expect(day.intervals.first?.interval.end == Self.at(2))
        #expect(abs(day.total.sed - 2 * 0.9) < 1e-9)
    }

    /// Everyone out in the same intervals under the same sunscreen takes the same protected dose;
    /// each one's share of a burn is over their own skin type's minimal erythemal dose.
    @Test func eachSkinTypesShareOfTheSameDose() {
        let party = PartyDose(
            intervals: [OutsideInterval(start: Self.at(2), end: Self.at(3), source: .user)], until: Self.at(4), uvi: { _ in 6 },
            sunscreen: [], you: .III, family: [FamilyMember(name: "Mia", skinType: .I), FamilyMember(name: "Ana", skinType: .VI)],
            agesAt: Self.at(4), zone: .utc)
        let shares = party.shares.map(\.dose.total.burnDosePercent)
        #expect(abs(shares[1] - shares[0] * 300 / 200) < 1e-9)
        #expect(abs(shares[2] - shares[0] * 300 / 1000) < 1e-9)
        #expect(party.first.member?.name == "Mia")
    }

    /// One interval with sunscreen put on midway for everyone: each person's share is the same
    /// protected dose (the first half bare, the second through the sunscreen) over their own
    /// minimal erythemal dose, and less than it would be bare.
    @Test func eachPersonsShareOfOneIntervalWithSunscreenMidway() {
        let interval = [OutsideInterval(start: Self.at(2), end: Self.at(4), source: .user)]
        let midway = WornSunscreen(SunscreenApplication(spf: .spf30, quantity: .lots, appliedAt: Self.at(3)))
        let family = [FamilyMember(name: "Mia", skinType: .I), FamilyMember(name: "Ana", skinType: .VI)]
        func party(_ interval: [OutsideInterval], _ worn: [WornSunscreen]) -> [Double] {
            PartyDose(
                intervals: interval, until: Self.at(5), uvi: { _ in 6 }, sunscreen: worn, you: .III, family: family, agesAt: Self.at(5),
                zone: .utc
            ).shares.map(\.dose.total.burnDosePercent)
        }
        let covered = party(interval, [midway])
        let bare = party(interval, [])
        let firstHalf = party([OutsideInterval(start: Self.at(2), end: Self.at(3), source: .user)], [])
        for (index, skin) in [SkinType.III, .I, .VI].enumerated() {
            #expect(covered[index] < bare[index] && covered[index] > firstHalf[index])
            #expect(abs(covered[index] - covered[0] * 300 / skin.minimalErythemalDose) < 1e-9)
        }
    }

    /// Each person's dose goes through what they wore: the user and Mia an application for
    /// everyone (Mia in her own SPF 50), Sam his own put on midway, which the others do not wear.
    /// Each share is `DayDose`'s over exactly those applications.
    @Test func eachPersonsShareGoesThroughWhatTheyWore() {
        let interval = [OutsideInterval(start: Self.at(2), end: Self.at(4), source: .user)]
        let everyone = SunscreenApplication(spf: .spf15, quantity: .lots, appliedAt: Self.at(2))
        let samsOwn = SunscreenApplication(spf: .spf50, quantity: .lots, appliedAt: Self.at(3), wearer: .member("Sam"))
        let mia = FamilyMember(name: "Mia", skinType: .I, spf: .spf50)
        let sam = FamilyMember(name: "Sam", skinType: .II)
        let party = PartyDose(
            intervals: interval, until: Self.at(5), uvi: { _ in 8 }, sunscreen: [WornSunscreen(everyone), WornSunscreen(samsOwn)],
            you: .III, family: [mia, sam], agesAt: Self.at(5), zone: .utc)
        func dose(_ skin: SkinType, _ applications: [SunscreenApplication]) -> Double {
            DayDose(
                intervals: interval, until: Self.at(5), skinType: skin, uvi: { _ in 8 }, sunscreen: applications.map { WornSunscreen($0) }
            )
            .total.burnDosePercent
        }
        var miasSPF = everyone
        miasSPF.spf = .spf50
        let shares = party.shares.map(\.dose.total.burnDosePercent)
        #expect(shares[0] == dose(.III, [everyone]), "the user does not wear Sam's")
        #expect(shares[1] == dose(.I, [miasSPF]), "Mia wears everyone's in her own SPF")
        #expect(shares[2] == dose(.II, [everyone, samsOwn]), "Sam wears his own from when he put it on")
        #expect(shares[2] < dose(.II, [everyone]))
    }
}
