import Foundation
import Testing
import UVCore

/// The party's burn times: each from the same day as the user's, the first to burn named, and a
/// baby under 6 months not timed at all.
@Suite struct PartyTests {
    static let noon = ISO8601DateFormatter().date(from: "2026-01-15T12:00:00Z")!

    /// UV 10 all day on `noon`'s day, no sunscreen.
    static func facts(skinType: SkinType = .III) -> DayFacts {
        let day = DateInterval(start: noon.addingTimeInterval(-12 * 3600), duration: 86_400)
        let series = UVSeries(
            stride(from: 0.0, through: 86_400, by: 3600).map { UVSample(time: day.start.addingTimeInterval($0), uvi: 10) })
        return DayFacts(
            .init(day: day, series: series, skinType: skinType, sunscreen: SunscreenOn(), window: .uvi3, reapplyInterval: 7200), now: noon)
    }

    @Test func theFairestSkinBurnsFirstAndEachTimeIsTheUsersComputation() {
        let facts = Self.facts()
        let party = Party(
            facts: facts, you: .III, family: [FamilyMember(name: "Sam", skinType: .IV), FamilyMember(name: "Mia", skinType: .I)],
            zone: .utc)
        #expect(party.people.map(\.name) == ["", "Sam", "Mia"])
        #expect(party.people[0].isUser)
        #expect(party.firstToBurn?.name == "Mia")
        // Type I at UV 10 burns in 10 minutes (BurnTime's calibration); the user's is the status's own.
        #expect(party.people[2].burnTime == .minutes(10))
        #expect(party.people[0].burnTime == facts.burnTime)
        #expect(party.people[1].burnTime == Self.facts(skinType: .IV).burnTime)
    }

    @Test func aBabyUnderSixMonthsIsNotTimedAndOlderOnesAre() throws {
        let facts = Self.facts()
        let family = [
            FamilyMember(name: "Leo", skinType: .I, born: BirthMonth(parsing: "2025-09")),
            FamilyMember(name: "Ava", skinType: .II, born: BirthMonth(parsing: "2025-06")),
        ]
        let party = Party(facts: facts, you: .III, family: family, zone: .utc)
        let leo = try #require(party.people.first { $0.name == "Leo" })
        #expect(leo.ageInMonths == 4 && leo.isYoungBaby && leo.burnTime == nil)
        let ava = try #require(party.people.first { $0.name == "Ava" })
        #expect(ava.ageInMonths == 7 && !ava.isYoungBaby && ava.burnTime != nil)
        #expect(party.firstToBurn?.name == "Ava", "the baby is kept out of the sun, not ranked")
    }

    /// At night everyone's time is the 240-minute horizon: no one is named as burning first.
    @Test func atTheHorizonNoOneIsRanked() {
        let low = DayFacts(
            .init(
                day: DateInterval(start: Self.noon, duration: 3600), series: UVSeries([UVSample(time: Self.noon, uvi: 0.1)]),
                skinType: .III,
                sunscreen: SunscreenOn(), window: .uvi3, reapplyInterval: 7200), now: Self.noon)
        let party = Party(facts: low, you: .III, family: [FamilyMember(name: "Mia", skinType: .I)], zone: .utc)
        #expect(party.people.allSatisfy { $0.burnTime == .minutes(240) })
        #expect(party.firstToBurn == nil)
    }

    @Test func noUVMeansNoOneBurns() {
        let night = DayFacts(
            .init(
                day: DateInterval(start: Self.noon, duration: 3600), series: UVSeries([]), skinType: .I, sunscreen: SunscreenOn(),
                window: .uvi3,
                reapplyInterval: 7200), now: Self.noon)
        #expect(Party(facts: night, you: .I, family: [FamilyMember(name: "Mia", skinType: .I)], zone: .utc).firstToBurn == nil)
    }

    /// Ava (7 months) at UV 10: timed, and to be kept out of direct sun; at UV 2 only timed.
    @Test func aBabyUnderTwelveMonthsIsKeptOutOfTheSunFromUVThree() throws {
        let family = [FamilyMember(name: "Ava", skinType: .II, born: BirthMonth(parsing: "2025-06"))]
        let high = try #require(Party(facts: Self.facts(), you: .III, family: family, zone: .utc).people.last)
        #expect(high.keepOutOfSun && high.burnTime != nil)
        let low = DayFacts(
            .init(
                day: DateInterval(start: Self.noon, duration: 3600), series: UVSeries([UVSample(time: Self.noon, uvi: 2)]),
                skinType: .III, sunscreen: SunscreenOn(), window: .uvi3, reapplyInterval: 7200), now: Self.noon)
        let calm = try #require(Party(facts: low, you: .III, family: family, zone: .utc).people.last)
        #expect(!calm.keepOutOfSun)
        let toddler = [FamilyMember(name: "Max", skinType: .II, born: BirthMonth(parsing: "2024-12"))]
        #expect(Party(facts: Self.facts(), you: .III, family: toddler, zone: .utc).people.last?.keepOutOfSun == false)
    }

    /// Under one sunscreen, the reapply time is the earliest of everyone's who wears it, and whose
    /// it is is named; a baby under 6 months wears none and is not counted.
    @Test func theReapplyTimeIsTheFirstToRunOut() throws {
        let applied = SunscreenApplication(
            spf: .spf30, quantity: .medium, activity: .normal, appliedAt: Self.noon.addingTimeInterval(-1800))
        let facts = { (family: [FamilyMember]) in
            let day = DateInterval(start: Self.noon.addingTimeInterval(-12 * 3600), duration: 86_400)
            let series = UVSeries(
                stride(from: 0.0, through: 86_400, by: 3600).map { UVSample(time: day.start.addingTimeInterval($0), uvi: 10) })
            return DayFacts(
                .init(
                    day: day, series: series, skinType: .IV, sunscreen: SunscreenOn(applied), window: .uvi3, reapplyInterval: 7200,
                    family: family,
                    zone: .utc), now: Self.noon)
        }
        let alone = facts([])
        let withMia = facts([FamilyMember(name: "Sam", skinType: .V), FamilyMember(name: "Mia", skinType: .I)])
        #expect(alone.reapplyFirst == nil)
        #expect(withMia.reapplyFirst == "Mia")
        let mia = try #require(withMia.reapply?.date)
        let you = try #require(alone.reapply?.date)
        #expect(mia < you)
        let onlyABaby = facts([FamilyMember(name: "Leo", skinType: .I, born: BirthMonth(parsing: "2025-10"))])
        #expect(onlyABaby.reapplyFirst == nil && onlyABaby.reapply?.date == you)
    }
}
