/// An optional field that is always written, as JSON `null` when empty, so every documented
/// key is present for scripts; a missing key reads back as nil.
@propertyWrapper
public struct Null<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension KeyedDecodingContainer {
    /// Lets a `@Null` field be absent, not only `null`.
    public func decode<Value>(_ type: Null<Value>.Type, forKey key: Key) throws -> Null<Value> {
        try decodeIfPresent(type, forKey: key) ?? Null(wrappedValue: nil)
    }
}

extension KeyedEncodingContainer {
    /// Writes a `@Null` field as its value or `null` straight into the object being written. The
    /// wrapper's own `encode(to:)` gives the same JSON through a nested encoder made for each
    /// field: a tenth of the daemon's work in answering `GetStatus` went there (its vitamin-D
    /// hours hold two such fields each).
    public mutating func encode<Value>(_ value: Null<Value>, forKey key: Key) throws {
        if let wrapped = value.wrappedValue { try encode(wrapped, forKey: key) } else { try encodeNil(forKey: key) }
    }
}
