import Foundation
import UVCore

@testable import UVSkill

/// Measured-day files the tests make themselves: the clear-sky curve under a known sky, one row a
/// minute from 04:00 to 21:00 local standard time, in ARPANSA's CSV format.
enum GeneratedDays {
    static let melbourne = Coordinate(latitude: -37.73, longitude: 145.10)
    static let offset = 10 * 3600

    /// The file for `date` (`YYYY-MM-DD`) whose sky lets `transmission(minute of day)` of the
    /// clear-sky UV through.
    static func csv(date: String, transmission: (Int) -> Double) -> String {
        var lines = ["Date-Time,Lat,Lon,UV_Index"]
        var scanner = TextScanner(date)
        guard let day = scanner.isoDate() else { return lines[0] }
        let midnight = Double(CivilDate.daysSinceEpoch(year: day.year, month: day.month, day: day.day)) * 86_400 - Double(offset)
        for minute in (4 * 60)...(21 * 60) {
            let time = Date(timeIntervalSince1970: midnight + Double(minute * 60))
            let uvi = ClearSkyUV().uvIndex(at: time, coordinate: melbourne) * transmission(minute)
            lines.append(String(format: "%@ %02d:%02d:00,-37.73,145.10,%.2f", date, minute / 60, minute % 60, uvi))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func day(date: String, transmission: (Int) -> Double) throws -> MeasuredDay {
        try MeasuredDay.parse(Data(csv(date: date, transmission: transmission).utf8), utcOffsetSeconds: offset)
    }

    /// Broken cloud: the sky's transmission swings between 0.4 and 1 with a two-hour period.
    static func brokenCloud(_ minute: Int) -> Double { 0.7 + 0.3 * sin(Double(minute) / 120 * 2 * .pi) }
}
