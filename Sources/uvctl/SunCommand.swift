import ArgumentParser
import Foundation
import UVCore

/// `uvctl sun`: where the Sun is and the clear-sky UV it gives.
struct SunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sun",
        abstract: tr("Solar position and modelled clear-sky UV index for a place and time."),
        discussion: tr("Position: NOAA's solar calculator (Meeus). UV: Madronich's clear-sky formula 12.5 · cos(zenith)^2.42 · (ozone/300)^-1.23, with altitude, Earth–Sun distance and cloud corrections.")
    )

    @OptionGroup var place: PlaceOptions

    @Option(help: ArgumentHelp(tr("The instant, ISO 8601 (e.g. 2026-01-15T12:00:00+11:00 or 2026-01-15T01:00Z); default: now."), valueName: "time"))
    var at: String?

    @Option(help: ArgumentHelp(tr("Total ozone column in Dobson units (100 to 600)."), valueName: "DU"))
    var ozone: Double = ClearSkyUV.referenceOzone

    @Option(parsing: .unconditional, help: ArgumentHelp(tr("Altitude above sea level in metres (-500 to 9000)."), valueName: "m"))
    var altitude: Double = 0

    @Option(name: .customLong("cloud-cover"), help: ArgumentHelp(tr("Cloud cover in percent (0 to 100)."), valueName: "pct"))
    var cloudCover: Double = 0

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let at, InstantParser.parse(at) == nil {
            throw ValidationError(tr("--at '%1$@' is not an ISO 8601 time: use e.g. 2026-01-15T12:00:00+11:00 or 2026-01-15T01:00Z.", at))
        }
        guard (100...600).contains(ozone) else { throw ValidationError(tr("--ozone must be 100 to 600 DU (got %1$@).", ozone)) }
        guard (-500...9000).contains(altitude) else { throw ValidationError(tr("--altitude must be -500 to 9000 m (got %1$@).", altitude)) }
        guard (0...100).contains(cloudCover) else { throw ValidationError(tr("--cloud-cover must be 0 to 100 % (got %1$@).", cloudCover)) }
    }

    func run() throws {
        let location = place.resolve()
        let instant = at.flatMap(InstantParser.parse) ?? Date()
        let sun = SolarPosition(at: instant, coordinate: location.coordinate)
        let model = ClearSkyUV(ozone: ozone, altitudeMetres: altitude, cloudCoverPercent: cloudCover)
        let uvi = model.uvIndex(for: sun)
        let level = UVLevel(uvi: uvi)

        if output.json {
            try JSONOutput.print(Report(
                time: ISOTimestamp(timeZone: location.timeZone).string(instant),
                latitude: location.coordinate.latitude, longitude: location.coordinate.longitude,
                elevation: sun.elevation.rounded(places: 3), apparentElevation: sun.apparentElevation.rounded(places: 3),
                azimuth: sun.azimuth.rounded(places: 3), zenith: sun.zenith.rounded(places: 3),
                apparentZenith: sun.apparentZenith.rounded(places: 3),
                earthSunDistanceAU: sun.distanceAU.rounded(places: 5),
                ozone: ozone, altitude: altitude, cloudCover: cloudCover,
                clearSkyUVI: uvi.rounded(places: 2), level: level.rawValue))
            return
        }
        let terminal = Terminal.standardOutput()
        let clock = ClockFormat(timeZone: location.timeZone)
        print(tr("%1$@ · %2$@ %3$@ (%4$@)", location.name, clock.day(instant), clock.time(instant), location.timeZone.identifier))
        if location.isDefault { print(terminal.dim(Place.defaultLocationNote)) }
        let degrees = { (angle: Double) in String(format: "%.2f", angle) }
        print(tr("Sun elevation %1$@° (apparent %2$@°), azimuth %3$@°, zenith %4$@°",
                 degrees(sun.elevation), degrees(sun.apparentElevation), degrees(sun.azimuth), degrees(sun.zenith)))
        let whole = { (value: Double) in String(format: "%.0f", value) }
        print(tr("Clear-sky UV index %1$@ (ozone %2$@ DU, altitude %3$@ m, cloud %4$@ %)",
                 terminal.paint(tr("%1$@ %2$@", String(format: "%.1f", uvi), level.name), level), whole(ozone), whole(altitude), whole(cloudCover)))
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
    }
}

/// Reads ISO 8601 instants, with or without seconds and fractional seconds.
enum InstantParser {
    static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [
            [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds],
        ] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        // Without seconds: 2026-01-15T12:00Z, 2026-01-15T12:00+11:00.
        if let match = text.firstMatch(of: /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(Z|[+-]\d{2}:?\d{2})$/) {
            return parse("\(match.1):00\(match.2)")
        }
        return nil
    }
}
