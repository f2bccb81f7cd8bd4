import Foundation
import UVCore

/// The human form of a day's forecast: a header with the windows, then one bar per hour coloured
/// by level, the sunscreen window (┃) and the peak (▲) marked, past hours dimmed.
struct ForecastChart {
    let outlook: DayOutlook
    let place: Place
    let skinType: SkinType
    let now: Date
    let terminal: Terminal
    let clock: ClockFormat

    /// Below this an hour reads as night: no level, no burn time.
    static let visibleIndex = 0.05
    /// A peak below this is not worth pointing at.
    static let notablePeak = 1.0

    /// Bar columns per UV index unit; 15 and above fill the bar.
    static let columnsPerIndex = 2.0
    static let barWidth = 30

    func render() -> String {
        var lines: [String] = []
        lines.append(terminal.bold("\(place.name) · \(clock.day(outlook.day.start))") + " · \(place.timeZone.identifier)")
        if place.isDefault { lines.append(terminal.dim(Place.defaultLocationNote)) }
        lines.append("Modelled clear-sky UV (no clouds, ozone 300 DU) · burn times for skin type \(skinType.numeral), unprotected")
        lines.append(sunLine)
        lines.append(windowLine)
        lines.append("")
        lines += outlook.hours.map(row)
        lines.append("")
        lines.append(terminal.dim("┃ sunscreen window  ▲ peak · burn times are estimates, not medical advice"))
        return lines.joined(separator: "\n") + "\n"
    }

    private var sunLine: String {
        switch outlook.sun.polarState {
        case .polarDay: "The Sun does not set today."
        case .polarNight: "The Sun does not rise today."
        case nil:
            "Sunrise \(outlook.sun.sunrise.map(clock.time) ?? "–") · sunset \(outlook.sun.sunset.map(clock.time) ?? "–")"
        }
    }

    private var windowLine: String {
        var text: String
        switch WindowPhase(window: outlook.window, now: now) {
        case .none: text = "No sunscreen window: UV stays low all day."
        case .over where outlook.day.contains(now): text = "Safe tonight."
        case .takeCare(let window) where outlook.day.contains(now): text = "Take care \(span(window))"
        case .over, .takeCare: text = "Sunscreen window \(outlook.window.map(span) ?? "")"
        }
        if let peak = notablePeak {
            let level = UVLevel(uvi: peak.uvi)
            text += " · peak " + terminal.paint(String(format: "%.1f", peak.uvi), level)
                + " at \(clock.time(peak.at)) (\(span(peak.span)))"
        }
        return text
    }

    private var notablePeak: PeakWindow? {
        outlook.peak.flatMap { $0.uvi >= Self.notablePeak ? $0 : nil }
    }

    private func span(_ span: TimeSpan) -> String {
        "\(clock.time(span.start)) – \(clock.time(span.end))"
    }

    private func row(_ hour: DayOutlook.Hour) -> String {
        let label = clock.hour(hour.time).leftPadded(to: 6)
        let value = String(format: "%5.1f", hour.uvi)
        let bar = Self.bar(hour.uvi).rightPadded(to: Self.barWidth)
        let visible = hour.uvi >= Self.visibleIndex
        let level = (visible ? hour.level.name : "").rightPadded(to: 10)
        let burn = (visible ? hour.burnTime.wholeMinutes.map { "BT \($0) min" } ?? "" : "").rightPadded(to: 11)
        let inWindow = outlook.window?.contains(hour.time) ?? false
        let inPeak = notablePeak?.span.contains(hour.time) ?? false
        let marks = (inWindow ? "┃" : " ") + (inPeak ? " ▲" : "  ")
        let isCurrent = now >= hour.time && now < hour.time.addingTimeInterval(3600)
        let line = "\(label) \(value) \(terminal.paint(bar, hour.level)) \(level) \(burn)\(marks)\(isCurrent ? " ◀ now" : "")"
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

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
    func rightPadded(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
