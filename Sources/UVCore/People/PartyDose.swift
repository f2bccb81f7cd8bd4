import FoundationEssentials

/// Each person's dose of a day out together: the same intervals outside, for each person's own
/// skin and through what they wore (`[WornSunscreen].worn(by:)`: the applications for everyone,
/// in their own sunscreen's SPF where they have one, and those for them alone). A baby under 6
/// months is kept out of direct sun, not counted. `uvctl dose`, the status and the dose notices
/// all read it.
public struct PartyDose: Sendable, Equatable {
    /// One person's dose; `member` is nil for the user.
    public struct Share: Sendable, Equatable {
        public var member: FamilyMember?
        public var dose: DayDose
    }

    /// The user first, then the family in the order added.
    public let shares: [Share]
    /// Whether the family was out (even if only a baby, who has no share).
    public let withFamily: Bool

    /// The dose of `intervals` up to `now` (`DayDose`) for the user (`you`) and each of `family`
    /// older than 6 months at `agesAt` on `zone`'s calendar.
    public init(
        intervals: [OutsideInterval], until now: Date, uvi: @escaping (Date) -> Double, sunscreen: [WornSunscreen], you: SkinType,
        family: [FamilyMember] = [], agesAt: Date, zone: Zone
    ) {
        withFamily = !family.isEmpty
        let counted = family.filter { !Someone($0, at: agesAt, in: zone).isYoungBaby }
        shares = ([nil] + counted.map { Optional($0) }).map { member in
            Share(
                member: member,
                dose: DayDose(
                    intervals: intervals, until: now, skinType: member?.skinType ?? you, uvi: uvi, sunscreen: sunscreen.worn(by: member)))
        }
    }

    /// The user's.
    public var user: DayDose { shares[0].dose }

    /// The share of whoever is nearest a burn; the earlier in the list on a tie (the user first).
    public var first: Share {
        shares.dropFirst().reduce(shares[0]) { $1.dose.total.burnDosePercent > $0.dose.total.burnDosePercent ? $1 : $0 }
    }
}
