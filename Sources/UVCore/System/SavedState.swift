import FoundationEssentials

/// Reading state that an older or newer uvd saved.
///
/// Every structure uvd keeps as JSON (the rules' state, the profile, a sunscreen application)
/// decodes through these: a field the saving release did not have takes its default, a field it
/// had that this release does not know is ignored (JSON decoding skips unknown keys), and only a
/// field that is there but cannot be read fails the whole value, which the store then reports and
/// sets aside (never drops silently). Synthesised `Codable` throws on a missing field, so a new
/// field would otherwise lose everything saved before it.
extension KeyedDecodingContainer {
    /// The value under `key`, or `fallback` when the saved state has no such field.
    public func decode<Value: Decodable>(_ key: Key, absent fallback: @autoclosure () -> Value) throws -> Value {
        try decodeIfPresent(Value.self, forKey: key) ?? fallback()
    }
}

/// A key of a saved object, named by a field's table entry (`SavedField`) rather than a
/// `CodingKeys` case.
public struct SavedKey: CodingKey, Sendable {
    public let stringValue: String
    public var intValue: Int? { nil }

    public init(_ name: String) { stringValue = name }
    public init(stringValue: String) { self.init(stringValue) }
    public init?(intValue: Int) { nil }
}

/// One field of a structure saved as JSON: the key every release saved it under, and how a saved
/// value is read into the structure and written from it. A structure lists its fields once and
/// reads and writes itself by walking the list (`[SavedField].read(_:into:)`, `.write(_:to:)`),
/// so a field's key, what stands in for it when it is absent and what is done with a damaged
/// value are said in one entry. A field is reached by a getter and a setter rather than a key
/// path: a key path is made at its first use from a pattern whose types the runtime resolves by
/// name, scanning the binary's conformances (3 M instructions of a start before READY, for the
/// engine's state).
public struct SavedField<Whole>: Sendable {
    fileprivate let read: @Sendable (KeyedDecodingContainer<SavedKey>, inout Whole) throws -> Void
    fileprivate let write: @Sendable (Whole, inout KeyedEncodingContainer<SavedKey>) throws -> Void

    /// A field always written. Absent (saved before it existed), it keeps the value of the
    /// structure read into; a saved value `valid` refuses (a damaged file) does too.
    public static func value<Value: Codable & SendableMetatype>(
        _ name: String, _ get: @escaping @Sendable (Whole) -> Value, _ set: @escaping @Sendable (inout Whole, Value) -> Void,
        valid: @escaping @Sendable (Value) -> Bool = { _ in true }
    ) -> Self {
        let key = SavedKey(name)
        return Self(
            read: { saved, whole in
                if let value = try saved.decodeIfPresent(Value.self, forKey: key), valid(value) { set(&whole, value) }
            },
            write: { whole, container in try container.encode(get(whole), forKey: key) })
    }

    /// A field written only when it holds a value: absent is how nil is saved. A saved value
    /// `valid` refuses keeps the value of the structure read into.
    public static func optional<Value: Codable & SendableMetatype>(
        _ name: String, _ get: @escaping @Sendable (Whole) -> Value?, _ set: @escaping @Sendable (inout Whole, Value?) -> Void,
        valid: @escaping @Sendable (Value) -> Bool = { _ in true }
    ) -> Self {
        let key = SavedKey(name)
        return Self(
            read: { saved, whole in
                let value = try saved.decodeIfPresent(Value.self, forKey: key)
                if value.map(valid) ?? true { set(&whole, value) }
            },
            write: { whole, container in try container.encodeIfPresent(get(whole), forKey: key) })
    }

    /// A choice among named cases, always written: one this release does not know (a later
    /// one's) keeps the value of the structure read into, rather than failing the whole.
    public static func choice<Value: Codable & SendableMetatype>(
        _ name: String, _ get: @escaping @Sendable (Whole) -> Value, _ set: @escaping @Sendable (inout Whole, Value) -> Void
    ) -> Self {
        let key = SavedKey(name)
        return Self(
            read: { saved, whole in
                if let value = (try? saved.decodeIfPresent(Value.self, forKey: key)).flatMap(\.self) { set(&whole, value) }
            },
            write: { whole, container in try container.encode(get(whole), forKey: key) })
    }
}

extension Array {
    /// Reads each field saved in `saved` into `whole`; `whole` is what an absent one keeps.
    public func read<Whole>(_ saved: KeyedDecodingContainer<SavedKey>, into whole: inout Whole) throws
    where Element == SavedField<Whole> {
        for field in self { try field.read(saved, &whole) }
    }

    /// Writes each field of `whole` into `container`.
    public func write<Whole>(_ whole: Whole, to container: inout KeyedEncodingContainer<SavedKey>) throws
    where Element == SavedField<Whole> {
        for field in self { try field.write(whole, &container) }
    }
}
