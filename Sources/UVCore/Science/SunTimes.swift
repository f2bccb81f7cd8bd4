import FoundationEssentials

/// Sunrise, solar noon and sunset for one local day at a place.
///
/// NOAA's method: solar noon from the equation of time, then the hour angle at which the Sun's
/// centre is 0.833° below the horizon (34′ refraction + 16′ semi-diameter). Each time is refined
/// twice with the ephemeris evaluated at that time, which keeps it within a few seconds of the
/// full Meeus computation.
public struct SunTimes: Sendable, Equatable {
    /// What the Sun does on a day without a sunrise or a sunset.
    public enum PolarState: String, Sendable, Codable {
        case polarDay, polarNight
    }

    public let solarNoon: Date
    /// Nil when the Sun does not rise or set that day (see `polarState`).
    public let sunrise: Date?
    public let sunset: Date?
    public let polarState: PolarState?

    /// - Parameters:
    ///   - day: the local day (midnight to midnight in the place's time zone).
    public init(day: DateInterval, coordinate: Coordinate) {
        let middle = day.start.addingTimeInterval(day.duration / 2)
        let noon = Self.refine(times: 3, start: middle) { Self.solarNoon(near: $0, longitude: coordinate.longitude) }
        solarNoon = noon

        guard let halfDay = Self.sunriseHourAngle(at: noon, latitude: coordinate.latitude) else {
            sunrise = nil
            sunset = nil
            let noonElevation = SolarPosition(at: noon, coordinate: coordinate).elevation
            polarState = noonElevation > 0 ? .polarDay : .polarNight
            return
        }
        sunrise = Self.horizonCrossing(from: noon, direction: -1, halfDay: halfDay, coordinate: coordinate)
        sunset = Self.horizonCrossing(from: noon, direction: 1, halfDay: halfDay, coordinate: coordinate)
        polarState = nil
    }

    /// Sunrise (`direction` −1) or sunset (+1): the half-day arc from noon, refined at its own time.
    private static func horizonCrossing(from noon: Date, direction: Double, halfDay: Double, coordinate: Coordinate) -> Date {
        refine(times: 2, start: noon.addingTimeInterval(direction * halfDay * 240)) { guess in
            guard let hourAngle = sunriseHourAngle(at: guess, latitude: coordinate.latitude) else { return guess }
            return solarNoon(near: guess, longitude: coordinate.longitude).addingTimeInterval(direction * hourAngle * 240)
        }
    }

    /// Solar noon (UTC instant) on the UTC day of `date`'s neighbourhood, for a longitude.
    private static func solarNoon(near date: Date, longitude: Double) -> Date {
        let eot = SolarEphemeris(at: date).equationOfTime
        let utcMidnight = (date.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
        var noon = utcMidnight + (720 - 4 * longitude - eot) * 60
        // Keep the noon closest to the guess (longitudes near ±180° put it on the neighbouring UTC day).
        while noon - date.timeIntervalSince1970 > 43_200 { noon -= 86_400 }
        while date.timeIntervalSince1970 - noon > 43_200 { noon += 86_400 }
        return Date(timeIntervalSince1970: noon)
    }

    /// Hour angle of sunrise in degrees, or nil if the Sun stays up or down all day.
    private static func sunriseHourAngle(at date: Date, latitude: Double) -> Double? {
        let declination = SolarEphemeris(at: date).declination
        let cosHourAngle =
            Degrees.cos(90.833) / (Degrees.cos(latitude) * Degrees.cos(declination))
            - Degrees.tan(latitude) * Degrees.tan(declination)
        guard cosHourAngle.isFinite, abs(cosHourAngle) <= 1 else { return nil }
        return Degrees.acos(cosHourAngle)
    }

    private static func refine(times: Int, start: Date, _ step: (Date) -> Date) -> Date {
        (0..<times).reduce(start) { guess, _ in step(guess) }
    }
}
