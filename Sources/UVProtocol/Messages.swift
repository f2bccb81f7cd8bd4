import UVCore

/// The shapes `io.uvd` replies with, shared by uvd and uvctl (`uvctl … --json` prints them).
/// Times are ISO 8601 strings with the place's UTC offset.

public struct LocationInfo: Codable, Sendable, Equatable {
    public var name: String
    public var latitude: Double
    public var longitude: Double
    public var timeZone: Written<ZoneName>
    /// manual, geoclue, time-zone or default.
    public var source: Word<Place.Source>
    public var isDefault: Bool

    public init(name: String, latitude: Double, longitude: Double, timeZone: ZoneName, source: Place.Source, isDefault: Bool) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.timeZone = Written(timeZone)
        self.source = Word(source)
        self.isDefault = isDefault
    }
}

public struct SpanInfo: Codable, Sendable, Equatable {
    public var start: String
    public var end: String

    public init(start: String, end: String) {
        self.start = start
        self.end = end
    }
}

public struct PeakInfo: Codable, Sendable, Equatable {
    public var start: String
    public var end: String
    public var uvi: Double
    public var at: String

    public init(start: String, end: String, uvi: Double, at: String) {
        self.start = start
        self.end = end
        self.uvi = uvi
        self.at = at
    }
}

public struct SunscreenInfo: Codable, Sendable, Equatable {
    public var spf: Written<SPF>
    public var quantity: Written<SunscreenQuantity>
    public var activity: Written<SunscreenActivity>
    public var appliedAt: String
    public var effectiveSPF: Double
    public var reapplyAt: String
    /// interval, protectionUsedUp or water.
    public var reapplyReason: Word<ReapplyTime.Reason>
    /// How pressing the reapply time is now: normal, attention, urgent or now.
    public var countdown: Word<ReapplyCountdown>
    @Null public var waterEventAt: String?
    /// The family member whose protection runs out first (at `reapplyAt`); null when it is the
    /// user's (or the user is out alone). The status gives that person's application; a reply
    /// to ApplySunscreen, the one just put on.
    @Null public var firstOut: String?

    public init(
        spf: SPF, quantity: SunscreenQuantity, activity: SunscreenActivity, appliedAt: String, effectiveSPF: Double, reapplyAt: String,
        reapplyReason: ReapplyTime.Reason,
        countdown: ReapplyCountdown, waterEventAt: String?, firstOut: String? = nil
    ) {
        self.firstOut = firstOut
        self.spf = Written(spf)
        self.quantity = Written(quantity)
        self.activity = Written(activity)
        self.appliedAt = appliedAt
        self.effectiveSPF = effectiveSPF
        self.reapplyAt = reapplyAt
        self.reapplyReason = Word(reapplyReason)
        self.countdown = Word(countdown)
        self.waterEventAt = waterEventAt
    }
}

/// Where the person is: `in`, or `out` since an instant (ISO 8601 on the place's clock).
public struct WhereaboutsInfo: Codable, Sendable, Equatable {
    public var state: Word<Whereabouts.State>
    @Null public var since: String?

    public init(_ whereabouts: Whereabouts, iso: ISOTimestamp) {
        state = Word(whereabouts.state)
        since = whereabouts.outSince.map(iso.string)
    }

    /// What it says, read back; nil for a state this release does not know, or out without
    /// the instant.
    public var whereabouts: Whereabouts? {
        switch (state.value, since.flatMap(ISOInstant.parse)) {
        case (.inside?, _): .inside
        case (.out?, let since?): .out(since: since)
        case (.out?, nil), (nil, _): nil
        }
    }
}

/// How fresh the shown UV is: the provider's data fresh, stale (over 90 minutes) or expired
/// (over 6 hours), or the clear-sky model's (no provider data answers).
public enum ShownFreshness: String, ReplyWord {
    case fresh, stale, expired, modelled

    public init(_ freshness: Freshness, modelled: Bool) {
        self =
            if modelled {
                .modelled
            } else {
                switch freshness {
                case .fresh: .fresh
                case .stale: .stale
                case .expired: .expired
                }
            }
    }
}

