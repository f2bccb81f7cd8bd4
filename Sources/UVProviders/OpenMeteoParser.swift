import FoundationEssentials
import UVCore

/// Reads Open-Meteo `/v1/forecast` answers: `hourly` (`uv_index`, `uv_index_clear_sky`,
/// `cloud_cover`), `current` or the legacy `current_weather`, and `daily.uv_index_max`; and its
/// `/v1/air-quality` answers (CAMS), which have the same shape with `hourly` alone.
///
/// Times are local wall-clock strings; `utc_offset_seconds` says which offset they use. It is
/// trusted over any guess from the coordinates, which need not match the requested time zone.
/// Missing values arrive as `null` inside arrays and are skipped.
public enum OpenMeteoParser {
    /// - Parameter source: which Open-Meteo API answered (`.openMeteo` or `.cams`).
    public static func parse(_ data: Data, as source: UVSource = .openMeteo) throws(ProviderError) -> UVForecast {
        if let failure = try? JSONDecoder().decode(Failure.self, from: data), failure.error {
            throw .refused(source, failure.reason ?? "error without a reason")
        }
        let answer: Answer
        do {
            answer = try JSONDecoder().decode(Answer.self, from: data)
        } catch {
            throw .malformed(source, Self.describe(error))
        }
        let offset = try Plausibility.utcOffset(answer.utc_offset_seconds, field: "utc_offset_seconds", from: source)
        let coordinate = Coordinate(latitude: answer.latitude, longitude: answer.longitude)
        guard coordinate.isValid else {
            throw .malformed(source, "latitude \(answer.latitude), longitude \(answer.longitude) is not a place on Earth")
        }
        func instant(_ text: String) throws(ProviderError) -> Date {
            guard let date = LocalTimestamp.instant(text, utcOffsetSeconds: offset) else {
                throw .malformed(source, "time '\(text)' is not YYYY-MM-DDTHH:MM")
            }
            return date
        }

        var hourly: [HourlyUV] = []
        if let block = answer.hourly, let uv = block.uv_index {
            guard uv.count == block.time.count else {
                throw .malformed(source, "hourly.uv_index has \(uv.count) values for \(block.time.count) times")
            }
            for (index, text) in block.time.enumerated() {
                guard let value = uv[index] else { continue }
                hourly.append(
                    HourlyUV(
                        time: try instant(text), uvi: value,
                        clearSkyUVI: block.uv_index_clear_sky?[safe: index] ?? nil,
                        cloudCoverPercent: block.cloud_cover?[safe: index] ?? nil))
            }
        }

        // Temperatures are in °C unless the request asked for °F, which the units blocks say.
        let units = [
            answer.current_units?["temperature_2m"], answer.daily_units?["temperature_2m_max"], answer.hourly_units?["temperature_2m"],
        ]
        let toCelsius: (Double?) -> Double? = units.contains("°F") ? { $0.map { ($0 - 32) * 5 / 9 } } : { $0 }
        var current: CurrentConditions?
        if let now = answer.current {
            current = CurrentConditions(
                time: try instant(now.time), uvi: now.uv_index, temperatureCelsius: toCelsius(now.temperature_2m),
                weatherCode: now.weather_code, cloudCoverPercent: now.cloud_cover)
        } else if let legacy = answer.current_weather {
            current = CurrentConditions(
                time: try instant(legacy.time), temperatureCelsius: toCelsius(legacy.temperature), weatherCode: legacy.weathercode)
        }

        var daily: [DailyUV] = []
        if let block = answer.daily, let maxima = block.uv_index_max {
            guard maxima.count == block.time.count else {
                throw .malformed(source, "daily.uv_index_max has \(maxima.count) values for \(block.time.count) days")
            }
            daily = zip(block.time, maxima).compactMap { date, value in value.map { DailyUV(date: date, maxUVI: $0) } }
        }

        guard !hourly.isEmpty || current != nil || !daily.isEmpty else {
            throw .malformed(source, "no hourly, current or daily block")
        }
        return UVForecast(
            source: source, coordinate: coordinate.approximate,
            utcOffsetSeconds: offset, current: current, hourly: hourly, daily: daily)
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            "missing '\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        case DecodingError.dataCorrupted(let context):
            context.codingPath.isEmpty ? "not JSON" : "bad value at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        default:
            "\(error)"
        }
    }

    // The wire shapes, named as Open-Meteo names them.

    private struct Failure: Decodable {
        let error: Bool
        let reason: String?
    }

    private struct Answer: Decodable {
        let latitude: Double
        let longitude: Double
        let utc_offset_seconds: Double?
        let hourly: Hourly?
        let current: Current?
        let current_weather: LegacyCurrent?
        let daily: Daily?
        let current_units: [String: String]?
        let hourly_units: [String: String]?
        let daily_units: [String: String]?
    }

    private struct Hourly: Decodable {
        let time: [String]
        let uv_index: [Double?]?
        let uv_index_clear_sky: [Double?]?
        let cloud_cover: [Double?]?
    }

    private struct Current: Decodable {
        let time: String
        let uv_index: Double?
        let temperature_2m: Double?
        let weather_code: Int?
        let cloud_cover: Double?
    }

    private struct LegacyCurrent: Decodable {
        let time: String
        let temperature: Double?
        let weathercode: Int?
    }

    private struct Daily: Decodable {
        let time: [String]
        let uv_index_max: [Double?]?
    }
}

extension Array {
    /// The element at `index`, or nil past the end.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
