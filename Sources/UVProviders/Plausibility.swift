import FoundationEssentials
import UVCore

/// Keeps only believable data from a provider answer, and says what it dropped.
///
/// A UV index is believable when finite and within 0…25 (the highest ever measured is about 20,
/// on the Altiplano). A temperature within −90…60 °C (the records are −89.2 and 56.7 °C), a cloud
/// cover within 0…100 %, a weather code within WMO table 4677's 0…99. An answer as a whole is
/// believable when its times come near `now`: some hour within two days before to sixteen days
/// after (Open-Meteo forecasts at most 16 days).
public enum Plausibility {
    public static let uviRange = 0.0...25.0
    public static let temperatureRange = -90.0...60.0
    public static let cloudCoverRange = 0.0...100.0
    public static let weatherCodeRange = 0...99
    /// UTC offsets in use span −12 h to +14 h; beyond ±18 h (RFC 3339's and Foundation's
    /// limit) an offset is certainly wrong.
    public static let utcOffsetRange = -64_800...64_800
    /// A UTC offset as `source`'s answer gives it in `field` (any JSON number: read as a Double,
    /// since Foundation's decoder calls an integer too large for `Int` "not valid JSON"); 0 when
    /// absent, a malformed answer naming the field and value when out of range.
    public static func utcOffset(_ value: Double?, field: String, from source: UVSource) throws(ProviderError) -> Int {
        guard let value else { return 0 }
        guard value.isFinite, value == value.rounded(), let seconds = Int(exactly: value), utcOffsetRange.contains(seconds) else {
            throw .malformed(source, "\(field) \(Self.text(value)) is out of range: expected whole seconds within ±18 h (±64800)")
        }
        return seconds
    }

    /// A number as the answer wrote it, near enough: whole ones without a fraction.
    static func text(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// Instants a provider may name: 2000-01-01 to 2200-01-01, as Unix seconds.
    public static let epochRange = 946_684_800.0...7_258_118_400.0
    /// How old a station's measurement may be: up to two days, and no more than a quarter of an
    /// hour ahead of our clock (a measurement from the future is a wrong clock or a wrong zone).
    public static let measurementAge: ClosedRange<TimeInterval> = -15 * 60...2 * 86_400
    public static let earliest: TimeInterval = -2 * 86_400
    public static let latest: TimeInterval = 16 * 86_400

    /// How far the place an answer is for may lie from the place asked: Open-Meteo answers for the
    /// centre of its grid cell, "a few kilometres" away (its documentation), tens of kilometres on
    /// its coarsest models; more is an answer for somewhere else.
    public static let answerDistanceKilometres = 100.0

    /// The forecast if it is for `asked`; an answer for another place (a proxy's cache, a wrong
    /// URL, a provider's mistake) would show that place's UV as yours.
    public static func near(_ forecast: UVForecast, _ asked: Coordinate) throws(ProviderError) -> UVForecast {
        let distance = GreatCircle.kilometres(forecast.coordinate, asked)
        guard distance <= answerDistanceKilometres else {
            throw .implausible(
                forecast.source,
                "an answer for \(forecast.coordinate.latitude.fixed(1)),\(forecast.coordinate.longitude.fixed(1)), "
                    + "\((distance.isFinite ? distance : -1).fixed(0)) km from the place asked (\(asked.latitude.fixed(1)),\(asked.longitude.fixed(1)))"
            )
        }
        return forecast
    }

    /// The forecast with implausible values removed, and one line per removal for the log.
    public static func screen(_ forecast: UVForecast, now: Date) throws(ProviderError) -> (UVForecast, [String]) {
        var notes: [String] = []
        var screened = forecast

        screened.hourly = forecast.hourly.filter { hour in
            guard uviRange.contains(hour.uvi) else {
                notes.append("dropped hourly UV \(hour.uvi) at \(hour.time): outside 0–25")
                return false
            }
            return true
        }
        for index in screened.hourly.indices {
            if let clear = screened.hourly[index].clearSkyUVI, !uviRange.contains(clear) {
                notes.append("dropped clear-sky UV \(clear) at \(screened.hourly[index].time): outside 0–25")
                screened.hourly[index].clearSkyUVI = nil
            }
        }
        screened.daily = forecast.daily.filter { day in
            guard uviRange.contains(day.maxUVI) else {
                notes.append("dropped daily maximum \(day.maxUVI) on \(day.date): outside 0–25")
                return false
            }
            return true
        }
        for index in screened.hourly.indices {
            if let cloud = screened.hourly[index].cloudCoverPercent, !cloudCoverRange.contains(cloud) {
                notes.append("dropped hourly cloud cover \(cloud) at \(screened.hourly[index].time): outside 0–100 %")
                screened.hourly[index].cloudCoverPercent = nil
            }
        }
        if let uvi = forecast.current?.uvi, !uviRange.contains(uvi) {
            notes.append("dropped current UV \(uvi): outside 0–25")
            screened.current?.uvi = nil
        }
        if let celsius = forecast.current?.temperatureCelsius, !temperatureRange.contains(celsius) {
            notes.append("dropped current temperature \(celsius) °C: outside −90–60 °C")
            screened.current?.temperatureCelsius = nil
        }
        if let cloud = forecast.current?.cloudCoverPercent, !cloudCoverRange.contains(cloud) {
            notes.append("dropped current cloud cover \(cloud): outside 0–100 %")
            screened.current?.cloudCoverPercent = nil
        }
        if let code = forecast.current?.weatherCode, !weatherCodeRange.contains(code) {
            notes.append("dropped current weather code \(code): outside WMO 0–99")
            screened.current?.weatherCode = nil
        }

        let times = screened.hourly.map(\.time) + (screened.current.map { [$0.time] } ?? [])
        guard !times.isEmpty else { throw .implausible(forecast.source, "no usable UV values") }
        let window = now.addingTimeInterval(earliest)...now.addingTimeInterval(latest)
        guard times.contains(where: window.contains) else {
            throw .implausible(forecast.source, "times \(times.min() ?? now) to \(times.max() ?? now) are far from now (\(now))")
        }
        return (screened, notes)
    }
}
