import ArgumentParser
import Foundation
import UVCore
import UVProtocol
import UVWheel

/// From the daemon's (or the model's) forecast to what the wheel draws, and from SVG to PNG.
enum WheelPicture {
    /// The centre is the focused hour: `focus`, else now when the day is today, else the peak.
    static func model(_ forecast: ForecastInfo, now: Date, focus: Date?, theme: WheelModel.Theme) -> WheelModel? {
        let hours = forecast.hours.compactMap { hour in ISOInstant.parse(hour.time).map { (start: $0, info: hour) } }
        guard let first = hours.first else { return nil }
        let zone = TimeZone(identifier: forecast.location.timeZone) ?? .current
        let dayStart = LocalDay.interval(isoDate: forecast.date, in: zone)?.start ?? first.start
        let peakAt = forecast.peak.flatMap { ISOInstant.parse($0.at) }
        let today = now >= dayStart && now < dayStart.addingTimeInterval(86_400)
        let centreTime = focus ?? (today ? now : peakAt ?? first.start)
        let focused = hours.last { $0.start <= centreTime } ?? first
        let level = UVLevel(uvi: focused.info.uvi)
        let caption = focused.info.burnTimeMinutes.map { tr("%1$@ • BT %2$@m", level.name, $0) } ?? level.name
        return WheelModel(
            dayStart: dayStart,
            hours: hours.map { WheelModel.Hour(start: $0.start, uvi: $0.info.uvi) },
            now: now,
            window: forecast.window.flatMap(interval),
            peak: forecast.peak.flatMap { interval(SpanInfo(start: $0.start, end: $0.end)) },
            centre: .init(time: ClockFormat(timeZone: zone).time(centreTime), uvi: String(format: "UV %.1f", focused.info.uvi), caption: caption),
            theme: theme)
    }

    static func interval(_ span: SpanInfo) -> DateInterval? {
        guard let start = ISOInstant.parse(span.start), let end = ISOInstant.parse(span.end), start <= end else { return nil }
        return DateInterval(start: start, end: end)
    }

    /// Renders through rsvg-convert, found on PATH; says so when it is not there.
    static func writePNG(_ svg: String, to path: String) throws {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard let converter = searchPath.split(separator: ":").map({ "\($0)/rsvg-convert" }).first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw ValidationError(tr("A PNG needs rsvg-convert, which is not installed (sudo apt install librsvg2-bin); -o FILE.svg writes the SVG without it."))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: converter)
        process.arguments = ["--format", "png", "--output", path]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data(svg.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ValidationError(tr("rsvg-convert could not write %1$@ (exit status %2$@).", path, process.terminationStatus))
        }
    }
}
