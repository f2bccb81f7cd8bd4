import Foundation
import UVCore

/// Keeps only believable data from a provider answer, and says what it dropped.
///
/// A UV index is believable when finite and within 0…25 (the highest ever measured is about 20,
/// on the Altiplano). An answer as a whole is believable when its times come near `now`: some
/// hour within two days before to sixteen days after (Open-Meteo forecasts at most 16 days).
public enum Plausibility {
    public static let uviRange = 0.0...25.0
    public static let earliest: TimeInterval = -2 * 86_400
    public static let latest: TimeInterval = 16 * 86_400

    /// The forecast with implausible values removed, and one line per removal for the log.
    public static func screen(_ forecast: UVForecast, now: Date) throws(ProviderError) -> (UVForecast, [String]) {
        var notes: [String] = []
        var screened = forecast
        let name = forecast.source.rawValue

        screened.hourly = forecast.hourly.filter { hour in
            guard uviRange.contains(hour.uvi) else {
                notes.append("\(name): dropped hourly UV \(hour.uvi) at \(hour.time): outside 0–25")
                return false
            }
            return true
        }
        for index in screened.hourly.indices {
            if let clear = screened.hourly[index].clearSkyUVI, !uviRange.contains(clear) {
                notes.append("\(name): dropped clear-sky UV \(clear) at \(screened.hourly[index].time): outside 0–25")
                screened.hourly[index].clearSkyUVI = nil
            }
        }
        screened.daily = forecast.daily.filter { day in
            guard uviRange.contains(day.maxUVI) else {
                notes.append("\(name): dropped daily maximum \(day.maxUVI) on \(day.date): outside 0–25")
                return false
            }
            return true
        }
        if let uvi = forecast.current?.uvi, !uviRange.contains(uvi) {
            notes.append("\(name): dropped current UV \(uvi): outside 0–25")
            screened.current?.uvi = nil
        }

        let times = screened.hourly.map(\.time) + (screened.current.map { [$0.time] } ?? [])
        guard !times.isEmpty else { throw .implausible(forecast.source, "no usable UV values") }
        let window = now.addingTimeInterval(earliest)...now.addingTimeInterval(latest)
        guard times.contains(where: window.contains) else {
            throw .implausible(forecast.source, "times \(times.min()!) to \(times.max()!) are far from now (\(now))")
        }
        return (screened, notes)
    }
}
