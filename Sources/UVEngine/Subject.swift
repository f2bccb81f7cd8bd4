import FoundationEssentials
import UVCore

/// What a notification is about, and so its identity on screen: a new alert with the same
/// subject replaces the one shown, never stacks beside it. It is written as a string only at the
/// edges (the store's columns, the history on the socket, scenario files): `leave-home`,
/// `uv-high`, `reapply`, `morning`, `test`.
public enum Subject: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The one subject of a rule that speaks of one thing, written under the rule's name.
    case rule(Rule)
    /// The UV index reached this level's band.
    case uvLevel(UVLevel)
    /// `uvctl notify-test`'s notification: no rule's.
    case test
    /// The day's UV, asked for from the tray: no rule's.
    case today
    /// A subject this release does not know (saved or sent by another release), kept as written.
    case other(String)

    /// The subject a written name stands for; one this release does not know is `.other`.
    /// Read back from `description` over every subject there is (`known`), so that a name is
    /// written and read in one place.
    public init(_ written: String) {
        self = Self.byName[written] ?? .other(written)
    }

    /// Every subject this release knows: each rule's, as the rule says (`EngineRule.subjects`),
    /// and those of no rule.
    public static let known: [Subject] = Rules.all.flatMap { $0.subjects } + [.test, .today]

    private static let byName = Dictionary(known.map { ($0.description, $0) }) { first, _ in first }

    /// The subjects a rule speaks of.
    public static func subjects(of rule: Rule) -> [Subject] {
        Rules.named(rule)?.subjects ?? [.rule(rule)]
    }

    /// The name it is written under at the edges.
    public var description: String {
        switch self {
        case .rule(let rule): rule.rawValue
        case .uvLevel(let level): "uv-\(level.rawValue)"
        case .test: "test"
        case .today: "today"
        case .other(let written): written
        }
    }

    /// The rule that speaks of it; nil for the test notification and unknown subjects.
    public var rule: Rule? {
        switch self {
        case .rule(let rule): rule
        case .uvLevel: .uvAlert
        case .test, .today, .other: nil
        }
    }

    /// Ordered by the written name: the order the outbox and the history have always used.
    public static func < (left: Subject, right: Subject) -> Bool { left.description < right.description }
}

extension Subject: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
