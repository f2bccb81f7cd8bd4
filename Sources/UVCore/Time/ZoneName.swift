import FoundationEssentials

/// A time zone by its IANA name, resolved once: it encodes as the bare name (`"Australia/Sydney"`,
/// as `EngineState` always stored it and as replies carry it) and compares by name. The rules read
/// the zone at every step; looking it up by name each time is a lock and a table search.
public struct ZoneName: Sendable, Equatable, Codable, CustomStringConvertible {
    public let name: String
    /// The zone; UTC for a name the system does not know.
    public let zone: Zone
    /// Whether the system has a zone of this name (else `zone` is UTC standing in).
    public let isKnown: Bool

    /// Reads the zone's file (once per name in the process): made where uvd meets the outside
    /// (a config, the store, a city, the system's zone), never while the core decides.
    public init(_ name: String) {
        self.name = name
        let known = Zone(identifier: name)
        zone = known ?? .utc
        isKnown = known != nil
    }

    /// `text` when it has the form of a zone's name (`ZoneFiles.isName`, or UTC, GMT); nil
    /// otherwise: what comes from outside is checked before a zone file is looked for.
    public init?(parsing text: String) {
        guard Self.hasNameForm(text) else { return nil }
        self.init(text)
    }

    /// Whether the name has the form of a zone's (as `init(parsing:)` asks): one read from a
    /// store or a file may not.
    public var hasNameForm: Bool { Self.hasNameForm(name) }

    private static func hasNameForm(_ text: String) -> Bool { text == "UTC" || text == "GMT" || ZoneFiles.isName(text) }

    /// The name of `zone`, which is already read.
    public init(of zone: Zone) {
        name = zone.identifier
        self.zone = zone
        isKnown = true
    }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    public static func == (left: ZoneName, right: ZoneName) -> Bool { left.name == right.name }

    public var description: String { name }

    /// Why `text`, given for `parameter`, is no zone's name: what is wrong, and what is right.
    public static func refusal(of text: String, for parameter: String) -> String {
        tr("%1$@ '%2$@' is not a time zone's name (e.g. Australia/Sydney)", parameter, text)
    }
}
