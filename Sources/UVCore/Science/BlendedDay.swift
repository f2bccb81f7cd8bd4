import FoundationEssentials

/// The one UV series uvd uses for a place and moment: the forecasts' hours (the first forecast's
/// where it has them, the next one's beyond its reach; the clear-sky model's without any), with a
/// station's nowcast laid over the hours from its latest reading on. Status,
/// forecast, windows, burn times and the rule engine all read this series, so the value now can
/// never be above the day's peak, and a measurement far above the forecast moves the alerts.
///
/// Pure: time is a parameter. Every sample says where it came from.
public struct BlendedDay: Sendable {
    public let series: UVSeries
    /// The source of each of `series.samples`, in the same order.
    public let sources: [UVSource]
    /// The nowcast laid over the forecast, if a station measured recently.
    public let nowcast: Nowcast?
    /// The station's recent readings were not believed: one value held for half an hour while the
    /// Sun's height changed the clear-sky UV by a fifth or more (a stuck sensor or feed).
    public let stationFrozen: Bool

    /// The first forecast provider with hours today, behind the hours the nowcast does not lead;
    /// `.model` without one.
    public let base: UVSource

    /// A station reading older than this leads nothing.
    public static let readingMaximumAge: TimeInterval = 30 * 60
    /// How far ahead of uvd's clock a station's may be (its reading then counts as just taken);
    /// further ahead, the reading is not believed.
    public static let clockTolerance: TimeInterval = -15 * 60

    /// - Parameters:
    ///   - forecasts: the providers' forecasts, first the one to follow; those without hours in
    ///     `day` are passed over, and none leaves the clear-sky model.
    ///   - readings: the nearby station's recent readings (any order; those more than 15 minutes
    ///     after `now` are not believed).
    public init(
        day: DateInterval, forecasts: [UVForecast], readings: [UVSample], coordinate: Coordinate, now: Date,
        settings: Nowcast.Settings = Nowcast.Settings()
    ) {
        let covering = forecasts.filter { !$0.series.samples(in: day).isEmpty }
        let hours =
            Self.merged(covering) ?? DayOutlook.modelledSeries(day: day, coordinate: coordinate).samples.map { ($0, UVSource.model) }
        let baseSeries = UVSeries(hours.map(\.0))
        let base = covering.first?.source ?? .model
        let recent = readings.filter { (Self.clockTolerance..<Self.readingMaximumAge).contains(now.timeIntervalSince($0.time)) }
        stationFrozen = Self.frozen(readings.filter { now.timeIntervalSince($0.time) < 3600 }, coordinate: coordinate)
        let believed = stationFrozen ? [] : recent
        let nowcast = believed.map(\.time).max().flatMap { latest in
            Nowcast(readings: believed, issuedAt: latest.addingTimeInterval(1), coordinate: coordinate, settings: settings)
        }
        self.nowcast = nowcast
        self.base = base
        guard let nowcast, let latest = believed.max(by: { $0.time < $1.time }) else {
            series = baseSeries
            sources = hours.map(\.1)
            return
        }
        var samples: [UVSample] = []
        var sources: [UVSource] = []
        for (sample, source) in hours where sample.time < latest.time {
            samples.append(sample)
            sources.append(source)
        }
        // The latest reading is itself the value at its time: the nowcast carries the window's
        // ratio (bounded) into the hours after it.
        samples.append(latest)
        sources.append(.arpansa)
        for time in baseSeries.samples.map(\.time) where time > nowcast.issuedAt {
            // Without a forecast the nowcast fades into the calibrated clear sky, not the raw model.
            let value = nowcast.uvi(at: time, base: covering.isEmpty ? nil : baseSeries.uvi(at: time))
            samples.append(UVSample(time: time, uvi: value))
            let hour = hours.last { $0.0.time <= time }?.1 ?? base
            sources.append(nowcast.weight(at: time) >= 0.5 ? .arpansa : hour)
        }
        series = UVSeries(samples)
        self.sources = sources
    }

    /// The forecasts' hours in time order: all of the first's, then each next one's where the ones
    /// before it have no hour within 90 minutes (beyond their reach, or an hour they left out: a
    /// gap is filled, not drawn across); nil without a forecast.
    static func merged(_ forecasts: [UVForecast]) -> [(UVSample, UVSource)]? {
        guard !forecasts.isEmpty else { return nil }
        var hours: [(UVSample, UVSource)] = []
        for forecast in forecasts {
            let taken = hours.map(\.0.time)
            for sample in forecast.series.samples where !taken.contains(where: { abs($0.timeIntervalSince(sample.time)) < 90 * 60 }) {
                hours.append((sample, forecast.source))
            }
        }
        return hours.sorted { $0.0.time < $1.0.time }
    }

    /// One value, not zero, over 30 minutes or more of readings while the clear-sky UV moved by a
    /// fifth: no sky holds a measurement that still.
    static func frozen(_ readings: [UVSample], coordinate: Coordinate) -> Bool {
        let ordered = readings.sorted { $0.time < $1.time }
        guard ordered.count >= 3, let first = ordered.first, let last = ordered.last, last.time.timeIntervalSince(first.time) >= 30 * 60,
            first.uvi > 0, ordered.allSatisfy({ $0.uvi == first.uvi })
        else { return false }
        let start = ClearSkyUV().uvIndex(at: first.time, coordinate: coordinate)
        let end = ClearSkyUV().uvIndex(at: last.time, coordinate: coordinate)
        return abs(end - start) >= 0.2 * max(start, end)
    }

    /// Where the value at `date` comes from: the source of the nearest sample at or before it.
    public func source(at date: Date) -> UVSource {
        let samples = series.samples
        guard let index = samples.lastIndex(where: { $0.time <= date }) else { return sources.first ?? base }
        return sources[index]
    }
}
