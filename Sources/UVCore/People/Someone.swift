import FoundationEssentials

/// One of the people out together: the user (the profile) or a family member, with their age on
/// the day. `Party` gives each a burn time and `VitaminDParty` a vitamin-D day; who they are is
/// this, counted once.
public struct Someone: Sendable, Equatable {
    /// The family member; nil for the user.
    public var member: FamilyMember?
    public var skinType: SkinType
    /// Whole months of age, when a birth month is known.
    public var ageInMonths: Int?

    /// The member's name; empty for the user.
    public var name: String { member?.name ?? "" }
    /// The user, always first.
    public var isUser: Bool { member == nil }

    /// Younger than `months` (false when no birth month is known).
    public func isUnder(months: Int) -> Bool { ageInMonths.map { $0 < months } ?? false }

    /// The user with skin type `you`, then each of `family` in the order added, their ages counted
    /// at `now` on `zone`'s calendar.
    public static func everyone(you: SkinType, family: [FamilyMember], now: Date, zone: Zone) -> [Someone] {
        [Someone(member: nil, skinType: you, ageInMonths: nil)]
            + family.map { Someone(member: $0, skinType: $0.skinType, ageInMonths: $0.born?.ageInMonths(at: now, in: zone)) }
    }
}
