import FoundationEssentials
import UVCore
import UVProtocol

/// `uvctl forecast --days N`: each day's UV maximum as a bar, in its level's colour. The
/// provider's daily maxima where it gave them; the clear-sky model's (an upper bound, marked
/// with *) for days it did not cover.
struct WeekChart {
    struct Day {
        let date: CalendarDate
        let maxUVI: Double
        let modelled: Bool
    }

    let forecast: ForecastInfo
    let days: [Day]
    let terminal: Terminal
    let clock: ClockFormat

    /// `count` days from the forecast's own day.
    init(forecast: ForecastInfo, count: Int, terminal: Terminal, clock: ClockFormat) {
        self.forecast = forecast
        self.terminal = terminal
        self.clock = clock
        let zone = clock.timeZone
        let provided = Dictionary(forecast.daily.map { ($0.date.value, $0.maxUVI) }, uniquingKeysWith: { first, _ in first })
        let coordinate = Coordinate(latitude: forecast.location.latitude, longitude: forecast.location.longitude)
        let first = forecast.date.value.interval(in: zone)
        days = (0..<count).map { offset in
            let day = LocalDay.interval(containing: first.start.addingTimeInterval(Double(offset) * 86_400 + 12 * 3600), in: zone)
            let date = CalendarDate(containing: day.start, in: zone)
            if let uvi = provided[date] { return Day(date: date, maxUVI: uvi, modelled: false) }
            let modelled = DayOutlook.modelledSeries(day: day, coordinate: coordinate).samples.map(\.uvi).max() ?? 0
            return Day(date: date, maxUVI: modelled, modelled: true)
        }
    }

    func render() -> String {
        var lines = [
            tr("%1$@ · %2$@", terminal.bold(tr("%1$@ · daily UV maximum", forecast.location.name)), forecast.location.timeZone), "",
        ]
        let zone = clock.timeZone
        let labels = days.map { clock.shortDay($0.date.interval(in: zone).start) }
        let labelWidth = labels.columnWidth
        for (day, label) in zip(days, labels.map { $0.rightPadded(to: labelWidth) }) {
            let level = UVLevel(uvi: day.maxUVI)
            let value = clock.locale.decimal(day.maxUVI, places: 1, width: 4) + (day.modelled ? "*" : " ")
            lines.append(
                "\(label) \(terminal.paint(ForecastChart.bar(day.maxUVI).rightPadded(to: ForecastChart.barWidth), level)) \(value) \(level.name)"
            )
        }
        lines.append("")
        if days.contains(where: \.modelled) {
            lines.append(terminal.dim(tr("* clear-sky model (no clouds): an upper bound for a day the provider did not cover")))
        }
        lines.append(terminal.dim(forecast.readerAttribution))
        return lines.joined(separator: "\n") + "\n"
    }
}
