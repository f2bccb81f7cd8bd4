import UVCore

/// An ARPANSA UV monitoring station: where it is and which clock its `<time>` uses.
///
/// Positions are the published station sites to 0.01°. Mainland stations write `<time>` in their
/// city's civil time. The Antarctic bases write it on the fixed clocks the feed uses for them
/// (Casey +8, Davis +7, Mawson +6, Macquarie Island +10), which are not what tzdb says for
/// those zones (in July 2017 tzdb had Casey at +11 and Mawson at +5).
public struct ARPANSAStation: Sendable, Equatable {
    /// The `location id` attribute in uvvalues.xml.
    public let id: String
    public let coordinate: Coordinate
    /// The clock the feed's `<time>` uses: an IANA zone name or a fixed offset such as `GMT+0800`.
    public let timeZoneIdentifier: String

    public static let all: [ARPANSAStation] = [
        .init(id: "Adelaide", coordinate: .init(latitude: -34.92, longitude: 138.62), timeZoneIdentifier: "Australia/Adelaide"),
        .init(id: "Alice Springs", coordinate: .init(latitude: -23.70, longitude: 133.88), timeZoneIdentifier: "Australia/Darwin"),
        .init(id: "Brisbane", coordinate: .init(latitude: -27.45, longitude: 153.03), timeZoneIdentifier: "Australia/Brisbane"),
        .init(id: "Canberra", coordinate: .init(latitude: -35.31, longitude: 149.20), timeZoneIdentifier: "Australia/Sydney"),
        .init(id: "Casey", coordinate: .init(latitude: -66.28, longitude: 110.53), timeZoneIdentifier: "GMT+0800"),
        .init(id: "Darwin", coordinate: .init(latitude: -12.43, longitude: 130.89), timeZoneIdentifier: "Australia/Darwin"),
        .init(id: "Davis", coordinate: .init(latitude: -68.58, longitude: 77.97), timeZoneIdentifier: "GMT+0700"),
        .init(id: "Emerald", coordinate: .init(latitude: -23.53, longitude: 148.16), timeZoneIdentifier: "Australia/Brisbane"),
        .init(id: "Gold Coast", coordinate: .init(latitude: -28.00, longitude: 153.43), timeZoneIdentifier: "Australia/Brisbane"),
        .init(id: "Kingston", coordinate: .init(latitude: -42.99, longitude: 147.29), timeZoneIdentifier: "Australia/Hobart"),
        .init(id: "Macquarie Is", coordinate: .init(latitude: -54.50, longitude: 158.94), timeZoneIdentifier: "GMT+1000"),
        .init(id: "Mawson", coordinate: .init(latitude: -67.60, longitude: 62.87), timeZoneIdentifier: "GMT+0600"),
        .init(id: "Melbourne", coordinate: .init(latitude: -37.73, longitude: 145.10), timeZoneIdentifier: "Australia/Melbourne"),
        .init(id: "Newcastle", coordinate: .init(latitude: -32.90, longitude: 151.72), timeZoneIdentifier: "Australia/Sydney"),
        .init(id: "Perth", coordinate: .init(latitude: -31.92, longitude: 115.96), timeZoneIdentifier: "Australia/Perth"),
        .init(id: "Sydney", coordinate: .init(latitude: -33.87, longitude: 151.10), timeZoneIdentifier: "Australia/Sydney"),
        .init(id: "Townsville", coordinate: .init(latitude: -19.33, longitude: 146.76), timeZoneIdentifier: "Australia/Brisbane"),
    ]

    public static func named(_ id: String) -> ARPANSAStation? { all.first { $0.id == id } }

    /// The nearest station within `radiusKilometres` of `coordinate`, if any.
    public static func nearest(to coordinate: Coordinate, within radiusKilometres: Double = 50) -> ARPANSAStation? {
        all.map { ($0, GreatCircle.kilometres(coordinate, $0.coordinate)) }
            .filter { $0.1 <= radiusKilometres }
            .min { $0.1 < $1.1 }?.0
    }
}
