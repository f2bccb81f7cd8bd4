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
    public static func resolve(zone: String, zoneTable: String) -> ZoneLocation {
        var table = zoneTable
        let wanted = Array(zone.utf8)
        guard let coordinate = table.withUTF8({ coordinate(ofZone: wanted, inTable: $0) }) else {
            return greenwich(timeZoneIdentifier: zone)
        }
        return ZoneLocation(name: placeName(ofZone: zone), coordinate: coordinate, timeZoneIdentifier: zone, isDefault: false)
    }

    /// The coordinates of the first line of `table` whose third field is `zone` and whose
    /// coordinates read; comment lines (`#`) are passed over.
    ///
    /// Read as bytes, in place: the table is ASCII, and uvd reads it at each start, for a zone
    /// it often does not name (UTC), so every line is looked at. Splitting its 20 KB into
    /// `Character`s (grapheme clusters, by Unicode's rules) was a third of uvd's start, and
    /// splitting it into arrays of lines and fields an eighth of what came before READY.
    private static func coordinate(ofZone zone: [UInt8], inTable table: UnsafeBufferPointer<UInt8>) -> Coordinate? {
        let newline = UInt8(ascii: "\n")
        let tab = UInt8(ascii: "\t")
        var lineStart = table.startIndex
        while lineStart < table.endIndex {
            let lineEnd = table[lineStart...].firstIndex(of: newline) ?? table.endIndex
            let line = table[lineStart..<lineEnd]
            lineStart = lineEnd + 1
            guard line.first != UInt8(ascii: "#"), let codesEnd = line.firstIndex(of: tab),
                let coordinatesEnd = line[(codesEnd + 1)...].firstIndex(of: tab)
            else { continue }
            let zoneEnd = line[(coordinatesEnd + 1)...].firstIndex(of: tab) ?? line.endIndex
            guard line[(coordinatesEnd + 1)..<zoneEnd].elementsEqual(zone),
                let coordinate = parseISO6709(String(decoding: line[(codesEnd + 1)..<coordinatesEnd], as: UTF8.self))
            else { continue }
            return coordinate
        }
        return nil
    }

    /// `America/Argentina/Buenos_Aires` → `Buenos Aires`.
    static func placeName(ofZone zone: String) -> String {
        (zone.split(separator: "/").last.map(String.init) ?? zone).replacing(every: "_", with: " ")
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
