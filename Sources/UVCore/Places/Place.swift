import FoundationEssentials

/// Where uvd computes for, with how it got there. The daemon keeps and sends coordinates to
/// 0.1° only (`Coordinate.approximate`); the offline calculators use what they are given.
public struct Place: Sendable, Equatable, Codable {
    /// How the place was chosen, in order of precedence.
    public enum Source: String, Sendable, Codable {
        /// `uvctl location set`.
        case manual
        /// GeoClue2.
        case geoclue
        /// The system time zone's place from zone1970.tab.
        case timeZone = "time-zone"
        /// The zone names no place; Greenwich stands in.
        case `default`
    }

    public var name: String
    public var coordinate: Coordinate
    /// Its time zone, read from the zone files when the place was made or decoded (stored under
    /// `timeZoneIdentifier`, as its name): so whoever holds a place holds its clock, and reading
    /// its time reads no file.
    public var zone: ZoneName
    public var source: Source

    public init(name: String, coordinate: Coordinate, zone: ZoneName, source: Source) {
        self.name = name
        self.coordinate = coordinate
        self.zone = zone
        self.source = source
    }

    private enum CodingKeys: String, CodingKey {
        case name, coordinate, source
        case zone = "timeZoneIdentifier"
    }

    /// Its zone's IANA name.
    public var timeZoneIdentifier: String { zone.name }

    /// True when Greenwich stands in for a place nobody chose.
    public var isDefault: Bool { source == .default }

    /// The place's zone (UTC if the name is unknown to this system).
    public var timeZone: Zone { zone.zone }

    /// Shown on every view when the place is the stand-in.
    public static var defaultLocationNote: String { tr("default location — set yours with `uvctl location set`") }
}
