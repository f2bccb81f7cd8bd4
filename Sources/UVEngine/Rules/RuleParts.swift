import FoundationEssentials
import UVCore

/// A part a rule keeps in the engine's state or settings, saved flat: its fields are keys of the
/// object that holds it (`leaveHomeEnabled` beside `quietHours`), as every release before rules
/// held parts of their own wrote them, so a store written by any release reads and writes the
/// same object. Its keys are its own: no two parts, and no field of the holder, share a key.
public protocol FlatSavedPart: Sendable, Equatable {
    /// Its fields, each under its own key of the holder's object.
    static var savedFields: [SavedField<Self>] { get }
}

extension FlatSavedPart {
    /// Reads what any release saved from the holder's own keys: a key that is absent (written
    /// before the field existed) keeps `fresh`'s value, one it does not know is ignored.
    init(from decoder: any Decoder, absent fresh: Self) throws {
        self = fresh
        try Self.savedFields.read(try decoder.container(keyedBy: SavedKey.self), into: &self)
    }

    /// Writes its fields into the holder's object.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SavedKey.self)
        try Self.savedFields.write(self, to: &container)
    }
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
    public static var savedFields: [SavedField<Self>] { [] }
    public init() {}
}

/// The memory of a rule that remembers nothing.
public struct NoMemory: RuleMemory {
    public static var savedFields: [SavedField<Self>] { [] }
    public init() {}
}

extension FlatSavedPart {
    /// Read from `decoder` as this part of whatever holds it, boxed.
    fileprivate static func read(from decoder: any Decoder, absent fresh: any FlatSavedPart) throws -> PartBox {
        guard let fresh = fresh as? Self else { return fresh.boxed }
        return Box(try Self(from: decoder, absent: fresh))
    }

    fileprivate var boxed: PartBox { Box(self) }
}

/// One part, held unchanged: a new value is a new box. Found by its part's type, kept in the box
/// as an identifier (`part`), so that a step's many reads neither cast nor ask for a generic
/// class's metadata.
private class PartBox: @unchecked Sendable {
    /// The type of the part inside.
    let part: ObjectIdentifier

    init(part: ObjectIdentifier) { self.part = part }

    func isSame(as other: PartBox) -> Bool { false }
    func encode(to encoder: any Encoder) throws {}
}

/// The box of a part of type `Part`. (Sendable: `value` is a `let` of a Sendable type.)
private final class Box<Part: FlatSavedPart>: PartBox, @unchecked Sendable {
    let value: Part

    init(_ value: Part) {
        self.value = value
        super.init(part: ObjectIdentifier(Part.self))
    }

    override func isSame(as other: PartBox) -> Bool {
        other.part == part && unsafeDowncast(other, to: Box<Part>.self).value == value
    }

    override func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

/// The parts the rules keep in one holder, every rule's always present (so that two holders that
/// mean the same compare equal), written into the holder's own container. A part is found by its
/// type: each rule's is a type of its own, but for the empty `NoSettings` and `NoMemory`, which
/// rules without either may share.
/// Held in `Rules.all`'s order and found by their type among five: a step's reads neither hash
/// nor cast, and a write that changes nothing copies nothing.
struct RuleParts: Sendable, Equatable {
    private var boxes: [PartBox]

    /// Each rule's part as `fresh` gives it.
    init(_ fresh: (any EngineRule.Type) -> any FlatSavedPart) {
        boxes = Rules.all.map { fresh($0).boxed }
    }

    /// Each rule's part read from `decoder`, a part not saved (or a field of it) taking
    /// `fresh`'s.
    init(from decoder: any Decoder, fresh: (any EngineRule.Type) -> any FlatSavedPart) throws {
        boxes = try Rules.all.map { rule in
            let freshPart = fresh(rule)
            return try type(of: freshPart).read(from: decoder, absent: freshPart)
        }
    }

    private func box<Part: FlatSavedPart>(of type: Part.Type) -> Box<Part>? {
        let part = ObjectIdentifier(type)
        for box in boxes where box.part == part { return unsafeDowncast(box, to: Box<Part>.self) }
        return nil
    }

    /// The part of type `Part`, which every rule's is (`fallback` only for a type no rule keeps).
    func part<Part: FlatSavedPart>(_ type: Part.Type, fallback: @autoclosure () -> Part) -> Part {
        box(of: type)?.value ?? fallback()
    }

    /// Makes `part` the one of its type; one equal to what is held is not written.
    mutating func set<Part: FlatSavedPart>(_ part: Part) {
        let key = ObjectIdentifier(Part.self)
        guard let index = boxes.firstIndex(where: { $0.part == key }),
            unsafeDowncast(boxes[index], to: Box<Part>.self).value != part
        else { return }
        boxes[index] = Box(part)
    }

    /// Writes every part into the container `encoder` gives the holder.
    func encode(to encoder: any Encoder) throws {
        for box in boxes { try box.encode(to: encoder) }
    }

    static func == (left: RuleParts, right: RuleParts) -> Bool {
        left.boxes.count == right.boxes.count && zip(left.boxes, right.boxes).allSatisfy { $0 === $1 || $0.isSame(as: $1) }
    }
}
