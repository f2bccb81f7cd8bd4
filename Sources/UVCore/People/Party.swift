import FoundationEssentials

/// The people out together: the user and the family, each with a burn time from the same day
/// (`DayFacts.burnTime(for:wearing:)`) in the sunscreen they wear, and the one who burns first,
/// whom uvd names.
///
/// A baby under 6 months has no burn time: sunscreen is not advised at that age, and the
/// guidance (Cancer Council Australia; the American Academy of Pediatrics) is to keep them out of
/// direct sun altogether, with shade, clothing and a hat. Children's burn times come from the
/// same Fitzpatrick model as adults': a model, not a measurement of a child's skin.
public struct Party: Sendable, Equatable {
    /// One person and their burn time now; who they are (`name`, `isUser`, `skinType`,
    /// `ageInMonths`) is read from `who`.
    @dynamicMemberLookup
    public struct Person: Sendable, Equatable {
        public var who: Someone
        /// Nil for a baby under 6 months, who is to be kept out of direct sun, not timed.
        public var burnTime: BurnTime?
        /// To be kept out of direct sun now (`Someone.keepsOutOfSun(atUVI:)`).
        public var keepOutOfSun: Bool

        public subscript<Value>(dynamicMember fact: KeyPath<Someone, Value>) -> Value { who[keyPath: fact] }
    }

    /// The user first, then the family in the order added.
    public let people: [Person]

    /// `facts`: the day as the status reads it; `you`: the user's skin type; `zone`: the place's,
    /// whose calendar ages are counted on.
    public init(facts: DayFacts, you: SkinType, family: [FamilyMember], zone: Zone) {
        people = Someone.everyone(you: you, family: family, now: facts.now, zone: zone).map { who in
            let burnTime: BurnTime? =
                if let member = who.member {
                    who.isYoungBaby ? nil : facts.burnTime(of: member)
                } else {
                    facts.burnTime(for: you, wearing: facts.inputs.sunscreen.user)
                }
            return Person(who: who, burnTime: burnTime, keepOutOfSun: who.keepsOutOfSun(atUVI: facts.uvi))
        }
    }

    /// The one whose skin reddens soonest; nil when no one's does within the burn time's
    /// 240-minute horizon (no UV, or UV too low for anyone to be timed): at the horizon every
    /// time reads the same, and naming one would rank what cannot be ranked. The earlier in the
    /// list wins a tie.
    public var firstToBurn: Person? {
        people.compactMap { person -> (Person, Double)? in
            guard case .minutes(let minutes) = person.burnTime, minutes < BurnTime.limits.upperBound else { return nil }
            return (person, minutes)
        }.min { $0.1 < $1.1 }?.0
    }
}
