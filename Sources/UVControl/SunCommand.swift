import ArgumentParser
import FoundationEssentials
import UVCore

/// `uvctl sun`: where the Sun is, the clear-sky UV it gives, and the day's sunrise, solar noon and
/// sunset. Times are on `--tz`'s clock when given, else on the clock `--at` was written in, else
/// on the system time zone's.
struct SunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sun",
        abstract: tr("Solar position and modelled clear-sky UV index for a place and time."),
        discussion: tr(
            "Position: NOAA's solar calculator (Meeus). UV: Madronich's clear-sky formula 12.5 · cos(zenith)^2.42 · (ozone/300)^-1.23, with altitude, Earth–Sun distance and cloud corrections."
        )
    )

    @OptionGroup var place: PlaceOptions

    @Option(
        help: ArgumentHelp(
            tr(
                "The instant, ISO 8601 (e.g. 2026-01-15T12:00:00+11:00 or 2026-01-15T01:00Z); default: now. Times are shown on its offset's clock unless --tz is given."
            ), valueName: "time"))
    var at: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(tr("Total ozone column in Dobson units (100 to 600)."), valueName: "DU"))
    var ozone: Double = ClearSkyUV.referenceOzone

    @Option(parsing: .unconditional, help: ArgumentHelp(tr("Altitude above sea level in metres (-500 to 9000)."), valueName: "m"))
    var altitude: Double = 0

    @Option(name: .customLong("cloud-cover"), help: ArgumentHelp(tr("Cloud cover in percent (0 to 100)."), valueName: "pct"))
    var cloudCover: Double = 0

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let at, ISOInstant.parse(at) == nil {
            throw ValidationError(tr("--at '%1$@' is not an ISO 8601 time: use e.g. 2026-01-15T12:00:00+11:00 or 2026-01-15T01:00Z.", at))
        }
        if let at, let instant = ISOInstant.parse(at), !ComputedYears.contains(instant) {
            throw ValidationError(ComputedYears.refusal("--at", at))
        }
        guard (100...600).contains(ozone) else { throw ValidationError(tr("--ozone must be 100 to 600 DU (got %1$@).", ozone)) }
        guard (-500...9000).contains(altitude) else { throw ValidationError(tr("--altitude must be -500 to 9000 m (got %1$@).", altitude)) }
        guard (0...100).contains(cloudCover) else { throw ValidationError(tr("--cloud-cover must be 0 to 100 % (got %1$@).", cloudCover)) }
    }

    func run() throws {
        let location = place.resolve()
        let instant = at.flatMap(ISOInstant.parse) ?? Date()
        let clock =
            place.tz == nil
            ? at.flatMap { ClockFormat(writtenIn: $0) } ?? ClockFormat(timeZone: location.timeZone)
            : ClockFormat(timeZone: location.timeZone)
        let sun = SolarPosition(at: instant, coordinate: location.coordinate)
        let day = SunTimes(day: LocalDay.interval(containing: instant, in: clock.timeZone), coordinate: location.coordinate)
        let model = ClearSkyUV(ozone: ozone, altitudeMetres: altitude, cloudCoverPercent: cloudCover)
        let uvi = model.uvIndex(for: sun)
        let level = UVLevel(uvi: uvi)

        if output.json {
            let iso = ISOTimestamp(timeZone: clock.timeZone)
            try JSONOutput.print(
                Report(
                    time: iso.string(instant),
                    latitude: location.coordinate.latitude, longitude: location.coordinate.longitude,
                    elevation: sun.elevation.rounded(places: 3), apparentElevation: sun.apparentElevation.rounded(places: 3),
                    azimuth: sun.azimuth.rounded(places: 3), zenith: sun.zenith.rounded(places: 3),
                    apparentZenith: sun.apparentZenith.rounded(places: 3),
                    earthSunDistanceAU: sun.distanceAU.rounded(places: 5),
                    ozone: ozone, altitude: altitude, cloudCover: cloudCover,
                    clearSkyUVI: uvi.rounded(places: 2), level: level.rawValue,
                    sunrise: Nullable(day.sunrise.map(iso.string)), solarNoon: iso.string(day.solarNoon),
                    sunset: Nullable(day.sunset.map(iso.string)), polar: Nullable(day.polarState?.rawValue)))
            return
        }
        let terminal = Terminal.standardOutput()
        print(tr("%1$@ · %2$@ %3$@ (%4$@)", location.name, clock.day(instant), clock.time(instant), clock.zoneName))
        if location.isDefault { print(terminal.dim(Place.defaultLocationNote)) }
        let degrees = { (angle: Double) in DisplayLocale.current.decimal(angle, places: 2) }
        print(
            tr(
                "Sun elevation %1$@° (apparent %2$@°), azimuth %3$@°, zenith %4$@°",
                degrees(sun.elevation), degrees(sun.apparentElevation), degrees(sun.azimuth), degrees(sun.zenith)))
        let whole = { (value: Double) in DisplayLocale.current.decimal(value, places: 0) }
        print(
            tr(
                "Clear-sky UV index %1$@ (ozone %2$@ DU, altitude %3$@ m, cloud %4$@ %)",
                terminal.paint(tr("%1$@ %2$@", DisplayLocale.current.decimal(uvi, places: 1), level.name), level), whole(ozone),
                whole(altitude), whole(cloudCover)))
        print(Self.dayLine(day, clock))
    }

    /// `Sunrise 05:41 · solar noon 11:57 · sunset 18:13`, or what the Sun does instead.
    static func dayLine(_ day: SunTimes, _ clock: ClockFormat) -> String {
        guard let sunrise = day.sunrise, let sunset = day.sunset else {
            return day.polarState == .polarDay
                ? tr("Polar day: the Sun does not set; highest at %1$@", clock.time(day.solarNoon))
                : tr("Polar night: the Sun does not rise; closest to rising at %1$@", clock.time(day.solarNoon))
        }
        return tr("Sunrise %1$@ · solar noon %2$@ · sunset %3$@", clock.time(sunrise), clock.time(day.solarNoon), clock.time(sunset))
    }

    /// The `--json` shape.
    struct Report: Encodable {
        let time: String
        let latitude: Double
        let longitude: Double
        let elevation: Double
        let apparentElevation: Double
        let azimuth: Double
        let zenith: Double
        let apparentZenith: Double
        let earthSunDistanceAU: Double
        let ozone: Double
        let altitude: Double
        let cloudCover: Double
        let clearSkyUVI: Double
        let level: String
        let sunrise: Nullable<String>
        let solarNoon: String
        let sunset: Nullable<String>
        /// `polarDay` or `polarNight` on a day without sunrise or sunset.
        let polar: Nullable<String>
    }
}