/// `GetStatus` and `Subscribe`: everything one glance needs.
public struct StatusInfo: Codable, Sendable, Equatable {
    public var uvi: Double
    public var level: Word<UVLevel>
    /// open-meteo, cams, arpansa, openweathermap or model.
    public var source: Word<UVSource>
    public var attribution: String
    @Null public var updatedAt: String?
    @Null public var ageMinutes: Int?
    /// Provider data older than 90 minutes: true when `freshness` is stale or expired.
    public var stale: Bool
    /// The shown value's: fresh, stale, expired, or modelled (the clear-sky model answers).
    public var freshness: Word<ShownFreshness>
    /// Why the model answers, when it does, in the daemon's language.
    @Null public var note: String?
    /// The same as facts, for a client to word in its own (`ModelReasonInfo.sentence`).
    @Null public var modelReason: ModelReasonInfo?
    public var location: LocationInfo
    public var skinType: Written<SkinType>
    public var skinTypeIsDefault: Bool
    @Null public var burnTimeMinutes: Int?
    @Null public var sunscreen: SunscreenInfo?
    @Null public var window: SpanInfo?
    @Null public var peak: PeakInfo?
    @Null public var temperatureCelsius: Double?
    /// The WMO weather code (Open-Meteo's `weather_code`), where the provider gives one.
    @Null public var weatherCode: Int?
    public var requestsToday: Int
    public var now: String
    /// What the user should know that is not about the UV (a damaged store moved aside, …).
    public var warnings: [String]
    /// What each source says, and which one uvd uses and why.
    public var sources: [SourceInfo]
    /// Where two sources differ by 2 UVI or more, in words.
    public var disagreements: [String]
    /// Today's dose, when the day has time outside.
    @Null public var dose: DoseInfo?
    /// Each person's burn time and who burns first, when the user has a family.
    @Null public var family: FamilyStatusInfo? = nil
    /// Where the person is, as the rules read it (nil from a uvd before 0.5).
    @Null public var whereabouts: WhereaboutsInfo? = nil
    /// Today's vitamin D (`VitaminDInfo`); left out of the JSON when not given (a reply made
    /// without a place's day, as uvctl's own).
    public var vitaminD: VitaminDInfo? = nil

    public init(
        uvi: Double, level: UVLevel, source: UVSource, attribution: String, updatedAt: String?, ageMinutes: Int?, stale: Bool,
        freshness: ShownFreshness, note: String?, modelReason: ModelReasonInfo? = nil, location: LocationInfo, skinType: SkinType,
        skinTypeIsDefault: Bool,
        burnTimeMinutes: Int?, sunscreen: SunscreenInfo?, window: SpanInfo?, peak: PeakInfo?,
        temperatureCelsius: Double?, weatherCode: Int? = nil, requestsToday: Int, now: String, warnings: [String] = [],
        sources: [SourceInfo] = [], disagreements: [String] = []
    ) {
        self.uvi = uvi
        self.level = Word(level)
        self.source = Word(source)
        self.attribution = attribution
        self.updatedAt = updatedAt
        self.ageMinutes = ageMinutes
        self.stale = stale
        self.freshness = Word(freshness)
        self.note = note
        self.modelReason = modelReason
        self.location = location
        self.skinType = Written(skinType)
        self.skinTypeIsDefault = skinTypeIsDefault
        self.burnTimeMinutes = burnTimeMinutes
        self.sunscreen = sunscreen
        self.window = window
        self.peak = peak
        self.temperatureCelsius = temperatureCelsius
        self.weatherCode = weatherCode
        self.requestsToday = requestsToday
        self.now = now
        self.warnings = warnings
        self.sources = sources
        self.disagreements = disagreements
    }
}

public struct HourInfo: Codable, Sendable, Equatable {
    public var time: String
    public var uvi: Double
    public var level: Word<UVLevel>
    @Null public var clearSkyUVI: Double?
    @Null public var burnTimeMinutes: Int?
    /// Where the hour's value comes from: cams, open-meteo, openweathermap, arpansa (a station's
    /// nowcast) or model.
    public var source: Word<UVSource>

    public init(time: String, uvi: Double, level: UVLevel, clearSkyUVI: Double?, burnTimeMinutes: Int?, source: UVSource) {
        self.time = time
        self.uvi = uvi
        self.level = Word(level)
        self.clearSkyUVI = clearSkyUVI
        self.burnTimeMinutes = burnTimeMinutes
        self.source = Word(source)
    }
}

extension StatusInfo {
    /// The UV level to show: as sent, or for a word this release does not know, the band its UV
    /// is in.
    public var shownLevel: UVLevel { level.value ?? UVLevel(uvi: uvi) }
}

extension HourInfo {
    /// The hour's UV level to show: as sent, or for a word this release does not know, the band
    /// its UV is in.
    public var shownLevel: UVLevel { level.value ?? UVLevel(uvi: uvi) }
}

public struct DailyInfo: Codable, Sendable, Equatable {
    public var date: Written<CalendarDate>
    public var maxUVI: Double

    public init(date: CalendarDate, maxUVI: Double) {
        self.date = Written(date)
        self.maxUVI = maxUVI
    }
}

