import FoundationEssentials
import UVCore

/// Reads OpenWeatherMap One Call 3.0 answers: `current.uvi`, `hourly[].uvi`, `daily[].uvi`,
/// times as Unix seconds, `timezone_offset` for local dates. Temperatures depend on the
/// request's `units`: Kelvin by default (as in the documented sample), °C with `units=metric`.
public enum OpenWeatherMapParser {
    /// The `units` the request used.
    public enum Units: String, Sendable {
        case standard, metric
    }

    public static func parse(_ data: Data, units: Units) throws(ProviderError) -> UVForecast {
        if let failure = try? JSONDecoder().decode(Failure.self, from: data) {
            throw .refused(.openWeatherMap, "\(failure.cod.map { "\($0): " } ?? "")\(failure.message)")
        }
        let answer: Answer
        do {
            answer = try JSONDecoder().decode(Answer.self, from: data)
        } catch {
            throw .malformed(.openWeatherMap, OpenMeteoParser.describe(error))
        }
        let offset = try Plausibility.utcOffset(answer.timezone_offset, field: "timezone_offset", from: .openWeatherMap)
        let coordinate = Coordinate(latitude: answer.lat, longitude: answer.lon)
        guard coordinate.isValid else { throw .malformed(.openWeatherMap, "lat \(answer.lat), lon \(answer.lon) is not a place on Earth") }
        let times =
            [("current.dt", answer.current?.dt)] + (answer.hourly ?? []).enumerated().map { ("hourly[\($0.offset)].dt", $0.element.dt) }
            + (answer.daily ?? []).enumerated().map { ("daily[\($0.offset)].dt", $0.element.dt) }
        for case (let field, let time?) in times where !Plausibility.epochRange.contains(time) {
            throw .malformed(.openWeatherMap, "\(field) \(time) is not a time between 2000 and 2200")
        }
        let celsius: (Double?) -> Double? = units == .standard ? { $0.map { $0 - 273.15 } } : { $0 }
        let current = answer.current.map {
            CurrentConditions(
                time: Date(timeIntervalSince1970: $0.dt), uvi: $0.uvi, temperatureCelsius: celsius($0.temp),
                weatherCode: nil, cloudCoverPercent: $0.clouds)
        }
        let hourly = (answer.hourly ?? []).compactMap { hour in
            hour.uvi.map { HourlyUV(time: Date(timeIntervalSince1970: hour.dt), uvi: $0, cloudCoverPercent: hour.clouds) }
        }
        let zone = Zone(secondsFromGMT: offset) ?? .utc
        let daily = (answer.daily ?? []).compactMap { day in
            day.uvi.map { DailyUV(date: LocalDay.key(Date(timeIntervalSince1970: day.dt), in: zone), maxUVI: $0) }
        }
        guard current != nil || !hourly.isEmpty else { throw .malformed(.openWeatherMap, "no current or hourly block") }
        return UVForecast(
            source: .openWeatherMap, coordinate: coordinate.approximate,
            utcOffsetSeconds: offset, current: current, hourly: hourly, daily: daily)
    }

    private struct Failure: Decodable {
        let cod: Int?
        let message: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            message = try container.decode(String.self, forKey: .message)
            // `cod` is a number in some answers and a string in others.
            cod = (try? container.decode(Int.self, forKey: .cod)) ?? (try? container.decode(String.self, forKey: .cod)).flatMap { Int($0) }
        }

        enum CodingKeys: String, CodingKey { case cod, message }
    }

    private struct Answer: Decodable {
        let lat: Double
        let lon: Double
        let timezone_offset: Double?
        let current: Current?
        let hourly: [Hour]?
        let daily: [Day]?
    }

    private struct Current: Decodable {
        let dt: TimeInterval
        let uvi: Double?
        let temp: Double?
        let clouds: Double?
    }

    private struct Hour: Decodable {
        let dt: TimeInterval
        let uvi: Double?
        let clouds: Double?
    }

    private struct Day: Decodable {
        let dt: TimeInterval
        let uvi: Double?
    }
}
