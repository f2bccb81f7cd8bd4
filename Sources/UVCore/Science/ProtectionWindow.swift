import FoundationEssentials

/// A stretch of time from `start` to `end`.
public struct TimeSpan: Sendable, Equatable, Codable {
    public var start: Date
    public var end: Date

    public init(start: Date, end: Date) {
        self.start = start
        self.end = end
    }

    public func contains(_ date: Date) -> Bool { date >= start && date <= end }
}

/// The UV index above which the sunscreen window recommends protection.
public enum WindowThreshold: Sendable, Equatable {
    /// UVI ≥ 3, WHO's "protection required" level: the default.
    case uvi3
    /// UVI ≥ 6, WHO's "extra protection" level.
    case uvi6
    /// Whenever this skin type would burn unprotected in under 60 minutes:
    /// `k × MED ÷ UVI < 60`, so UVI above `k × MED ÷ 60` (type I: 1.7, type VI: 8.3).
    case personalised(SkinType)

    public var uvi: Double {
        switch self {
        case .uvi3: 3
        case .uvi6: 6
        case .personalised(let skin): BurnTime.k * skin.minimalErythemalDose / 60
        }
    }
}

/// Where the day's UV is highest: the span with UVI ≥ 90 % of the day's maximum.
public struct PeakWindow: Sendable, Equatable {
    public var span: TimeSpan
    /// The day's maximum index.
    public var uvi: Double
    /// When the maximum occurs.
    public var at: Date
}

/// The day's sunscreen window and peak window, from an hourly series read as straight lines
/// between samples, to the minute (start rounded down, end rounded up: never shorter than the data).
public enum ProtectionWindow {
    /// Share of the day's maximum that counts as the peak.
    public static let peakFraction = 0.9

    /// From the first moment UV reaches `threshold` during `day` to the last moment it is still there.
    public static func sunscreen(_ series: UVSeries, day: DateInterval, threshold: WindowThreshold) -> TimeSpan? {
        span(in: series.samples(in: day), atLeast: threshold.uvi)
    }

    /// The span around the day's maximum where UV is at least 90 % of it; nil on a day without UV.
    public static func peak(_ series: UVSeries, day: DateInterval) -> PeakWindow? {
        let samples = series.samples(in: day)
        guard let highest = samples.max(by: { $0.uvi < $1.uvi }), highest.uvi > 0,
            let span = span(in: samples, atLeast: highest.uvi * peakFraction)
        else { return nil }
        return PeakWindow(span: span, uvi: highest.uvi, at: highest.time)
    }

    static func span(in samples: [UVSample], atLeast threshold: Double) -> TimeSpan? {
        guard let firstIndex = samples.firstIndex(where: { $0.uvi >= threshold }),
            let lastIndex = samples.lastIndex(where: { $0.uvi >= threshold })
        else { return nil }
        let start =
            firstIndex == 0
            ? samples[0].time
            : crossing(samples[firstIndex - 1], samples[firstIndex], threshold)
        let end =
            lastIndex == samples.count - 1
            ? samples[lastIndex].time
            : crossing(samples[lastIndex], samples[lastIndex + 1], threshold)
        return TimeSpan(start: minute(start, .down), end: minute(end, .up))
    }

    /// Where the straight line from `a` to `b` meets `threshold` (one side is below it, one at or above).
    private static func crossing(_ a: UVSample, _ b: UVSample, _ threshold: Double) -> Date {
        let fraction = (threshold - a.uvi) / (b.uvi - a.uvi)
        return a.time.addingTimeInterval(fraction * b.time.timeIntervalSince(a.time))
    }

    /// Rounds to a whole minute by `rule`; an instant within a microsecond of a whole minute is
    /// that minute (interpolation leaves floating-point dust such as 07:19:59.9999999).
    private static func minute(_ date: Date, _ rule: FloatingPointRoundingRule) -> Date {
        let minutes = date.timeIntervalSince1970 / 60
        let nearest = minutes.rounded()
        let whole = abs(minutes - nearest) < 1e-8 ? nearest : minutes.rounded(rule)
        return Date(timeIntervalSince1970: whole * 60)
    }
}
