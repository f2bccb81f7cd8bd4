import FoundationEssentials

/// A rule's name: what `uvctl snooze`, `mute` and `unmute` and the socket take, and what the
/// store keeps a rule's mutes and alerts under. Each rule declares its own (`EngineRule.rule`,
/// with a constant beside it such as `Rule.leaveHome`); `Rule.known` lists those the engine has.
/// A name saved or sent by another release stays as written: a mute of a rule this release does
/// not know is kept, not dropped.
public struct Rule: RawRepresentable, Hashable, Sendable, Codable, CodingKeyRepresentable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    /// The rules the engine has, in the order it asks them (`Rules.all`).
    public static var known: [Rule] { Rules.all.map { $0.rule } }

    /// Whether the engine has a rule of this name.
    public var isKnown: Bool { Rules.named(self) != nil }

    /// Every rule's name, as uvctl and the socket take them: `morning, leave-home, …`. What the
    /// help of `snooze`, `mute` and `unmute` and the interface text say, so that a new rule is
    /// named there by itself.
    public static var names: String { known.map(\.rawValue).joined(separator: ", ") }
}
