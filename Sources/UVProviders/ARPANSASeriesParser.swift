import FoundationEssentials
import UVCore

/// Reads ARPANSA's per-station day series (`/api/uvlevel/?longitude=…&latitude=…&date=…`), the
/// one that draws its daily chart: `GraphData`, one entry a minute,
/// `{"Date": "YYYY-MM-DD HH:MM", "Forecast": number, "Measured": number or null}`, `Date` on the
/// station's own clock, `Measured` null for the minutes still to come. The shape is the one public
/// clients of the API read (the npm package arpansa-uv-data and others); the other fields
/// (`TableData`, `CurrentUVIndex`, …) are not used.
///
/// Only measured minutes become readings. A body without `GraphData`, a `Date` that is not a
/// minute of the calendar, or a value that is not a number is refused with where it was.
public enum ARPANSASeriesParser {
    /// The measured minutes, for `station`, in time order.
    public static func parse(_ data: Data, station: ARPANSAStation) throws(ProviderError) -> [StationReading] {
        let answer: Answer
        do {
            answer = try JSONDecoder().decode(Answer.self, from: data)
        } catch {
            throw .malformed(.arpansa, "the day series: \(OpenMeteoParser.describe(error))")
        }
        guard let zone = Zone(identifier: station.timeZoneIdentifier) else {
            throw .malformed(.arpansa, "the day series: no time zone \(station.timeZoneIdentifier) for \(station.id)")
        }
        var readings: [StationReading] = []
        for (index, point) in answer.GraphData.enumerated() {
            guard let measured = point.Measured else { continue }
            guard let time = instant(point.Date, zone: zone) else {
                throw .malformed(.arpansa, "the day series: GraphData[\(index)].Date '\(point.Date.prefix(40))' is not YYYY-MM-DD HH:MM")
            }
            readings.append(StationReading(station: station.id, uvi: measured, time: time, status: "ok"))
        }
        return readings.sorted { $0.time < $1.time }
    }

    /// `YYYY-MM-DD HH:MM` on the station's clock.
    static func instant(_ text: String, zone: Zone) -> Date? {
        var scanner = TextScanner(text)
        guard let day = scanner.isoDate(), scanner.skip(" "), let clock = scanner.isoClock(), scanner.atEnd,
            CivilDate.isValid(year: day.year, month: day.month, day: day.day), clock.hour < 24, clock.minute < 60
        else { return nil }
        let days = CivilDate.daysSinceEpoch(year: day.year, month: day.month, day: day.day)
        let (seconds, overflow) = days.multipliedReportingOverflow(by: 86_400)
        guard !overflow else { return nil }
        return zone.date(localSeconds: seconds + clock.hour * 3600 + clock.minute * 60)
    }

    private struct Answer: Decodable {
        var GraphData: [Point]
    }

    private struct Point: Decodable {
        var Date: String
        var Measured: Double?
    }
}
