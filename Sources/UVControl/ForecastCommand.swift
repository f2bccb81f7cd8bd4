import ArgumentParser
import FoundationEssentials
import UVCore
import UVPlatform
import UVProtocol

/// `uvctl forecast`: a day of hourly UV with the sunscreen and peak windows.
struct ForecastCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract: tr("Hourly UV for a day, with the sunscreen window and the peak."),
        discussion: tr(
            "--offline uses the clear-sky model from the Sun's position (no clouds, ozone 300 DU): an upper bound on a sunny day. Without a place it uses the system time zone's."
        )
    )

    @OptionGroup var source: ForecastSource

    @Option(help: ArgumentHelp(tr("Point at this hour: HH:MM today, or an ISO 8601 time."), valueName: "time"))
    var at: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(tr("Show this many days (1 to 7) as each day's UV maximum instead of one day's hours."), valueName: "n"))
    var days = 1

    @OptionGroup var output: OutputOptions

    func validate() throws {
        try TimeArgument.validate(at)
        guard (1...7).contains(days) else { throw ValidationError(tr("--days takes 1 to 7, not %1$@.", days)) }
        if days > 1, at != nil {
            throw ValidationError(tr("--at points at an hour of one day's chart; --days shows each day's maximum, without hours."))
        }
    }

    func run() async throws {
        let now = Date()
        let forecast = try await source.forecast(now: now)
        if output.json {
            try JSONOutput.print(forecast)
            return
        }
        let zone = forecast.location.zone
        if days > 1 {
            print(
                WeekChart(forecast: forecast, count: days, terminal: .standardOutput(), clock: ClockFormat(timeZone: zone)).render(),
                terminator: "")
            return
        }
        var chart = ForecastChart(forecast: forecast, now: now, terminal: .standardOutput(), clock: ClockFormat(timeZone: zone))
        chart.focus = at.flatMap { TimeArgument.parse($0, on: forecast, now: now) }
        print(chart.render(), terminator: "")
    }
}

/// Where a day's forecast comes from: the daemon (for its place or a saved one), or the
/// clear-sky model here (`--offline`). Shared by `forecast` and `wheel`.
struct ForecastSource: ParsableArguments {
    @Flag(help: ArgumentHelp(tr("Compute from the clear-sky model here instead of asking the daemon.")))
    var offline = false

    @Option(help: ArgumentHelp(tr("A saved location (see uvctl location list) or a city instead of the current one."), valueName: "name"))
    var location: String?

    @OptionGroup var place: PlaceOptions

    @Option(help: ArgumentHelp(tr("The local day, YYYY-MM-DD (default: today)."), valueName: "date"))
    var date: String?

    /// The day given, read once; nil for today.
    var day: CalendarDate? { date.flatMap(CalendarDate.init(parsing:)) }

    @Option(
        name: .customLong("skin-type"),
        help: ArgumentHelp(tr("With --offline: skin type for burn times, I to VI (default: I, the most cautious).")))
    var skinType: SkinType?

    @Option(help: ArgumentHelp(tr("With --offline: window threshold 3 (UVI ≥ 3), 6 (UVI ≥ 6) or personal (skin burns in under 60 min).")))
    var window: WindowSetting?

    func validate() throws {
        if let date {
            guard let day else { throw ValidationError(DayOption.refusal(date)) }
            guard day.isComputed else { throw ValidationError(ComputedYears.refusal("--date", date)) }
        }
        if !offline, place.lat != nil || place.tz != nil {
            throw ValidationError(
                tr("--lat, --lon and --tz go with --offline; the daemon's forecast is for its location (or --location NAME)."))
        }
        if !offline, skinType != nil || window != nil {
            throw ValidationError(
                tr(
                    "--skin-type and --window go with --offline; uvd answers with your profile's skin type and the configured window (uvctl profile set, config.toml)."
                ))
        }
        if offline, location != nil, place.lat != nil || place.tz != nil {
            throw ValidationError(tr("Give --location or --lat/--lon, not both."))
        }
    }

    func forecast(now: Date) async throws -> ForecastInfo {
        guard offline else {
            return try await DaemonClient.call(UVD.GetForecast.self, ForecastParameters(location: location, date: day)).forecast
        }
        let target =
            location.map { LocationArgument.place($0) { tr("%1$@; saved locations are uvd's: ask without --offline", $0) } }
            ?? place.resolve()
        let day = self.day?.interval(in: target.timeZone) ?? LocalDay.interval(containing: now, in: target.timeZone)
        let series = DayOutlook.modelledSeries(day: day, coordinate: target.coordinate)
        let skinType = skinType ?? .I
        let window = window ?? .uvi3
        let outlook = DayOutlook(
            series: series, day: day, coordinate: target.coordinate, skinType: skinType, threshold: window.threshold(for: skinType))
        var forecast = ForecastInfo(
            outlook: outlook, place: target, approximate: false, skinType: skinType, window: window, source: .model, updatedAt: nil)
        // The day's vitamin D from the same clear-sky UV, as uvd's forecast carries it.
        forecast.vitaminD = VitaminDInfo(
            day: day, place: target, approximate: false, sky: .clearSky, you: skinType, family: [], exposure: .standard, now: now,
            uvi: series.uvi(at:))
        return forecast
    }
}

/// `HH:MM` today in the zone, or an ISO 8601 instant.
enum TimeArgument {
    static func validate(_ at: String?) throws {
        if let at, parse(at, in: Zone.current, now: Date()) == nil {
            throw ValidationError(tr("--at '%1$@' is not a time: use HH:MM (15:00) or ISO 8601 (2026-01-15T15:00+11:00).", at))
        }
        if let at, let instant = ISOInstant.parse(at), !ComputedYears.contains(instant) {
            throw ValidationError(ComputedYears.refusal("--at", at))
        }
    }

    /// `HH:MM` on the forecast's own day (today's date would point off a `--date` chart).
    static func parse(_ text: String, on forecast: ForecastInfo, now: Date) -> Date? {
        let zone = forecast.location.zone
        let noon = forecast.date.value.interval(in: zone).start.addingTimeInterval(12 * 3600)
        return parse(text, in: zone, now: noon)
    }

    static func parse(_ text: String, in zone: Zone, now: Date) -> Date? {
        if let instant = ISOInstant.parse(text) { return instant }
        guard let minute = WallClock.minuteOfDay(parsing: text) else { return nil }
        return zone.date(localSeconds: CivilDate.days(ofSeconds: zone.localSeconds(now)) * 86_400 + minute * 60)
    }
}
