import FoundationEssentials

/// The vitamin D of everyone out on a day: the user and each family member, their own
/// `VitaminDDay` from the same UV, and the next day a clear noon here makes any when this one
/// makes none.
///
/// A baby under 12 months is told shade, never a dose time: babies are kept out of direct sun
/// (Cancer Council Australia; the American Academy of Pediatrics), and their vitamin D is a
/// matter for their doctor, not for the sun.
public struct VitaminDParty: Sendable, Equatable {
    /// One person's day; who they are (`name`, `isUser`, `skinType`, `ageInMonths`) is read from
    /// `who`.
    @dynamicMemberLookup
    public struct Person: Sendable, Equatable {
        public var who: Someone
        /// Nil for a baby under 12 months (`shade`).
        public var day: VitaminDDay?

        public subscript<Value>(dynamicMember fact: KeyPath<Someone, Value>) -> Value { who[keyPath: fact] }

        /// Under 12 months old: shade, not a dose time.
        public var shade: Bool { who.isBaby }
    }

    /// The user first, then the family in the order added.
    public let people: [Person]

    /// Whether the Sun is too low on this day to make vitamin D here even under a clear sky
    /// (rather than clouds keeping the UV down).
    public let sunTooLow: Bool

    /// The next day a clear noon here makes vitamin D, when the Sun is too low on this one.
    public let nextDay: CalendarDate?

    /// `uvi`: the day's UV (the forecast uvd shows for it, or the clear-sky model's); `now`: for
    /// ages, counted on `zone`'s calendar.
    public init(
        day: DateInterval, coordinate: Coordinate, zone: Zone, you: SkinType, family: [FamilyMember], exposure: SkinExposure,
        now: Date, uvi: (Date) -> Double
    ) {
        // The sun's light is everyone's: worked out once, read for each skin.
        let light = VitaminDDay.light(day: day, coordinate: coordinate, uvi: uvi)
        func dayFor(_ skinType: SkinType) -> VitaminDDay { VitaminDDay(light: light, skinType: skinType, exposure: exposure) }
        people = Someone.everyone(you: you, family: family, now: now, zone: zone).map { who in
            who.isBaby ? Person(who: who, day: nil) : Person(who: who, day: dayFor(who.skinType))
        }
        sunTooLow = !VitaminDDay.clearNoonMakesVitaminD(day: day, coordinate: coordinate)
        nextDay =
            sunTooLow
            ? VitaminDDay.nextDayItCan(after: CalendarDate(containing: day.start, in: zone), coordinate: coordinate, zone: zone) : nil
    }

    /// The user's day.
    public var you: VitaminDDay? { people.first?.day }
}
