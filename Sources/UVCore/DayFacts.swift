import FoundationEssentials

/// The day's numbers for one place, one person and one moment: the single computation that the
/// rule engine's reminders, `uvctl status`, `watch`, the bars and the simulator all read, so that no
/// two of them can give a different reapply time, window, peak or burn time.
///
/// Pure: the moment is a parameter. The reapply time and countdown stage are computed at once
/// (every engine step needs them); the window, peak and burn time when first read.
public struct DayFacts: Sendable {
    /// What the numbers are computed from.
    public struct Inputs: Sendable {
        /// The local day `now` falls in, on the place's clock.
        public var day: DateInterval
        /// The day's UV, hour by hour: the provider's forecast, or the clear-sky model's.
        public var series: UVSeries
        /// The UV now when something knows it better than the series (a station's measurement,
        /// the provider's current value, the model at this very minute); nil reads the series.
        public var uviNow: Double?
        public var skinType: SkinType
        public var sunscreen: SunscreenApplication?
        /// `forecast.window`: which UV the sunscreen window starts at.
        public var window: WindowSetting
        /// `reapply.interval_minutes`.
        public var reapplyInterval: TimeInterval
        /// The family members out with the user, under the same sunscreen; empty alone.
        public var family: [FamilyMember]
        /// The place's zone, whose calendar the family's ages are counted on.
        public var zone: Zone

        public init(
            day: DateInterval, series: UVSeries, uviNow: Double? = nil, skinType: SkinType, sunscreen: SunscreenApplication?,
            window: WindowSetting, reapplyInterval: TimeInterval, family: [FamilyMember] = [], zone: Zone = .utc
        ) {
            self.family = family
            self.zone = zone
            self.day = day
            self.series = series
            self.uviNow = uviNow
            self.skinType = skinType
            self.sunscreen = sunscreen
            self.window = window
            self.reapplyInterval = reapplyInterval
        }
    }

    public let inputs: Inputs
    public let now: Date
    /// The UV index now, never negative.
    public let uvi: Double
    /// When the sunscreen on record should go on again, and why; nil without sunscreen. Out with
    /// the family, the earliest of everyone's who wears it (a baby under 6 months does not).
    public let reapply: ReapplyTime?
    /// Whose protection runs out first, when it is a family member's (nil: the user's, or alone).
    public let reapplyFirst: String?
    /// How pressing that is now.
    public let countdown: ReapplyCountdown?

    public init(_ inputs: Inputs, now: Date) {
        self.inputs = inputs
        self.now = now
        uvi = max(0, inputs.uviNow ?? inputs.series.uvi(at: now))
        // The series, not the reading now: the engine, which knows no station, must get the same time.
        let wearers =
            [(nil, inputs.skinType)]
            + inputs.family.filter { !$0.isUnderSixMonths(at: now, in: inputs.zone) }.map { (Optional($0.name), $0.skinType) }
        // The earliest; the earlier in the list on a tie (the user first).
        let first = inputs.sunscreen.flatMap { application in
            wearers.map { name, skinType in
                (
                    name,
                    ReapplyTime(application: application, skinType: skinType, uvi: inputs.series.uvi(at:), interval: inputs.reapplyInterval)
                )
            }.min { $0.1.date < $1.1.date }
        }
        reapply = first?.1
        reapplyFirst = first?.0
        countdown = reapply.map { ReapplyCountdown(reapplyAt: $0.date, now: now) }
    }

    /// The protection the sunscreen on record still gives (1 once washed off or worn out); nil
    /// without sunscreen.
    public var effectiveSPF: Double? { inputs.sunscreen?.effectiveSPF(at: now) }

    /// Sunscreen on and not yet due for reapplying.
    public var isProtected: Bool { reapply.map { $0.date > now } ?? false }

    /// The highest UV from now to the end of the day.
    public var uviAhead: Double {
        (inputs.series.samples.filter { $0.time > now && $0.time < inputs.day.end }.map(\.uvi) + [uvi]).max() ?? uvi
    }

    /// The sunscreen window in the configured mode.
    public var window: TimeSpan? {
        ProtectionWindow.sunscreen(inputs.series, day: inputs.day, threshold: inputs.window.threshold(for: inputs.skinType))
    }

    public var peak: PeakWindow? { ProtectionWindow.peak(inputs.series, day: inputs.day) }

    /// Time to burn from now: the UV now, then the series; the protection as it wears off.
    public var burnTime: BurnTime { burnTime(for: inputs.skinType) }

    /// The same for `skinType`, under the same UV and sunscreen: every person's burn time, the
    /// user's and the family's (`Party`), is this one computation.
    public func burnTime(for skinType: SkinType) -> BurnTime {
        let (series, uvi, now, sunscreen) = (inputs.series, uvi, now, inputs.sunscreen)
        return BurnTime(
            skinType: skinType, from: now, uvi: { $0 <= now ? uvi : series.uvi(at: $0) },
            effectiveSPF: { sunscreen?.effectiveSPF(at: $0) ?? 1 })
    }
}
