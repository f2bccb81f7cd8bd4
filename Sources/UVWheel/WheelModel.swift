import FoundationEssentials
import UVCore

/// What the UV wheel shows: a local day's hours around a clock face (midnight at the top, noon at
/// the bottom, 15° an hour), the sunscreen window and the peak as arcs, a notch at now, and the
/// focused hour in the centre. Pure data: `WheelSVG` draws it.
public struct WheelModel: Sendable, Equatable {
    /// One hour of the day's UV.
    public struct Hour: Sendable, Equatable {
        public var start: Date
        public var uvi: Double
        public init(start: Date, uvi: Double) {
            self.start = start
            self.uvi = uvi
        }
        public var level: UVLevel { UVLevel(uvi: uvi) }
    }

    /// The centre's three lines: the hour, the UV index, the level and burn time.
    public struct Centre: Sendable, Equatable {
        public var time: String
        public var uvi: Double
        public var caption: String
        public init(time: String, uvi: Double, caption: String) {
            self.time = time
            self.uvi = uvi
            self.caption = caption
        }
        /// `UV 7.2` (`UV 7,2` in French).
        public var uviText: String { tr("UV %1$@", DisplayLocale.current.decimal(uvi, places: 1)) }
    }

    public enum Theme: String, Sendable, CaseIterable {
        case light, dark
    }

    /// Local midnight: the top of the wheel.
    public var dayStart: Date
    /// The day's hours in order; the first 24 are drawn.
    public var hours: [Hour]
    /// Hours that ended before it are drawn at 30 % opacity, and it gets the notch, when it falls
    /// within the day.
    public var now: Date
    public var window: DateInterval?
    public var peak: DateInterval?
    public var centre: Centre
    public var theme: Theme

    public init(dayStart: Date, hours: [Hour], now: Date, window: DateInterval?, peak: DateInterval?, centre: Centre, theme: Theme) {
        self.dayStart = dayStart
        self.hours = hours
        self.now = now
        self.window = window
        self.peak = peak
        self.centre = centre
        self.theme = theme
    }

    /// Whether the hour ended by now (drawn faint).
    public func isPast(_ hour: Hour) -> Bool { hour.start.addingTimeInterval(3600) <= now }

    /// Degrees clockwise from the top for an instant of the day (24 h = 360°).
    public func angle(of instant: Date) -> Double {
        instant.timeIntervalSince(dayStart) / 86_400 * 360
    }
}
