import Testing
import UVCore
import UVProtocol

@testable import UVControl

/// `uvctl status`'s family line, as the user reads it.
@Suite struct FamilyLineTests {
    private func person(_ name: String, you: Bool = false, minutes: Int?, months: Int? = nil, baby: Bool = false) -> PersonBurnInfo {
        PersonBurnInfo(name: name, you: you, skinType: .I, ageMonths: months, burnTimeMinutes: minutes, keepOutOfSun: baby)
    }

    /// A baby of 6 to 12 months who burns first at UV 3 or more is timed and told to be kept out
    /// of direct sun.
    @Test func anOlderBabyBurningFirstIsAlsoKeptOutOfTheSun() {
        let family = FamilyStatusInfo(
            firstToBurn: "Ava", people: [person("you", you: true, minutes: 25), person("Ava", minutes: 12, months: 7, baby: true)])
        #expect(family.sentence == "Ava burns first: about 12 min; Ava (7 months): keep out of direct sun; you: 25 min")
    }

    @Test func theFirstToBurnIsNamedFirst() {
        let family = FamilyStatusInfo(
            firstToBurn: "Mia", people: [person("you", you: true, minutes: 25), person("Mia", minutes: 9), person("Sam", minutes: 240)])
        #expect(family.sentence == "Mia burns first: about 9 min; you: 25 min; Sam: 240 min or more")
    }

    @Test func theUserFirstAndABaby() {
        let family = FamilyStatusInfo(
            firstToBurn: "you", people: [person("you", you: true, minutes: 12), person("Leo", minutes: nil, months: 4, baby: true)])
        #expect(family.sentence == "You burn first: about 12 min; Leo (4 months): keep out of direct sun")
    }

    @Test func noOneBurnsAtNightButTheBabyIsStillSaid() {
        let family = FamilyStatusInfo(
            firstToBurn: nil, people: [person("you", you: true, minutes: nil), person("Leo", minutes: nil, months: 2, baby: true)])
        #expect(family.sentence == "No one burns within 240 min; Leo (2 months): keep out of direct sun")
    }
}
