import Foundation
import UVEngine
import UVProtocol

/// Derives varlink signatures from `Decodable` types: a decoder that, instead of reading, notes
/// each field a type's `init(from:)` asks for and with which type (`Optional` and `@Null` as
/// `?T`, arrays as `[]T`, nested structs by their varlink name, whose own fields it notes too).
struct VarlinkSchema {
    /// Varlink type name → its fields, `(name: type, …)`.
    private(set) var types: [String: String] = [:]

    /// `(field: type, …)` for `type`, noting the structs it contains.
    mutating func fields(of type: any Decodable.Type) -> String {
        let recorder = Recorder()
        _ = try? type.init(from: SchemaDecoder(recorder: recorder))
        for (name, nested) in recorder.nested where types[name] == nil {
            types[name] = ""
            types[name] = fields(of: nested)
        }
        return "(" + recorder.fields.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
    }

    /// The varlink name of a struct type: its Swift name without `Info` (`HistoryInfo` is an entry).
    static func name(of type: Any.Type) -> String {
        let swift = String(describing: type)
        if swift == "HistoryInfo" { return "HistoryEntry" }
        return swift.hasSuffix("Info") ? String(swift.dropLast(4)) : swift
    }
}

/// Arrays and `@Null` say what they hold.
private protocol ArrayOfDecodable {
    static var element: any Decodable.Type { get }
    static var empty: Any { get }
}
extension Array: ArrayOfDecodable where Element: Decodable {
    static var element: any Decodable.Type { Element.self }
    static var empty: Any { [Element]() }
}
private protocol OptionalOfDecodable { static var wrapped: any Decodable.Type { get } }
extension Optional: OptionalOfDecodable where Wrapped: Decodable { static var wrapped: any Decodable.Type { Wrapped.self } }
private protocol NullOfDecodable { static var wrapped: any Decodable.Type { get } }
/// A value written as text (`Written`): a string on the wire; its first case stands in for it,
/// or for a type without cases (a day, a span, a month, a rule) the first of a few texts it reads.
private protocol WrittenText {
    static var sample: Any? { get }
    static var isNumber: Bool { get }
}
extension Written: WrittenText {
    static var isNumber: Bool { Value.Form.self == Int.self }
    static var sample: Any? {
        let value =
            (Value.self as? any CaseIterable.Type).flatMap { firstCase($0) as? Value }
            ?? (["2026-01-15", "10:00-11:00", "2024-03"] + Rule.known.map(\.rawValue)).lazy.compactMap {
                ($0 as? Value.Form).flatMap(Value.init(written:))
            }.first
        return value.map(Written.init)
    }
}
/// A word of a reply (`Word`): a string on the wire.
extension Word: WrittenText {
    static var sample: Any? { Word.unknown("") }
    static var isNumber: Bool { false }
}
extension Settable: WrittenText {
    static var sample: Any? { Settable.forget }
    static var isNumber: Bool { false }
}

extension Null: NullOfDecodable { static var wrapped: any Decodable.Type { Value.self } }

private final class Recorder {
    var fields: [(name: String, type: String)] = []
    var nested: [(String, any Decodable.Type)] = []

    func typeName(_ type: any Decodable.Type) -> String {
        switch type {
        case is String.Type: return "string"
        case is Bool.Type: return "bool"
        // A number whose range is checked as it is decoded (`MinutesAgo`): an int on the wire.
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt32.Type, is MinutesAgo.Type: return "int"
        // A value written as a number (`WaterResistance`): an int on the wire.
        case let written as WrittenText.Type where written.isNumber: return "int"
        case is Double.Type, is Float.Type: return "float"
        case let optional as OptionalOfDecodable.Type: return "?" + typeName(optional.wrapped)
        case let array as ArrayOfDecodable.Type: return "[]" + typeName(array.element)
        case let null as NullOfDecodable.Type: return "?" + typeName(null.wrapped)
        case is any RawRepresentable.Type, is WrittenText.Type: return "string"
        default:
            let name = VarlinkSchema.name(of: type)
            nested.append((name, type))
            return name
        }
    }
}

private struct SchemaDecoder: Decoder {
    let recorder: Recorder
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]
    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed<Key>(recorder: recorder))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Stop() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw Stop() }
}

/// Ends decoding once every field is noted: no value is ever made.
private struct Stop: Error {}

private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let recorder: Recorder
    var codingPath: [any CodingKey] = []
    var allKeys: [Key] { [] }
    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { true }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        recorder.fields.append((key.stringValue, recorder.typeName(type)))
        return try placeholder(type)
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let name = recorder.typeName(type)
        recorder.fields.append((key.stringValue, name.hasPrefix("?") ? name : "?" + name))
        return nil
    }
    // The protocol's own optional primitives would otherwise skip a field `decodeNil` calls absent.
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try decodeIfPresent(Optional<String>.self, forKey: key) ?? nil
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeIfPresent(Optional<Int>.self, forKey: key) ?? nil }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try decodeIfPresent(Optional<Bool>.self, forKey: key) ?? nil
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try decodeIfPresent(Optional<Double>.self, forKey: key) ?? nil
    }
    func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) throws -> KeyedDecodingContainer<N> { throw Stop() }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw Stop() }
    func superDecoder() throws -> any Decoder { throw Stop() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw Stop() }
}

/// A value of `type` for a required field, so that decoding goes on to the next field.
private func placeholder<T: Decodable>(_ type: T.Type) throws -> T {
    let made: Any? =
        switch type {
        case is String.Type: ""
        case is Bool.Type: false
        case is Int.Type: 0
        case is Int64.Type: Int64(0)
        case is MinutesAgo.Type: MinutesAgo(0)
        case is Double.Type: 0.0
        case let array as ArrayOfDecodable.Type: array.empty
        case let cases as any CaseIterable.Type: firstCase(cases)
        case let written as WrittenText.Type: written.sample
        default: try? T(from: SchemaDecoder(recorder: Recorder()))
        }
    guard let value = made as? T else { throw Stop() }
    return value
}

private func firstCase<C: CaseIterable>(_ type: C.Type) -> Any? { type.allCases.first }
