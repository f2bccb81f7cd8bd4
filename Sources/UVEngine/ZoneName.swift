import Foundation

/// A time zone by its IANA name, resolved once: it encodes as the bare name (`"Australia/Sydney"`,
/// as `EngineState` always stored it) and compares by name. The rules read the zone at every
/// step; looking it up by name each time is a lock and a table search in Foundation.
public struct ZoneName: Sendable, Equatable, Codable {
    public let name: String
    /// The zone; GMT for a name Foundation does not know.
    public let zone: TimeZone

    public init(_ name: String) {
        self.name = name
        zone = TimeZone(identifier: name) ?? .gmt
    }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    public static func == (left: ZoneName, right: ZoneName) -> Bool { left.name == right.name }
}
