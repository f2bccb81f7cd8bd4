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
        /// What each person out has on.
        public var sunscreen: SunscreenOn
        /// `forecast.window`: which UV the sunscreen window starts at.
        public var window: WindowSetting
        /// `reapply.interval_minutes`.
        public var reapplyInterval: TimeInterval
        /// The family members out with the user; empty alone.
        public var family: [FamilyMember]
        /// The place's zone, whose calendar the family's ages are counted on.
        public var zone: Zone

        public init(
            day: DateInterval, series: UVSeries, uviNow: Double? = nil, skinType: SkinType, sunscreen: SunscreenOn,
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
    /// the family, the earliest of everyone's who wears some, each their own (a baby under 6
    /// months wears none).
    public let reapply: ReapplyTime?
    /// Whose protection runs out first, when it is a family member's (nil: the user's, or alone).
    public let reapplyFirst: String?
    /// The application whose protection runs out first (`reapply`'s), as that person wears it.
    public let reapplyApplication: SunscreenApplication?
    /// How pressing that is now.
    public let countdown: ReapplyCountdown?

    public init(_ inputs: Inputs, now: Date) {
        self.inputs = inputs
        self.now = now
        uvi = max(0, inputs.uviNow ?? inputs.series.uvi(at: now))
        // The series, not the reading now: the engine, which knows no station, must get the same time.
        let wearers: [(String?, SkinType, SunscreenApplication?)] =
            [(nil, inputs.skinType, inputs.sunscreen.user)]
            + inputs.family.filter { !Someone($0, at: now, in: inputs.zone).isYoungBaby }.map {
                ($0.name, $0.skinType, inputs.sunscreen.worn(by: $0))
            }
        // The earliest; the earlier in the list on a tie (the user first).
        let first = wearers.compactMap { name, skinType, application in
            application.map {
                (name, ReapplyTime(application: $0, skinType: skinType, uvi: inputs.series.uvi(at:), interval: inputs.reapplyInterval), $0)
            }
        }.min { $0.1.date < $1.1.date }
        reapply = first?.1
        reapplyFirst = first?.0
        reapplyApplication = first?.2
        countdown = reapply.map { ReapplyCountdown(reapplyAt: $0.date, now: now) }
    }

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

    /// The user's time to burn from now: the UV now, then the series; the protection as it
    /// wears off.
    public var burnTime: BurnTime { burnTime(for: inputs.skinType, wearing: inputs.sunscreen.user) }

    /// `member`'s, in what they wear.
    public func burnTime(of member: FamilyMember) -> BurnTime {
        burnTime(for: member.skinType, wearing: inputs.sunscreen.worn(by: member))
    }

    /// The same for `skinType` wearing `sunscreen`, under the same UV: every person's burn time,
    /// the user's and the family's (`Party`), is this one computation.
    public func burnTime(for skinType: SkinType, wearing sunscreen: SunscreenApplication?) -> BurnTime {
        let (series, uvi, now) = (inputs.series, uvi, now)
        return BurnTime(
            skinType: skinType, from: now, uvi: { $0 <= now ? uvi : series.uvi(at: $0) },
            effectiveSPF: { sunscreen?.effectiveSPF(at: $0) ?? 1 })
    }
}
