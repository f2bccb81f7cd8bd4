import FoundationEssentials

/// A part a rule keeps in the engine's state or settings, saved flat: its fields are keys of the
/// object that holds it (`leaveHomeEnabled` beside `quietHours`), as every release before rules
/// held parts of their own wrote them, so a store written by any release reads and writes the
/// same object. Its keys are its own: no two parts, and no field of the holder, share a key.
public protocol FlatSavedPart: Sendable, Equatable, Encodable {
    /// Reads what any release saved from the holder's own keys: a key that is absent (written
    /// before the field existed) takes `fresh`'s value, one it does not know is ignored.
    init(from decoder: any Decoder, absent fresh: Self) throws
}

/// What a rule is told by `config.toml`: its section's values (`EngineRule.Settings`).
public protocol RuleSettings: FlatSavedPart {
    /// The documented defaults.
    init()
}

/// What a rule remembers between steps (`EngineRule.Memory`).
public protocol RuleMemory: FlatSavedPart {}

/// The settings of a rule with no keys of its own.
public struct NoSettings: RuleSettings {
    public init() {}
    public init(from decoder: any Decoder, absent fresh: NoSettings) {}
    public func encode(to encoder: any Encoder) {}
}

/// The memory of a rule that remembers nothing.
public struct NoMemory: RuleMemory {
    public init() {}
    public init(from decoder: any Decoder, absent fresh: NoMemory) {}
    public func encode(to encoder: any Encoder) {}
}

extension FlatSavedPart {
    fileprivate func isSame(as other: any FlatSavedPart) -> Bool { (other as? Self) == self }

    /// Read from `decoder` as this part of whatever holds it.
    fileprivate static func read(from decoder: any Decoder, absent fresh: any FlatSavedPart) throws -> any FlatSavedPart {
        guard let fresh = fresh as? Self else { return fresh }
        return try Self(from: decoder, absent: fresh)
    }
}

/// The parts the rules keep in one holder, one of each type, every rule's always present (so
/// that two holders that mean the same compare equal), written into the holder's own container.
struct RuleParts: Sendable, Equatable {
    private var byType: [ObjectIdentifier: any FlatSavedPart]

    /// Each rule's part as `fresh` gives it.
    init(_ fresh: (any EngineRule.Type) -> any FlatSavedPart) {
        byType = [:]
        for rule in Rules.all { insert(fresh(rule)) }
    }

    /// Each rule's part read from `decoder`, a part not saved (or a field of it) taking
    /// `fresh`'s.
    init(from decoder: any Decoder, fresh: (any EngineRule.Type) -> any FlatSavedPart) throws {
        byType = [:]
        for rule in Rules.all {
            let freshPart = fresh(rule)
            insert(try type(of: freshPart).read(from: decoder, absent: freshPart))
        }
    }

    private mutating func insert(_ part: any FlatSavedPart) { byType[ObjectIdentifier(type(of: part))] = part }

    /// The part of type `Part`, which every rule's is (`fallback` only for a type no rule keeps).
    func part<Part: FlatSavedPart>(_ type: Part.Type, fallback: @autoclosure () -> Part) -> Part {
        byType[ObjectIdentifier(type)] as? Part ?? fallback()
    }

    mutating func set<Part: FlatSavedPart>(_ part: Part) { byType[ObjectIdentifier(Part.self)] = part }

    /// Writes every part into the container `encoder` gives the holder.
    func encode(to encoder: any Encoder) throws {
        for part in byType.values { try part.encode(to: encoder) }
    }

    static func == (left: RuleParts, right: RuleParts) -> Bool {
        left.byType.count == right.byType.count
            && left.byType.allSatisfy { key, part in right.byType[key].map(part.isSame(as:)) ?? false }
    }
}