/// `GetForecast`, and `uvctl forecast --json` (live or `--offline`).
public struct ForecastInfo: Codable, Sendable, Equatable {
    public var source: Word<UVSource>
    public var attribution: String
    @Null public var updatedAt: String?
    public var location: LocationInfo
    public var date: Written<CalendarDate>
    public var skinType: Written<SkinType>
    public var windowThreshold: Double
    public var hours: [HourInfo]
    @Null public var window: SpanInfo?
    @Null public var peak: PeakInfo?
    @Null public var sunrise: String?
    @Null public var sunset: String?
    public var solarNoon: String
    public var daily: [DailyInfo]
    /// The day's vitamin D from the same UV (`VitaminDInfo`); left out of the JSON when not
    /// given (a forecast made without it, as before 0.5.0).
    public var vitaminD: VitaminDInfo? = nil

    public init(
        source: UVSource, attribution: String, updatedAt: String?, location: LocationInfo, date: CalendarDate, skinType: SkinType,
        windowThreshold: Double, hours: [HourInfo], window: SpanInfo?, peak: PeakInfo?, sunrise: String?, sunset: String?,
        solarNoon: String, daily: [DailyInfo]
    ) {
        self.source = Word(source)
        self.attribution = attribution
        self.updatedAt = updatedAt
        self.location = location
        self.date = Written(date)
        self.skinType = Written(skinType)
        self.windowThreshold = windowThreshold
        self.hours = hours
        self.window = window
        self.peak = peak
        self.sunrise = sunrise
        self.sunset = sunset
        self.solarNoon = solarNoon
        self.daily = daily
    }
}

public struct StationInfo: Codable, Sendable, Equatable {
    public var station: String
    @Null public var uvi: Double?
    public var time: String
    public var ageMinutes: Int
    public var status: String
    public var latitude: Double
    public var longitude: Double

    public init(station: String, uvi: Double?, time: String, ageMinutes: Int, status: String, latitude: Double, longitude: Double) {
        self.station = station
        self.uvi = uvi
        self.time = time
        self.ageMinutes = ageMinutes
        self.status = status
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// The family's burn times now (`Party`): who burns first, and everyone, the user first.
public struct FamilyStatusInfo: Codable, Sendable, Equatable {
    /// Who burns first, by name (the user's is "you"); nil when no one burns today.
    @Null public var firstToBurn: String?
    public var people: [PersonBurnInfo]

    public init(firstToBurn: String?, people: [PersonBurnInfo]) {
        self.firstToBurn = firstToBurn
        self.people = people
    }
}

/// One person's burn time now.
public struct PersonBurnInfo: Codable, Sendable, Equatable {
    public var name: String
    public var you: Bool
    public var skinType: Written<SkinType>
    @Null public var ageMonths: Int?
    /// Nil with no burn risk, and for a baby under 6 months (`keepOutOfSun`).
    @Null public var burnTimeMinutes: Int?
    /// To be kept out of direct sun now: a baby under 6 months (not timed), or under 12 months
    /// while UV is 3 or more.
    public var keepOutOfSun: Bool

    public init(name: String, you: Bool, skinType: SkinType, ageMonths: Int?, burnTimeMinutes: Int?, keepOutOfSun: Bool) {
        self.name = name
        self.you = you
        self.skinType = Written(skinType)
        self.ageMonths = ageMonths
        self.burnTimeMinutes = burnTimeMinutes
        self.keepOutOfSun = keepOutOfSun
    }
}

/// One person uvd watches over: the user (`you`, from the profile) or a member of the family.
public struct PersonInfo: Codable, Sendable, Equatable {
    public var name: String
    /// Whether this is the user (the profile), always the first.
    public var you: Bool
    @Null public var skinType: Written<SkinType>?
    /// YYYY-MM.
    @Null public var born: Written<BirthMonth>?
    /// The sunscreen this person wears, when not the user's default.
    @Null public var spf: Written<SPF>?

    public init(name: String, you: Bool, skinType: SkinType?, born: BirthMonth?, spf: SPF?) {
        self.name = name
        self.you = you
        self.skinType = skinType.map(Written.init)
        self.born = born.map(Written.init)
        self.spf = spf.map(Written.init)
    }
}

public struct ProfileInfo: Codable, Sendable, Equatable {
    @Null public var skinType: Written<SkinType>?
    public var spf: Written<SPF>
    public var quantity: Written<SunscreenQuantity>
    public var activity: Written<SunscreenActivity>
    public var waterResistanceMinutes: Written<WaterResistance>

    public init(
        skinType: SkinType?, spf: SPF, quantity: SunscreenQuantity, activity: SunscreenActivity, waterResistanceMinutes: WaterResistance
    ) {
        self.skinType = skinType.map(Written.init)
        self.spf = Written(spf)
        self.quantity = Written(quantity)
        self.activity = Written(activity)
        self.waterResistanceMinutes = Written(waterResistanceMinutes)
    }
}
