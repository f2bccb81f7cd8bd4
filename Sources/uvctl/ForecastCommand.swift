import ArgumentParser
import Foundation
import UVCore

/// `uvctl forecast`: a day of hourly UV with the sunscreen and peak windows.
struct ForecastCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract: "Hourly UV for a day, with the sunscreen window and the peak.",
        discussion: """
            --offline uses the clear-sky model from the Sun's position (no clouds, ozone 300 DU): \
            an upper bound on a sunny day. Without a place it uses the system time zone's.
            """
    )

    @Flag(help: "Compute from the clear-sky model instead of asking the daemon.")
    var offline = false

    @OptionGroup var place: PlaceOptions

    @Option(help: ArgumentHelp("The local day, YYYY-MM-DD (default: today).", valueName: "date"))
    var date: String?

    @Option(name: .customLong("skin-type"), help: "Fitzpatrick skin type for burn times, I to VI (default: I, the most cautious).")
    var skinType: SkinType = .I

    @Option(help: "Sunscreen window threshold: 3 (UVI ≥ 3), 6 (UVI ≥ 6) or personal (skin burns in under 60 min).")
    var window: WindowSetting = .uvi3

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let date, DayArgument.parse(date, in: TimeZone.current) == nil {
            throw ValidationError("--date '\(date)' is not a calendar date: use YYYY-MM-DD, e.g. 2026-10-04.")
        }
    }

    func run() throws {
        let location = place.resolve()
        let now = Date()
        let day = date.flatMap { DayArgument.parse($0, in: location.timeZone) }
            ?? LocalDay.interval(containing: now, in: location.timeZone)
        let series = DayOutlook.modelledSeries(day: day, coordinate: location.coordinate)
        let outlook = DayOutlook(
            series: series, day: day, coordinate: location.coordinate, skinType: skinType,
            threshold: window.threshold(for: skinType))

        if output.json {
            try JSONOutput.print(ForecastReport(outlook: outlook, place: location, skinType: skinType, window: window))
        } else {
            let chart = ForecastChart(
                outlook: outlook, place: location, skinType: skinType, now: now,
                terminal: .standardOutput(), clock: ClockFormat(timeZone: location.timeZone))
            if !offline { print("Live forecasts come from the uvd daemon; showing the clear-sky model.") }
            print(chart.render(), terminator: "")
        }
    }
}

/// `YYYY-MM-DD` as a local day.
enum DayArgument {
    static func parse(_ text: String, in zone: TimeZone) -> DateInterval? {
        guard let match = text.wholeMatch(of: /(\d{4})-(\d{2})-(\d{2})/),
              let year = Int(match.1), let month = Int(match.2), let day = Int(match.3)
        else { return nil }
        return LocalDay.interval(year: year, month: month, day: day, in: zone)
    }
}

/// The `--json` shape of a forecast.
struct ForecastReport: Encodable {
    struct Location: Encodable {
        let name: String
        let latitude: Double
        let longitude: Double
        let timeZone: String
        let isDefault: Bool
    }

    struct Hour: Encodable {
        let time: String
        let uvi: Double
        let level: String
        let burnTimeMinutes: Nullable<Int>
    }

    struct Span: Encodable {
        let start: String
        let end: String
    }

    struct Peak: Encodable {
        let start: String
        let end: String
        let uvi: Double
        let at: String
    }

    let source: String
    let location: Location
    let date: String
    let skinType: String
    let windowThreshold: Double
    let hours: [Hour]
    let window: Nullable<Span>
    let peak: Nullable<Peak>
    let sunrise: Nullable<String>
    let sunset: Nullable<String>
    let solarNoon: String

    init(outlook: DayOutlook, place: Place, skinType: SkinType, window mode: WindowSetting) {
        let iso = ISOTimestamp(timeZone: place.timeZone)
        source = "model"
        location = Location(
            name: place.name, latitude: place.coordinate.latitude, longitude: place.coordinate.longitude,
            timeZone: place.timeZone.identifier, isDefault: place.isDefault)
        date = String(iso.string(outlook.day.start).prefix(10))
        self.skinType = skinType.numeral
        windowThreshold = mode.threshold(for: skinType).uvi.rounded(places: 2)
        hours = outlook.hours.map {
            Hour(time: iso.string($0.time), uvi: $0.uvi.rounded(places: 2), level: $0.level.rawValue,
                 burnTimeMinutes: Nullable($0.burnTime.wholeMinutes))
        }
        window = Nullable(outlook.window.map { Span(start: iso.string($0.start), end: iso.string($0.end)) })
        peak = Nullable(outlook.peak.map {
            Peak(start: iso.string($0.span.start), end: iso.string($0.span.end), uvi: $0.uvi.rounded(places: 2), at: iso.string($0.at))
        })
        sunrise = Nullable(outlook.sun.sunrise.map(iso.string))
        sunset = Nullable(outlook.sun.sunset.map(iso.string))
        solarNoon = iso.string(outlook.sun.solarNoon)
    }
}
