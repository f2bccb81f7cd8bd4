import FoundationEssentials
import UVCore

extension SkinExposure: NamedValue, ReplyWord {}

/// What the UV of a vitamin-D day is: the day's forecast as `uvctl forecast` shows it, or the
/// clear-sky model (no forecast covers the day, or uvctl worked it out without uvd).
public enum VitaminDSky: String, Sendable, ReplyWord {
    case forecast
    case clearSky = "clear-sky"
}

/// `GetVitaminD`'s parameters: the place (a saved location or a city; default the current one),
/// the day (default today), the user's skin type (default the profile's) and the bare skin.
public struct VitaminDParameters: Codable, Sendable, Equatable {
    @Null public var location: String?
    @Null public var date: Written<CalendarDate>?
    @Null public var skinType: Written<SkinType>?
    @Null public var exposed: Written<SkinExposure>?

    public init(location: String?, date: CalendarDate?, skinType: SkinType?, exposed: SkinExposure?) {
        self.location = location
        self.date = date.map(Written.init)
        self.skinType = skinType.map(Written.init)
        self.exposed = exposed.map(Written.init)
    }
}

public struct VitaminDReply: Codable, Sendable, Equatable {
    public var vitaminD: VitaminDInfo

    public init(vitaminD: VitaminDInfo) { self.vitaminD = vitaminD }
}

/// A day's vitamin D at a place (`VitaminDParty`): the user's hours, best hour and, on a day the
/// Sun is too low, the next day it is not; and each person's best hour.
public struct VitaminDInfo: Codable, Sendable, Equatable {
    public var location: LocationInfo
    public var date: Written<CalendarDate>
    public var exposed: Word<SkinExposure>
    public var sky: Word<VitaminDSky>
    /// The user's skin type, which `hours` are for.
    public var skinType: Written<SkinType>
    public var hours: [VitaminDHourInfo]
    @Null public var best: VitaminDBestInfo?
    /// The Sun is too low all day to make vitamin D here, even under a clear sky.
    public var sunTooLow: Bool
    @Null public var nextDay: Written<CalendarDate>?
    public var people: [VitaminDPersonInfo]
}

/// One clock hour: its UV, the minutes for a standard dose (null when this sun makes none) and
/// the burn time, at the hour's middle.
public struct VitaminDHourInfo: Codable, Sendable, Equatable {
    public var time: String
    public var uvi: Double
    @Null public var minutes: Int?
    @Null public var burnTimeMinutes: Int?
}

/// The hour to choose (`VitaminDDay.bestHour`): its span, the dose's minutes, the burn time and
/// the dose's share of it.
public struct VitaminDBestInfo: Codable, Sendable, Equatable {
    public var start: String
    public var end: String
    public var minutes: Int
    @Null public var burnTimeMinutes: Int?
    @Null public var burnShare: Double?
}

/// One person's best hour; `shade` for a baby under 12 months, who gets no dose time.
public struct VitaminDPersonInfo: Codable, Sendable, Equatable {
    public var name: String
    public var you: Bool
    public var skinType: Written<SkinType>
    @Null public var ageMonths: Int?
    @Null public var best: VitaminDBestInfo?
    public var shade: Bool
}

extension VitaminDInfo {
    /// The one vitamin-D day, for the daemon's views and uvctl's own: everyone's `VitaminDParty`
    /// on `day` at `place` under the UV `uvi` gives (`sky` says what that UV is), in its reply's
    /// shape. `now` counts ages.
    public init(
        day: DateInterval, place: Place, approximate: Bool, sky: VitaminDSky, you: SkinType, family: [FamilyMember],
        exposure: SkinExposure, now: Date, uvi: (Date) -> Double
    ) {
        let zone = place.timeZone
        let party = VitaminDParty(
            day: day, coordinate: place.coordinate, zone: zone, you: you, family: family, exposure: exposure, now: now, uvi: uvi)
        let iso = ISOTimestamp(timeZone: zone)
        let user = party.people.first
        location = LocationInfo(place, approximate: approximate)
        date = Written(CalendarDate(containing: day.start, in: zone))
        exposed = Word(exposure)
        self.sky = Word(sky)
        skinType = Written(user?.skinType ?? .I)
        hours = (user?.day?.hours ?? []).map { hour in
            VitaminDHourInfo(
                time: iso.string(hour.start), uvi: hour.uvi.rounded(places: 2), minutes: hour.minutes.map(Self.wholeMinutes),
                burnTimeMinutes: hour.burnTime.wholeMinutes)
        }
        best = user?.day?.bestHour.map { VitaminDBestInfo($0, iso: iso) }
        sunTooLow = party.sunTooLow
        nextDay = party.nextDay.map(Written.init)
        people = party.people.map { person in
            VitaminDPersonInfo(
                name: person.isUser ? FamilyStatusInfo.you : person.name, you: person.isUser, skinType: Written(person.skinType),
                ageMonths: person.ageInMonths, best: person.day?.bestHour.map { VitaminDBestInfo($0, iso: iso) }, shade: person.shade)
        }
    }

    /// A dose's minutes as said: rounded up (a dose is never promised sooner), at least 1.
    static func wholeMinutes(_ minutes: Double) -> Int {
        guard minutes.isFinite else { return Int.max }
        return max(1, Int(min(minutes.rounded(.up), 100_000)))
    }
}

extension VitaminDBestInfo {
    init(_ hour: VitaminDDay.Hour, iso: ISOTimestamp) {
        self.init(
            start: iso.string(hour.start), end: iso.string(hour.start.addingTimeInterval(3600)),
            minutes: hour.minutes.map(VitaminDInfo.wholeMinutes) ?? 0, burnTimeMinutes: hour.burnTime.wholeMinutes,
            burnShare: hour.burnShare?.rounded(places: 2))
    }
}
