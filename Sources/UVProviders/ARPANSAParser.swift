import FoundationEssentials
import UVCore

/// Reads `uvvalues.xml`: one `<location id="…">` per station with `<index>`, `<time>` (local),
/// `<date>` (DD/MM/YYYY) and `<utcdatetime>`.
///
/// The feed starts with a UTF-8 byte-order mark and uses CRLF line ends. `<utcdatetime>` is not
/// reliably UTC (some captures carry local standard time in it), so for known stations the
/// instant comes from `<date>` + `<time>` on the station's own clock; `<utcdatetime>` is used
/// only for stations this table does not know.
public enum ARPANSAParser {
    public static func parse(_ data: Data) throws(ProviderError) -> [StationReading] {
        try screen(data)
        return try XMLRecords.locations(in: data).map(reading)
    }

    /// What the XML parser is never shown: bytes that are not UTF-8 (FoundationXML trapped on them
    /// in element names) and document type declarations (the feed has none; entities stay
    /// unresolved).
    static func screen(_ data: Data) throws(ProviderError) {
        guard String(validating: data, as: UTF8.self) != nil else {
            throw .malformed(.arpansa, "not UTF-8 text")
        }
        for marker in ["<!DOCTYPE", "<!ENTITY"]
        where data.firstRange(of: Data(marker.utf8)) != nil || data.firstRange(of: Data(marker.lowercased().utf8)) != nil {
            throw .malformed(.arpansa, "a document type declaration (\(marker)), which the feed never has")
        }
    }

    private static func reading(_ record: [String: String]) throws(ProviderError) -> StationReading {
        guard let id = record["id"], !id.isEmpty else { throw .malformed(.arpansa, "a <location> without an id") }
        guard let time = instant(record, station: id) else {
            throw .malformed(.arpansa, "\(id): no readable <date>/<time> or <utcdatetime>")
        }
        let status = record["status"] ?? "ok"
        let uvi = record["index"].flatMap { Double($0.trimmingSpaces()) }
        return StationReading(station: id, uvi: status == "ok" ? uvi : nil, time: time, status: status)
    }

    private static func instant(_ record: [String: String], station: String) -> Date? {
        if let known = ARPANSAStation.named(station), let zone = Zone(identifier: known.timeZoneIdentifier),
            let date = record["date"], let time = record["time"],
            let local = localInstant(date: date, time: time, zone: zone)
        {
            return local
        }
        var utc = TextScanner(record["utcdatetime"] ?? "")
        guard let year = utc.number(digits: 4...4), utc.skip("/"), let month = utc.number(digits: 2...2), utc.skip("/"),
            let day = utc.number(digits: 2...2), utc.skip(" "), let hour = utc.number(digits: 1...2), utc.skip(":"),
            let minute = utc.number(digits: 2...2), utc.atEnd
        else { return nil }
        return LocalTimestamp.instant(year: year, month: month, day: day, hour: hour, minute: minute, utcOffsetSeconds: 0)
    }

    /// `13/07/2017` + `3:09 PM` on the station's clock.
    private static func localInstant(date: String, time: String, zone: Zone) -> Date? {
        var d = TextScanner(date)
        var t = TextScanner(time)
        guard let day = d.number(digits: 1...2), d.skip("/"), let month = d.number(digits: 1...2), d.skip("/"),
            let year = d.number(digits: 4...4), d.atEnd,
            let hour12 = t.number(digits: 1...2), t.skip(":"), let minute = t.number(digits: 2...2), (1...12).contains(hour12)
        else { return nil }
        _ = t.skip(" ")
        let afternoon = t.skipIgnoringCase("pm")
        guard afternoon || t.skipIgnoringCase("am"), t.atEnd, CivilDate.isValid(year: year, month: month, day: day), minute < 60 else {
            return nil
        }
        let hour = hour12 % 12 + (afternoon ? 12 : 0)
        return zone.date(
            localSeconds: CivilDate.seconds(year: year, month: month, day: day, hour: hour, minute: minute, second: 0, offset: 0))
    }
}
