import FoundationEssentials
import UVCore

/// The day a wheel is drawn from, as instants and numbers: the daemon makes it from the day it
/// computed (`init(outlook:)`), uvctl from the forecast it was sent (`WheelDay(forecast:)` there).
public struct WheelDay: Sendable, Equatable {
    /// One hour: when it starts, its UV index, and its burn time in whole minutes (nil: none).
    public struct Hour: Sendable, Equatable {
        public var start: Date
        public var uvi: Double
        public var burnTimeMinutes: Int?

        public init(start: Date, uvi: Double, burnTimeMinutes: Int?) {
            self.start = start
            self.uvi = uvi
            self.burnTimeMinutes = burnTimeMinutes
        }
    }

    /// Local midnight.
    public var dayStart: Date
    public var hours: [Hour]
    public var window: DateInterval?
    public var peak: DateInterval?
    /// When the day's UV is highest.
    public var peakAt: Date?

    public init(dayStart: Date, hours: [Hour], window: DateInterval?, peak: DateInterval?, peakAt: Date?) {
        self.dayStart = dayStart
        self.hours = hours
        self.window = window
        self.peak = peak
        self.peakAt = peakAt
    }

    /// The day as computed: its hours, sunscreen window and peak.
    public init(outlook: DayOutlook) {
        self.init(
            dayStart: outlook.day.start,
            hours: outlook.hours.map { Hour(start: $0.time, uvi: $0.uvi, burnTimeMinutes: $0.burnTime.wholeMinutes) },
            window: outlook.window.map { DateInterval(start: $0.start, end: $0.end) },
            peak: outlook.peak.map { DateInterval(start: $0.span.start, end: $0.span.end) }, peakAt: outlook.peak?.at)
    }
}

extension WheelModel {
    /// The wheel of a day. The centre is the focused hour: `focus`, else now when the day is
    /// today, else the peak; `clock` writes its time.
    public init?(day: WheelDay, now: Date, focus: Date?, theme: Theme, clock: (Date) -> String) {
        guard let first = day.hours.first else { return nil }
        let today = now >= day.dayStart && now < day.dayStart.addingTimeInterval(86_400)
        let centreTime = focus ?? (today ? now : day.peakAt ?? first.start)
        let focused = day.hours.last { $0.start <= centreTime } ?? first
        let level = UVLevel(uvi: focused.uvi)
        let caption = focused.burnTimeMinutes.map { tr("%1$@ • BT %2$@m", level.name, $0) } ?? level.name
        self.init(
            dayStart: day.dayStart, hours: day.hours.map { WheelModel.Hour(start: $0.start, uvi: $0.uvi) }, now: now, window: day.window,
            peak: day.peak, centre: .init(time: clock(centreTime), uvi: focused.uvi, caption: caption), theme: theme)
    }
}
