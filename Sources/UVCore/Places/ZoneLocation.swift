import FoundationEssentials

/// A place derived from a time zone name: the zero-configuration location.
public struct ZoneLocation: Sendable, Equatable {
    public var name: String
    public var coordinate: Coordinate
    public var timeZoneIdentifier: String
    /// True when the zone names no place (e.g. `Etc/UTC`) and Greenwich stands in.
    public var isDefault: Bool

    /// Greenwich, the stand-in when the zone names no place.
    public static func greenwich(timeZoneIdentifier: String) -> ZoneLocation {
        ZoneLocation(
            name: "Greenwich", coordinate: Coordinate(latitude: 51.4779, longitude: -0.0015),
            timeZoneIdentifier: timeZoneIdentifier, isDefault: true)
    }

    /// The place for `zone` from the text of tzdata's `zone1970.tab`, else Greenwich.
    ///
    /// Each line of the table is `codes<TAB>coordinates<TAB>TZ[<TAB>comment]`, coordinates in
    /// ISO 6709 sign-degrees-minutes[-seconds] form (`-3352+15113`, `+404251-0740023`).
    ///
    /// Read as UTF-8 bytes: the table is ASCII, and splitting its 20 KB into `Character`s (each
    /// a grapheme cluster, found by Unicode's rules) was a third of uvd's start.
    public static func resolve(zone: String, zoneTable: String) -> ZoneLocation {
        let wanted = Array(zone.utf8)
        for line in zoneTable.utf8.split(separator: UInt8(ascii: "\n")) where line.first != UInt8(ascii: "#") {
            let fields = line.split(separator: UInt8(ascii: "\t"), maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count >= 3, fields[2].elementsEqual(wanted),
                let coordinate = parseISO6709(String(decoding: fields[1], as: UTF8.self))
            else { continue }
            return ZoneLocation(
                name: placeName(ofZone: zone), coordinate: coordinate,
                timeZoneIdentifier: zone, isDefault: false)
        }
        return greenwich(timeZoneIdentifier: zone)
    }

    /// `America/Argentina/Buenos_Aires` → `Buenos Aires`.
    static func placeName(ofZone zone: String) -> String {
        (zone.split(separator: "/").last.map(String.init) ?? zone).replacing("_", with: " ")
    }

    /// ISO 6709 `±DDMM[SS]±DDDMM[SS]`; nil unless minutes and seconds are below 60 and the
    /// angles within ±90° and ±180° (the table is outside data: a damaged one must not place
    /// the user off the globe).
    static func parseISO6709(_ text: String) -> Coordinate? {
        guard let split = text.dropFirst().firstIndex(where: { $0 == "+" || $0 == "-" }) else { return nil }
        guard let latitude = parseAngle(text[..<split], degreeDigits: 2), abs(latitude) <= 90,
            let longitude = parseAngle(text[split...], degreeDigits: 3), abs(longitude) <= 180
        else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    private static func parseAngle(_ text: Substring, degreeDigits: Int) -> Double? {
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let digits = Array(text.dropFirst())
        guard digits.count == degreeDigits + 2 || digits.count == degreeDigits + 4,
            digits.allSatisfy({ $0.isASCII && $0.isWholeNumber })
        else { return nil }
        func number(_ range: Range<Int>) -> Double { digits[range].reduce(0) { $0 * 10 + Double($1.wholeNumberValue ?? 0) } }
        let minutes = number(degreeDigits..<degreeDigits + 2)
        let seconds = digits.count == degreeDigits + 4 ? number(degreeDigits + 2..<degreeDigits + 4) : 0
        guard minutes < 60, seconds < 60 else { return nil }
        let value = number(0..<degreeDigits) + minutes / 60 + seconds / 3600
        return sign == "-" ? -value : value
    }
}
