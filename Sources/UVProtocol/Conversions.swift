import FoundationEssentials
import UVCore

extension LocationInfo {
    /// The place as clients see it: coordinates at 0.1° when the daemon sends them.
    public init(_ place: Place, approximate: Bool) {
        let coordinate = approximate ? place.coordinate.approximate : place.coordinate
        self.init(
            name: place.name, latitude: coordinate.latitude, longitude: coordinate.longitude,
            timeZone: place.zone, source: place.source,
            isDefault: place.isDefault)
    }

    /// The place's zone, as every client reads it (UTC where this system has none of that name).
    public var zone: Zone { timeZone.value.zone }
}

extension ForecastInfo {
    /// A day's forecast from an outlook: the one shape for the daemon's live forecast and
    /// uvctl's offline one. `hourSource` says where each hour's value comes from (`source` for
    /// every hour when not given).
    public init(
        outlook: DayOutlook, place: Place, approximate: Bool, skinType: SkinType, window: WindowSetting,
        source: UVSource, updatedAt: Date?, clearSky: [Date: Double] = [:], daily: [DailyUV] = [], hourSource: ((Date) -> UVSource)? = nil
    ) {
        let iso = ISOTimestamp(timeZone: place.timeZone)
        self.init(
            source: source, attribution: source.attribution, updatedAt: updatedAt.map(iso.string),
            location: LocationInfo(place, approximate: approximate), date: CalendarDate(containing: outlook.day.start, in: place.timeZone),
            skinType: skinType, windowThreshold: window.threshold(for: skinType).uvi.rounded(places: 2),
            hours: outlook.hours.map {
                HourInfo(
                    time: iso.string($0.time), uvi: $0.uvi.rounded(places: 2), level: $0.level,
                    clearSkyUVI: clearSky[$0.time]?.rounded(places: 2), burnTimeMinutes: $0.burnTime.wholeMinutes,
                    source: hourSource?($0.time) ?? source)
            },
            window: outlook.window.map { SpanInfo(start: iso.string($0.start), end: iso.string($0.end)) },
            peak: outlook.peak.map {
                PeakInfo(
                    start: iso.string($0.span.start), end: iso.string($0.span.end), uvi: $0.uvi.rounded(places: 2), at: iso.string($0.at))
            },
            sunrise: outlook.sun.sunrise.map(iso.string), sunset: outlook.sun.sunset.map(iso.string),
            solarNoon: iso.string(outlook.sun.solarNoon),
            daily: daily.compactMap { day in CalendarDate(parsing: day.date).map { DailyInfo(date: $0, maxUVI: day.maxUVI) } })
    }
}

extension SpanInfo {
    /// The span as instants: the one reading of a window or peak the daemon sent; nil when an end
    /// is not an ISO 8601 instant or the span runs backwards.
    public var timeSpan: TimeSpan? {
        guard let start = ISOInstant.parse(start), let end = ISOInstant.parse(end), start <= end else { return nil }
        return TimeSpan(start: start, end: end)
    }
}

extension PeakInfo {
    /// The peak's stretch of time (see `SpanInfo.timeSpan`).
    public var timeSpan: TimeSpan? { SpanInfo(start: start, end: end).timeSpan }
}
