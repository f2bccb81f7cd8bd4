import FoundationEssentials
import UVCore
import UVProtocol
import UVWheel

extension WheelDay {
    /// The day of a forecast uvd sent (or the model made): its times read back from ISO 8601.
    /// Hours whose time cannot be read are left out.
    init(forecast: ForecastInfo) {
        let hours = forecast.hours.compactMap { hour in
            ISOInstant.parse(hour.time).map { Hour(start: $0, uvi: hour.uvi, burnTimeMinutes: hour.burnTimeMinutes) }
        }
        let zone = forecast.location.zone
        let dayStart = forecast.date.value.interval(in: zone).start
        self.init(
            dayStart: dayStart, hours: hours, window: forecast.window?.timeSpan.map { DateInterval(start: $0.start, end: $0.end) },
            peak: forecast.peak?.timeSpan.map { DateInterval(start: $0.start, end: $0.end) },
            peakAt: forecast.peak.flatMap { ISOInstant.parse($0.at) })
    }
}
