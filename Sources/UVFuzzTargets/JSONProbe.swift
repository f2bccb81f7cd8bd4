import UVProtocol

/// Any JSON document as a `Decodable` reads it, to compare two decoders' readings (the fuzz
/// target `wire-json`, the JSONTestSuite tests): numbers as `Double`, a number no `Double` holds
/// as `.unrepresentable`.
public indirect enum JSONProbe: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case unrepresentable
    case string(String)
    case array([JSONProbe])
    case object([String: JSONProbe])

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            var members: [String: JSONProbe] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(JSONProbe.self, forKey: key) }
            self = .object(members)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONProbe] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONProbe.self)) }
            self = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let bool = try? single.decode(Bool.self) {
                self = .bool(bool)
            } else if let string = try? single.decode(String.self) {
                self = .string(string)
            } else if let number = try? single.decode(Double.self) {
                self = .number(number)
            } else {
                self = .unrepresentable
            }
        }
    }

    /// What the parsed value should read as.
    public init(_ value: WireJSON) {
        switch value {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .number(let text): self = Double(text).map { $0.isFinite ? .number($0) : .unrepresentable } ?? .unrepresentable
        case .string(let string): self = .string(string)
        case .array(let elements): self = .array(elements.map(JSONProbe.init))
        case .object(let members): self = .object(members.mapValues(JSONProbe.init))
        }
    }

    /// Whether a number in it fits no `Double` (JSONDecoder reads none of them).
    public var hasUnrepresentableNumber: Bool {
        switch self {
        case .unrepresentable: true
        case .array(let elements): elements.contains(where: \.hasUnrepresentableNumber)
        case .object(let members): members.values.contains(where: \.hasUnrepresentableNumber)
        default: false
        }
    }
}
