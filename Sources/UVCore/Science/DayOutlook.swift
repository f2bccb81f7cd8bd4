import FoundationEssentials

/// A local day's UV at a glance: every hour with its level and burn time, the sunscreen window,
/// the peak, and sunrise and sunset.
public struct DayOutlook: Sendable {
    /// One hour of the day.
    public struct Hour: Sendable, Equatable {
        public var time: Date
        public var uvi: Double
        public var level: UVLevel
        /// Unprotected burn time for the outlook's skin type.
        public var burnTime: BurnTime
    }

    public let day: DateInterval
    public let hours: [Hour]
    public let window: TimeSpan?
    public let peak: PeakWindow?
    public let sun: SunTimes

    public init(series: UVSeries, day: DateInterval, coordinate: Coordinate, skinType: SkinType, threshold: WindowThreshold) {
        self.day = day
        hours = series.samples(in: day).map {
            Hour(time: $0.time, uvi: $0.uvi, level: UVLevel(uvi: $0.uvi), burnTime: BurnTime(skinType: skinType, uvi: $0.uvi))
        }
        window = ProtectionWindow.sunscreen(series, day: day, threshold: threshold)
        peak = ProtectionWindow.peak(series, day: day)
        sun = SunTimes(day: day, coordinate: coordinate)
    }

    /// The clear-sky model's value at every whole local hour of `day`.
    public static func modelledSeries(day: DateInterval, coordinate: Coordinate, model: ClearSkyUV = ClearSkyUV()) -> UVSeries {
        UVSeries(LocalDay.hours(of: day).map { UVSample(time: $0, uvi: model.uvIndex(at: $0, coordinate: coordinate)) })
    }
}

/// Where `now` stands against the day's sunscreen window, for the banner copy.
public enum WindowPhase: Sendable, Equatable {
    /// No UV at or above the threshold that day.
    case none
    /// The window is ahead or under way: "Sunscreen window 9:20 am – 2:40 pm".
    case takeCare(TimeSpan)
    /// The window has passed: "Safe tonight".
    case over

    public init(window: TimeSpan?, now: Date) {
        guard let window else {
            self = .none
            return
        }
        self = now > window.end ? .over : .takeCare(window)
    }
}
