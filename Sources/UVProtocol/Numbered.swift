import UVCore

/// A value that travels in a call as a number from a short list (`40` for a sunscreen's water
/// resistance in minutes): uvctl sends the type; the daemon decodes it, and a number that is none
/// of its values is refused there, once, naming the parameter (`ValueRefused`).
public protocol NumberedValue: RawRepresentable<Int>, CaseIterable, Sendable, Equatable {
    /// What may be given, as every help and refusal says it ("0, 40 or 80").
    static var choices: String { get }
}

/// A `NumberedValue` in a call or reply: encoded as its number, decoded into the type.
public struct Numbered<Value: NumberedValue>: Codable, Sendable, Equatable {
    public var value: Value

    public init(_ value: Value) { self.value = value }

    public init(from decoder: any Decoder) throws {
        let number = try decoder.singleValueContainer().decode(Int.self)
        guard let value = Value(rawValue: number) else {
            throw ValueRefused(
                message: tr(
                    "%1$@ '%2$@' is not allowed; use %3$@", decoder.codingPath.last?.stringValue ?? "parameters", number, Value.choices))
        }
        self.value = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value.rawValue)
    }
}

extension WaterResistance: NumberedValue {
    public static var choices: String { tr("0, 40 or 80") }
}
