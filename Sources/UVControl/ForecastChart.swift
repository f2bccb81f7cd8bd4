import FoundationEssentials
import UVCore
import UVProtocol

/// The human form of a day's forecast: a header with the windows, then one bar per hour coloured
/// by level, the sunscreen window (┃) and the peak (▲) marked, past hours dimmed.
struct ForecastChart {
    let forecast: ForecastInfo
    let now: Date
    let terminal: Terminal
    let clock: ClockFormat
    /// "--at": the hour to point at instead of now.
    var focus: Date?

    /// Below this an hour reads as night: no level, no burn time.
    static let visibleIndex = 0.05
    /// Bar columns per UV index unit; 15 and above fill the bar.
    static let columnsPerIndex = 2.0
    static let barWidth = 30

    func render() -> String {
        let day = hours.first.map { LocalDay.interval(containing: $0.time, in: clock.timeZone) }
        var lines: [String] = []
        lines.append(
            tr(
                "%1$@ · %2$@", terminal.bold(tr("%1$@ · %2$@", forecast.location.name, day.map { clock.day($0.start) } ?? forecast.date)),
                forecast.location.timeZone))
        if forecast.location.isDefault { lines.append(terminal.dim(Place.defaultLocationNote)) }
        lines.append(sourceLine)
        lines.append(sunLine)
        lines.append(windowSentence.text(now: now, today: day?.contains(now) ?? false))
        lines.append("")
        let columns = Columns(hours.map(\.info), vitaminD: hours.map { vitaminD(at: $0.info) })
        lines += hours.map { row($0, columns) }
        lines.append("")
        lines.append(terminal.dim(tr("┃ sunscreen window  ▲ peak · burn times are estimates, not medical advice")))
        if let vitaminD = forecast.vitaminD {
            lines.append(terminal.dim(tr("D: minutes for a day's vitamin D in that hour, %1$@ (uvctl vitamin-d)", vitaminD.exposurePhrase)))
        }
        lines.append(terminal.dim(forecast.readerAttribution))
        return lines.joined(separator: "\n") + "\n"
    }

    private var hours: [(time: Date, info: HourInfo)] {
        forecast.hours.compactMap { hour in ISOInstant.parse(hour.time).map { ($0, hour) } }
    }

    private var window: TimeSpan? { forecast.window?.timeSpan }

    private var windowSentence: WindowSentence {
        WindowSentence(window: forecast.window, peak: forecast.peak, terminal: terminal, clock: clock)
    }

    private var notablePeak: (span: TimeSpan, uvi: Double, at: Date)? { windowSentence.notablePeak }

    private var sourceLine: String {
        if forecast.source.value == .model {
            return tr("Modelled clear-sky UV (no clouds, ozone 300 DU) · burn times for skin type %1$@, unprotected", forecast.skinType)
        }
        return tr("Forecast UV · burn times for skin type %1$@, unprotected", forecast.skinType)
    }

    private var sunLine: String {
        if let sunrise = forecast.sunrise.flatMap(ISOInstant.parse), let sunset = forecast.sunset.flatMap(ISOInstant.parse) {
            return tr("Sunrise %1$@ · sunset %2$@", clock.time(sunrise), clock.time(sunset))
        }
        return forecast.hours.contains { $0.uvi > 0 } ? tr("The Sun does not set today.") : tr("The Sun does not rise today.")
    }

    /// The widths of the columns whose words vary with the language (`Très élevé`, `非常に強い`),
    /// in terminal columns, so that every row lines up.
    private struct Columns {
        var name = 0
        var burn = 0
        var vitaminD = 0

        init(_ hours: [HourInfo], vitaminD: [String]) {
            for hour in hours {
                name = max(name, ForecastChart.levelName(hour).displayWidth)
                burn = max(burn, ForecastChart.burnTime(hour).displayWidth)
            }
            self.vitaminD = vitaminD.columnWidth
        }
    }

    /// "D 9 min": the vitamin-D minutes of the hour that starts at `hour`'s time (`VitaminDInfo`),
    /// empty without a dose or without vitamin D in the reply.
    private func vitaminD(at hour: HourInfo) -> String {
        let minutes = forecast.vitaminD?.hours.first { $0.time == hour.time }?.minutes
        return minutes.map { tr("D %1$@ min", $0) } ?? ""
    }

    private static func levelName(_ hour: HourInfo) -> String {
        hour.uvi >= visibleIndex ? hour.shownLevel.name : ""
    }

    private static func burnTime(_ hour: HourInfo) -> String {
        hour.uvi >= visibleIndex ? hour.burnTimeMinutes.map { tr("BT %1$@ min", $0) } ?? "" : ""
    }

    private func row(_ hour: (time: Date, info: HourInfo), _ columns: Columns) -> String {
        let level = hour.info.shownLevel
        let label = clock.hour(hour.time).leftPadded(to: 6)
        let value = clock.locale.decimal(hour.info.uvi, places: 1, width: 5)
        let bar = Self.bar(hour.info.uvi).rightPadded(to: Self.barWidth)
        let name = Self.levelName(hour.info).rightPadded(to: columns.name)
        let burn = Self.burnTime(hour.info).rightPadded(to: columns.burn + 1)
        let vitaminD = columns.vitaminD > 0 ? vitaminD(at: hour.info).rightPadded(to: columns.vitaminD + 1) : ""
        let inWindow = window?.contains(hour.time) ?? false
        let inPeak = notablePeak?.span.contains(hour.time) ?? false
        let marks = (inWindow ? "┃" : " ") + (inPeak ? " ▲" : "  ")
        let pointer = focus ?? now
        let isCurrent = pointer >= hour.time && pointer < hour.time.addingTimeInterval(3600)
        let arrow = isCurrent ? (focus == nil ? tr(" ◀ now") : " ◀") : ""
        let line = "\(label) \(value) \(terminal.paint(bar, level)) \(name) \(burn)\(vitaminD)\(marks)\(arrow)"
        return hour.time.addingTimeInterval(3600) <= now ? terminal.dim(line) : line
    }

    /// A horizontal bar with eighth-block precision.
    static func bar(_ uvi: Double) -> String {
        let eighths = Int((max(0, uvi) * columnsPerIndex * 8).rounded())
        let capped = min(eighths, barWidth * 8)
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][capped % 8]
        return String(repeating: "█", count: capped / 8) + partial
    }
}

extension Sequence<String> {
    /// The terminal columns of the widest: a column of these words, in any language, lines up.
    var columnWidth: Int { map(\.displayWidth).max() ?? 0 }
}
