import FoundationEssentials
import Glibc
import UVCore

/// ARPANSA's Sydney station for the benchmarks: the all-station feed and the day series, measuring
/// 0.9 of the stand-in forecast's curve up to now, on Sydney's clock.
enum StationStandIn {
    static let zone = Zone(identifier: "Australia/Sydney") ?? .utc

    static func uvi(at date: Date) -> Double {
        0.9 * forecastCurve(localHour: Double(WallClock.minuteOfDay(date, in: zone)) / 60)
    }

    /// The stand-in forecast's day: 11 at 13:00 on Sydney's clock, a cosine to 0 seven hours
    /// either side.
    static func forecastCurve(localHour local: Double) -> Double {
        max(0, 11 * cos((local - 13) / 7 * .pi / 2))
    }

    /// The date (`2026-01-15`) and the clock (`13:05`) of `date` on Sydney's clock.
    static func local(_ date: Date) -> (date: String, clock: String) {
        (LocalDay.key(date, in: zone), WallClock.format(date, in: zone, twelveHour: false))
    }

    /// The feed's `h:mm a` (`1:05 PM`).
    static func feedClock(_ date: Date) -> String {
        let minute = WallClock.minuteOfDay(date, in: zone)
        let hour = minute / 60 % 12 == 0 ? 12 : minute / 60 % 12
        return "\(hour):\((minute % 60).zeroPadded(2)) \(minute < 720 ? "AM" : "PM")"
    }

    /// `uvvalues.xml` with the one station.
    static func feed(now: Date) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <stations>
              <location id="Sydney">
                <name>syd</name>
                <index>\(uvi(at: now).fixed(1))</index>
                <time>\(feedClock(now))</time>
                <date>\(local(now).date.split(separator: "-").reversed().joined(separator: "/"))</date>
                <status>ok</status>
              </location>
            </stations>
            """.utf8)
    }

    /// `/api/uvlevel/`: every minute from 06:00 to now, measured.
    static func series(now: Date) -> Data {
        let six = LocalDay.interval(containing: now, in: zone).start.addingTimeInterval(6 * 3600)
        let minutes = stride(from: six, through: now, by: 60).map { minute in
            "{\"Date\":\"\(local(minute).date) \(local(minute).clock)\",\"Forecast\":0,\"Measured\":\(uvi(at: minute).fixed(3))}"
        }
        return Data("{\"GraphData\":[\(minutes.joined(separator: ","))]}".utf8)
    }
}
