import FoundationEssentials
import UVCore

/// A time zone by its IANA name, resolved once: it encodes as the bare name (`"Australia/Sydney"`,
/// as `EngineState` always stored it) and compares by name. The rules read the zone at every
/// step; looking it up by name each time is a lock and a table search.
public struct ZoneName: Sendable, Equatable, Codable {
    public let name: String
    /// The zone; UTC for a name the system does not know.
    public let zone: Zone

    public init(_ name: String) {
        self.name = name
        zone = Zone(identifier: name) ?? .utc
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
