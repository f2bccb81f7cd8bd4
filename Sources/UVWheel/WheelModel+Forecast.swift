import Foundation
import UVCore
import UVProtocol

extension WheelModel {
    /// The wheel of a day's forecast (the daemon's or the model's). The centre is the focused
    /// hour: `focus`, else now when the day is today, else the peak; `clock` writes its time.
    public init?(forecast: ForecastInfo, now: Date, focus: Date?, theme: Theme, clock: (Date) -> String) {
        let hours = forecast.hours.compactMap { hour in ISOInstant.parse(hour.time).map { (start: $0, info: hour) } }
        guard let first = hours.first else { return nil }
        let zone = Zone(identifier: forecast.location.timeZone) ?? .utc
        let dayStart = LocalDay.interval(isoDate: forecast.date, in: zone)?.start ?? first.start
        let peakAt = forecast.peak.flatMap { ISOInstant.parse($0.at) }
        let today = now >= dayStart && now < dayStart.addingTimeInterval(86_400)
        let centreTime = focus ?? (today ? now : peakAt ?? first.start)
        let focused = hours.last { $0.start <= centreTime } ?? first
        let level = UVLevel(uvi: focused.info.uvi)
        let caption = focused.info.burnTimeMinutes.map { tr("%1$@ • BT %2$@m", level.name, $0) } ?? level.name
        self.init(
            dayStart: dayStart,
            hours: hours.map { WheelModel.Hour(start: $0.start, uvi: $0.info.uvi) },
            now: now,
            window: forecast.window?.timeSpan.map { DateInterval(start: $0.start, end: $0.end) },
            peak: forecast.peak?.timeSpan.map { DateInterval(start: $0.start, end: $0.end) },
            centre: .init(time: clock(centreTime), uvi: focused.info.uvi, caption: caption),
            theme: theme)
    }
}
