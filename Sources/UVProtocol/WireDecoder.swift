/// Decodes a `Decodable` from a varlink message's JSON (`WireJSON`), as `JSONDecoder` with its
/// default strategies would: the same values for every message uvd and uvctl exchange, and
/// `DecodingError`s of the same kinds and coding paths for those they refuse. Why uvd has its
/// own: `WireJSON`.
public enum WireDecoder {
    /// `T` from one message's bytes; text that is not JSON is `DecodingError.dataCorrupted`, with
    /// the `WireSyntaxError` that says where as its underlying error.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try decode(type, from: try value(bytes))
    }

    /// One message's bytes parsed, to decode more than once; text that is not JSON is
    /// `DecodingError.dataCorrupted`, as for `decode`.
    public static func value(_ bytes: [UInt8]) throws(DecodingError) -> WireJSON {
        do {
            return try WireJSON(parsing: bytes)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: error))
        }
    }

    /// `T` from a value already parsed.
    public static func decode<T: Decodable>(_ type: T.Type, from value: WireJSON) throws -> T {
        try T(from: ValueDecoder(value: value, codingPath: []))
    }
}

/// One value and where it is; the three kinds of container read from it.
private struct ValueDecoder: Decoder {
    let value: WireJSON
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw Scalar(value: value, codingPath: codingPath).mismatch([String: Any].self)
        }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw Scalar(value: value, codingPath: codingPath).mismatch([Any].self) }
        return UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        Scalar(value: value, codingPath: codingPath)
    }
}

/// A value read as a single value: a scalar of the type asked for, or a `Decodable` of its own.
private struct Scalar: SingleValueDecodingContainer {
    let value: WireJSON
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let bool) = value else { throw mismatch(type) }
        return bool
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let string) = value else { throw mismatch(type) }
        return string
    }

    func decode(_ type: Double.Type) throws -> Double { try floatingPoint(type) }
    func decode(_ type: Float.Type) throws -> Float { try floatingPoint(type) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: ValueDecoder(value: value, codingPath: codingPath))
    }

    /// A number as `F`: refused when it is out of `F`'s range (JSON has no infinity).
    private func floatingPoint<F: BinaryFloatingPoint & LosslessStringConvertible>(_ type: F.Type) throws -> F {
        guard case .number(let text) = value else { throw mismatch(type) }
        guard let number = F(text), number.isFinite else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "The number \(text) does not fit in \(type)."))
        }
        return number
    }

    /// A number as `I`: written as an integer, or with a fraction or exponent that leaves one
    /// (`1.0`, `1e2`); refused when it is not whole or does not fit.
    private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard case .number(let text) = value else { throw mismatch(type) }
        if let integer = I(text) { return integer }
        if let number = Double(text), number.isFinite, let integer = I(exactly: number) { return integer }
        throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "The number \(text) does not fit in \(type)."))
    }

    /// The error for a value of another kind than `type`: `valueNotFound` for null, as
    /// `JSONDecoder` says it, `typeMismatch` for the rest.
    func mismatch(_ type: Any.Type) -> DecodingError {
        let found: String
        switch value {
        case .null:
            return .valueNotFound(
                type, .init(codingPath: codingPath, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        case .bool: found = "bool"
        case .number(let text): found = "number \(text)"
        case .string: found = "a string"
        case .array: found = "an array"
        case .object: found = "a dictionary"
        }
        return .typeMismatch(
            type, .init(codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(found) instead."))
    }
}

/// An object's members, read by key.
private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: WireJSON]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try member(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try member(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try member(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try member(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try member(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try member(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try member(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try member(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try member(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try member(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try member(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try member(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try member(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try member(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try member(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try member(key).decoder.container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try member(key).decoder.unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: members["super"] ?? .null, codingPath: codingPath + [WireKey.superKey])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }

    /// The member named `key`; a missing one is `keyNotFound`.
    private func member(_ key: Key) throws -> Scalar {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return Scalar(value: value, codingPath: codingPath + [key])
    }
}

extension Scalar {
    /// This value as a decoder of its own, for a nested container.
    fileprivate var decoder: ValueDecoder { ValueDecoder(value: value, codingPath: codingPath) }
}

/// An array's elements, read in turn.
private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [WireJSON]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [WireJSON], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func decodeNil() throws -> Bool {
        guard try peek(Never.self).decodeNil() else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) { try $0.decode(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) { try $0.decode(type) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) { try $0.decode(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(KeyedDecodingContainer<NestedKey>.self) { try $0.decoder.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self) { try $0.decoder.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next((any Decoder).self) { $0.decoder }
    }

    /// The element here, as a single value; past the end, `valueNotFound` for `type`.
    private func peek<T>(_ type: T.Type) throws -> Scalar {
        let path = codingPath + [WireKey(index: currentIndex)]
        guard currentIndex < elements.count else {
            throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: "Unkeyed container is at end."))
        }
        return Scalar(value: elements[currentIndex], codingPath: path)
    }

    /// `read` of the element here; the index moves on only when it succeeds.
    private mutating func next<T>(_ type: T.Type, _ read: (Scalar) throws -> T) throws -> T {
        let value = try read(try peek(type))
        currentIndex += 1
        return value
    }
}

/// A coding path's step that is no `CodingKey` of the type's own: an array's index, or `super`.
private struct WireKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init?(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init?(intValue: Int) {
        self.init(index: intValue)
    }

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    private init(superName: String) {
        stringValue = superName
        intValue = nil
    }

    static let superKey = WireKey(superName: "super")
}
