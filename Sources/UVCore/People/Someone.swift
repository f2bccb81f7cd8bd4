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
    private func isUnder(months: Int) -> Bool { ageInMonths.map { $0 < months } ?? false }

    /// Under 6 months old: sunscreen is not advised at that age, so no burn time and no dose;
    /// kept out of direct sun at any UV (Cancer Council Australia; the American Academy of
    /// Pediatrics).
    public var isYoungBaby: Bool { isUnder(months: Self.sunscreenFromMonths) }

    /// Under 12 months old: kept out of direct sun from UV 3, and told shade rather than a
    /// vitamin-D dose time.
    public var isBaby: Bool { isUnder(months: Self.shadeUnderMonths) }

    /// To be kept out of direct sun at UV `uvi`: a baby under 6 months always, one under 12 months
    /// while the UV is `babyShadeUVI` or more (Cancer Council Australia's guidance).
    public func keepsOutOfSun(atUVI uvi: Double) -> Bool { isYoungBaby || (isBaby && uvi >= Self.babyShadeUVI) }

    /// The UV from which a baby under 12 months is to be kept out of direct sun.
    public static let babyShadeUVI = 3.0

    /// The age in months from which sunscreen is advised, and so a burn time and a dose counted.
    private static let sunscreenFromMonths = 6

    /// The age in months under which a baby is kept out of direct sun from UV 3 and told shade
    /// rather than a vitamin-D dose time.
    private static let shadeUnderMonths = 12

    /// `member`, their age counted at `now` on `zone`'s calendar.
    public init(_ member: FamilyMember, at now: Date, in zone: Zone) {
        self.init(member: member, skinType: member.skinType, ageInMonths: member.born?.ageInMonths(at: now, in: zone))
    }

    private init(member: FamilyMember?, skinType: SkinType, ageInMonths: Int?) {
        (self.member, self.skinType, self.ageInMonths) = (member, skinType, ageInMonths)
    }

    /// The user with skin type `you`, then each of `family` in the order added, their ages counted
    /// at `now` on `zone`'s calendar.
    public static func everyone(you: SkinType, family: [FamilyMember], now: Date, zone: Zone) -> [Someone] {
        [Someone(member: nil, skinType: you, ageInMonths: nil)] + family.map { Someone($0, at: now, in: zone) }
    }
}
