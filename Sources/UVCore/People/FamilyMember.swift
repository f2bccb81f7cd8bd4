import FoundationEssentials

/// Someone besides the user whose skin uvd watches over (`uvctl family`): a child, a partner. The
/// user stays the first person, with the profile; members are kept in the order added. Their
/// burn times come from the same Fitzpatrick model as the user's, a model and not a measurement,
/// and a baby's from nothing at all (`BirthMonth.isBaby`).
public struct FamilyMember: Sendable, Equatable, Codable {
    /// The user's own text, checked (`checkedName`); never written to the log at info.
    public var name: String
    public var skinType: SkinType
    public var born: BirthMonth?
    /// The sunscreen this person wears, when not the user's default.
    public var spf: SPF?

    public init(name: String, skinType: SkinType, born: BirthMonth? = nil, spf: SPF? = nil) {
        self.name = name
        self.skinType = skinType
        self.born = born
        self.spf = spf
    }

    /// The most characters a name may have.
    public static let longestName = 32

    /// The most people a family holds besides the user.
    public static let largestFamily = 12

    /// `text` as a name, its surrounding spaces trimmed, or why it cannot be one: empty, longer
    /// than `longestName` characters, or holding a control or formatting character (a newline,
    /// a tab, an escape, a direction mark), which would break the lines and notifications it is
    /// shown in.
    public static func checkedName(_ text: String) -> Result<String, NameProblem> {
        let name = text.trimmingSpaces()
        if name.isEmpty { return .failure(.empty) }
        if name.count > longestName { return .failure(.tooLong(name.count)) }
        if let scalar = name.unicodeScalars.first(where: { [.control, .format].contains($0.properties.generalCategory) }) {
            return .failure(.control(scalar.value))
        }
        return .success(name)
    }

    /// Why a text is no name.
    public enum NameProblem: Error, Equatable, Sendable, CustomStringConvertible {
        case empty
        case tooLong(Int)
        case control(UInt32)

        public var description: String {
            switch self {
            case .empty: tr("a name cannot be empty")
            case .tooLong(let count): tr("a name is at most %1$@ characters (this one has %2$@)", FamilyMember.longestName, count)
            case .control(let value):
                tr("a name cannot hold control characters (it has U+%1$@); use letters, digits, spaces and punctuation", hex(value))
            }
        }

        private func hex(_ value: UInt32) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
    }
}

/// The month someone was born (`--born YYYY-MM`): enough for a child's age in months, which is
/// what the guidance on babies and the sun goes by.
public struct BirthMonth: Sendable, Equatable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    /// `YYYY-MM`, a month from 1900 on; nil for anything else.
    public init?(parsing text: String) {
        let parts = text.trimmingSpaces().split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]), let month = Int(parts[1]),
            (1900...9999).contains(year), (1...12).contains(month)
        else { return nil }
        (self.year, self.month) = (year, month)
    }

    public var description: String { "\(year)-\(month < 10 ? "0" : "")\(month)" }

    /// Whole months of age at `now` on `zone`'s calendar, counting the birth month as month 0
    /// (a child born in March is 2 months old all through May); negative before birth.
    public func ageInMonths(at now: Date, in zone: Zone) -> Int {
        let today = LocalDay.key(now, in: zone).split(separator: "-").compactMap { Int($0) }
        guard today.count == 3 else { return 0 }
        return (today[0] - year) * 12 + (today[1] - month)
    }

    public static func < (lhs: BirthMonth, rhs: BirthMonth) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let parsed = BirthMonth(parsing: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not YYYY-MM: \(text)"))
        }
        self = parsed
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Why `text` is no month: what is wrong, and what is right.
    public static func refusal(of text: String, for parameter: String) -> String {
        tr("born '%1$@' is not a month: use YYYY-MM, e.g. 2024-03", text)
    }
}

/// The family is not out (`uvctl family off`): a parent alone at work gets their own readings.
/// Until `uvctl family on`, or for one local day (`--today`).
public enum FamilyAway: Sendable, Equatable, Codable {
    case untilOn
    case on(DayKey)

    /// Whether the family is away at `now` on `zone`'s calendar.
    public func holds(at now: Date, in zone: Zone) -> Bool {
        switch self {
        case .untilOn: true
        case .on(let day): DayKey(now, in: zone) == day
        }
    }
}
