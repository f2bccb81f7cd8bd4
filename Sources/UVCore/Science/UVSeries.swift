import FoundationEssentials

/// One UV index value at an instant.
public struct UVSample: Sendable, Equatable, Codable {
    public var time: Date
    public var uvi: Double

    public init(time: Date, uvi: Double) {
        self.time = time
        self.uvi = uvi
    }
}

/// A time series of UV index values (usually hourly), read as straight lines between samples.
public struct UVSeries: Sendable, Equatable {
    /// Samples in time order.
    public let samples: [UVSample]

    /// Samples already in order are kept as they are (the engine makes a series of the same
    /// sorted samples at every step; sorting a copy each time was a tenth of a simulated year).
    public init(_ samples: [UVSample]) {
        let inOrder = zip(samples, samples.dropFirst()).allSatisfy { $0.time <= $1.time }
        self.samples = inOrder ? samples : samples.sorted { $0.time < $1.time }
    }

    /// The value at `date`, interpolated linearly; before the first or after the last sample the
    /// nearest sample's value holds. Zero for an empty series.
    public func uvi(at date: Date) -> Double {
        guard let first = samples.first, let last = samples.last else { return 0 }
        if date <= first.time { return first.uvi }
        if date >= last.time { return last.uvi }
        var low = 0
        var high = samples.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if samples[middle].time <= date { low = middle } else { high = middle }
        }
        let a = samples[low]
        let b = samples[high]
        let fraction = date.timeIntervalSince(a.time) / b.time.timeIntervalSince(a.time)
        return a.uvi + fraction * (b.uvi - a.uvi)
    }

    /// The first instant after `date` when the (interpolated) UV reaches `level`, or nil if it
    /// does not within the series.
    public func firstTime(atLeast level: Double, after date: Date) -> Date? {
        if uvi(at: date) >= level { return nil }
        var previous = UVSample(time: date, uvi: uvi(at: date))
        for sample in samples where sample.time > date {
            if sample.uvi >= level {
                let fraction = (level - previous.uvi) / (sample.uvi - previous.uvi)
                return previous.time.addingTimeInterval(fraction * sample.time.timeIntervalSince(previous.time))
            }
            previous = sample
        }
        return nil
    }

    /// The samples with `interval.start <= time < interval.end`.
    public func samples(in interval: DateInterval) -> [UVSample] {
        samples.filter { $0.time >= interval.start && $0.time < interval.end }
    }
}
