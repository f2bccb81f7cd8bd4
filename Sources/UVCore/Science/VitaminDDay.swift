import FoundationEssentials

/// One person's vitamin D over a local day: hour by hour the minutes a standard dose takes
/// beside the burn time, the day's best hour, and whether the sun makes any at all.
///
/// The one computation every view of vitamin D reads (`uvctl vitamin-d`, status, forecast, the
/// tray, the morning summary), so they cannot disagree. The UV comes in as a function: the
/// forecast's, or the clear-sky model's (`ClearSkyUV`) where there is no forecast.
public struct VitaminDDay: Sendable, Equatable {
    /// One local clock hour, judged at its middle.
    public struct Hour: Sendable, Equatable {
        /// The hour's first instant.
        public let start: Date
        /// The UV index and the Sun's zenith angle at the hour's middle.
        public let uvi: Double
        public let zenith: Double
        /// Minutes for a standard dose (`StandardVitaminDDose`), nil when this sun makes none.
        public let minutes: Double?
        /// The burn time in the same UV and sunscreen (`BurnTime`, what uvd says everywhere).
        public let burnTime: BurnTime

        /// The dose's minutes as a share of the burn time, when both are known.
        public var burnShare: Double? {
            guard let minutes, case .minutes(let burn) = burnTime, burn > 0 else { return nil }
            return minutes / burn
        }
    }

    /// Each whole local hour whose middle has the Sun above the horizon.
    public let hours: [Hour]

    /// The hour to choose: a standard dose there takes the least share of the burn time. The share
    /// hardly changes while the Sun is high (the ratio of vitamin-D to burning UV is flat), so of
    /// the hours within a twentieth of the least share, as Cancer Council Australia's statement
    /// puts it: with UV 3 or more, the gentlest such UV (mid-morning or mid-afternoon); with less
    /// all day, the fewest minutes (midday). Of equals, the first.
    public let bestHour: Hour?

    /// Whether the sun makes vitamin D in any hour of the day.
    public var makesVitaminD: Bool { bestHour != nil }

    /// How far above the least share an hour may be and still count as as good.
    static let shareTolerance = 1.05

    /// The UV index from which sun protection is advised, and the best hour is the gentlest.
    static let protectionUVI = 3.0

    /// The light of one local hour at its middle, the same for everyone out: worked out once for a
    /// day (`light(day:coordinate:uvi:)`), read by each person's day.
    struct HourLight: Sendable {
        let start: Date
        let uvi: Double
        let zenith: Double
        /// Vitamin-D over erythemal UV for that sun (`VitaminDWeighting.ratio`).
        let ratio: Double
    }

    /// Each whole local hour of `day` whose middle has the Sun above the horizon, with its light.
    static func light(day: DateInterval, coordinate: Coordinate, uvi: (Date) -> Double) -> [HourLight] {
        LocalDay.hours(of: day).compactMap { start in
            let middle = start.addingTimeInterval(1800)
            let zenith = SolarPosition(at: middle, coordinate: coordinate).zenith
            guard zenith < 90 else { return nil }
            return HourLight(start: start, uvi: max(0, uvi(middle)), zenith: zenith, ratio: VitaminDWeighting.ratio(zenith: zenith))
        }
    }

    public init(
        day: DateInterval, coordinate: Coordinate, skinType: SkinType, exposure: SkinExposure = .standard,
        effectiveSPF: Double = 1, uvi: (Date) -> Double
    ) {
        self.init(
            light: Self.light(day: day, coordinate: coordinate, uvi: uvi), skinType: skinType, exposure: exposure,
            effectiveSPF: effectiveSPF)
    }

    /// One person's day in light already worked out.
    init(light: [HourLight], skinType: SkinType, exposure: SkinExposure, effectiveSPF: Double = 1) {
        hours = light.map { hour in
            Hour(
                start: hour.start, uvi: hour.uvi, zenith: hour.zenith,
                minutes: StandardVitaminDDose.minutes(
                    skinType: skinType, exposure: exposure, uvi: hour.uvi, ratio: hour.ratio, effectiveSPF: effectiveSPF),
                burnTime: BurnTime(skinType: skinType, uvi: hour.uvi, effectiveSPF: effectiveSPF))
        }
        let shares = hours.compactMap(\.burnShare)
        guard let least = shares.min() else {
            bestHour = nil
            return
        }
        let asGood = hours.filter { ($0.burnShare ?? .infinity) <= least * Self.shareTolerance }
        let protected = asGood.filter { $0.uvi >= Self.protectionUVI }
        bestHour =
            protected.isEmpty
            ? asGood.min { ($0.minutes ?? .infinity) < ($1.minutes ?? .infinity) } : protected.min { $0.uvi < $1.uvi }
    }

    /// The same day under a clear sky: the clear-sky day `uvctl forecast --offline` shows
    /// (`DayOutlook.modelledSeries`).
    public static func clearSky(
        day: DateInterval, coordinate: Coordinate, skinType: SkinType, exposure: SkinExposure = .standard, effectiveSPF: Double = 1
    ) -> VitaminDDay {
        let series = DayOutlook.modelledSeries(day: day, coordinate: coordinate)
        return VitaminDDay(
            day: day, coordinate: coordinate, skinType: skinType, exposure: exposure, effectiveSPF: effectiveSPF, uvi: series.uvi(at:))
    }

    /// Whether a clear sky's solar noon on `day` makes vitamin D at `coordinate`.
    public static func clearNoonMakesVitaminD(day: DateInterval, coordinate: Coordinate) -> Bool {
        let noon = SunTimes(day: day, coordinate: coordinate).solarNoon
        let sun = SolarPosition(at: noon, coordinate: coordinate)
        return VitaminDWeighting.makesVitaminD(uvi: ClearSkyUV().uvIndex(for: sun), zenith: sun.zenith)
    }

    /// The first day after `date`, within a year, whose clear noon makes vitamin D at
    /// `coordinate`; nil if no day of the coming year does.
    public static func nextDayItCan(after date: CalendarDate, coordinate: Coordinate, zone: Zone) -> CalendarDate? {
        var day = date.interval(in: zone)
        for _ in 0..<366 {
            day = LocalDay.interval(containing: day.end.addingTimeInterval(1), in: zone)
            if clearNoonMakesVitaminD(day: day, coordinate: coordinate) {
                return CalendarDate(containing: day.start, in: zone)
            }
        }
        return nil
    }
}
