import Foundation

/// ARPANSA's Sydney station for the benchmarks: the all-station feed and the day series, measuring
/// 0.9 of the stand-in forecast's curve up to now, on Sydney's clock.
enum StationStandIn {
    static let zone = TimeZone(identifier: "Australia/Sydney")!

    static func uvi(at date: Date) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let local = Double(parts.hour ?? 0) + Double(parts.minute ?? 0) / 60
        return 0.9 * forecastCurve(localHour: local)
    }

    /// The stand-in forecast's day: 11 at 13:00 on Sydney's clock, a cosine to 0 seven hours
    /// either side.
    static func forecastCurve(localHour local: Double) -> Double {
        max(0, 11 * cos((local - 13) / 7 * .pi / 2))
    }

    static func formatted(_ date: Date, _ format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = format
        return formatter.string(from: date)
    }

    /// `uvvalues.xml` with the one station.
    static func feed(now: Date) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <stations>
              <location id="Sydney">
                <name>syd</name>
                <index>\(String(format: "%.1f", uvi(at: now)))</index>
                <time>\(formatted(now, "h:mm a"))</time>
                <date>\(formatted(now, "dd/MM/yyyy"))</date>
                <status>ok</status>
              </location>
            </stations>
            """.utf8)
    }

    /// `/api/uvlevel/`: every minute from 06:00 to now, measured.
    static func series(now: Date) -> Data {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let six = calendar.startOfDay(for: now).addingTimeInterval(6 * 3600)
        let minutes = stride(from: six, through: now, by: 60).map { minute in
            "{\"Date\":\"\(formatted(minute, "yyyy-MM-dd HH:mm"))\",\"Forecast\":0,\"Measured\":\(String(format: "%.3f", uvi(at: minute)))}"
        }
        return Data("{\"GraphData\":[\(minutes.joined(separator: ","))]}".utf8)
    }
}
