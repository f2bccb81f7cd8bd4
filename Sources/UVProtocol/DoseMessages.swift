import FoundationEssentials
import UVCore

/// One interval outside and its dose (`uvctl dose`).
public struct DoseIntervalInfo: Codable, Sendable, Equatable {
    public var start: String
    public var end: String
    /// network (away from home, counted as outside) or user (`uvctl outside`).
    public var source: Word<OutsideInterval.Source>
    public var sed: Double
    public var burnDosePercent: Double

    public init(start: String, end: String, source: OutsideInterval.Source, sed: Double, burnDosePercent: Double) {
        self.start = start
        self.end = end
        self.source = Word(source)
        self.sed = sed
        self.burnDosePercent = burnDosePercent
    }
}

/// A day's dose: the intervals outside, and the day's totals in standard erythemal doses and as
/// a share of a burn for the skin type (with the sunscreen on, and without).
public struct DoseInfo: Codable, Sendable, Equatable {
    public var date: Written<CalendarDate>
    public var intervals: [DoseIntervalInfo]
    public var minutesOutside: Int
    public var sed: Double
    public var burnDosePercent: Double
    public var unprotectedBurnDosePercent: Double
    public var skinType: Written<SkinType>
    /// With the family out: each person's share of a burn from the same time outside, through
    /// the sunscreen each wore, the user first (a baby under 6 months has none); null without.
    @Null public var people: [PersonDoseInfo]?

    public init(
        date: CalendarDate, intervals: [DoseIntervalInfo], minutesOutside: Int, sed: Double, burnDosePercent: Double,
        unprotectedBurnDosePercent: Double, skinType: SkinType, people: [PersonDoseInfo]? = nil
    ) {
        self.people = people
        self.date = Written(date)
        self.intervals = intervals
        self.minutesOutside = minutesOutside
        self.sed = sed
        self.burnDosePercent = burnDosePercent
        self.unprotectedBurnDosePercent = unprotectedBurnDosePercent
        self.skinType = Written(skinType)
    }
}

/// One person's share of a burn in a day's dose.
public struct PersonDoseInfo: Codable, Sendable, Equatable {
    /// "you" for the user (`you`), else the member's name.
    public var name: String
    public var you: Bool
    public var skinType: Written<SkinType>
    public var burnDosePercent: Double

    public init(name: String, you: Bool, skinType: SkinType, burnDosePercent: Double) {
        self.name = name
        self.you = you
        self.skinType = Written(skinType)
        self.burnDosePercent = burnDosePercent
    }
}

public struct DoseParameters: Codable, Sendable {
    @Null public var date: Written<CalendarDate>?
    /// The days ending with `date` to give as well (1 to 90).
    @Null public var days: Int?
    public init(date: CalendarDate?, days: Int? = nil) { (self.date, self.days) = (date.map(Written.init), days) }
}

public struct DoseReply: Codable, Sendable {
    public var dose: DoseInfo
    /// With `days`: that many days ending with `dose`'s, oldest first.
    @Null public var days: [DoseInfo]?
    public init(dose: DoseInfo, days: [DoseInfo]? = nil) { (self.dose, self.days) = (dose, days) }
}

/// `uvctl outside start|stop|add|remove|clear`.
public struct OutsideParameters: Codable, Sendable {
    /// What is asked of the time outside; on the wire, its raw value.
    public enum Action: String, Sendable, CaseIterable, NamedValue {
        case start, stop, add, remove, clear

        public static var choices: String { tr("start, stop, add, remove or clear") }
    }

    public var action: Written<Action>
    /// For clear, add and remove: the day; today without it.
    @Null public var date: Written<CalendarDate>?
    /// For add and remove: the interval on that day's clock.
    @Null public var span: Written<ClockSpan>?
    public init(action: Action, date: CalendarDate?, span: ClockSpan? = nil) {
        self.action = Written(action)
        self.date = date.map(Written.init)
        self.span = span.map(Written.init)
    }
}

extension DoseInfo {
    /// The day's dose, computed over `day`, in the words `uvctl dose` and `status` give: the
    /// daemon's and `uvctl simulate`'s alike. The user's is the day's; with the family out, each
    /// person's share is given as well (`PartyDose`: a baby under 6 months is kept out of direct
    /// sun rather than counted).
    public init(_ party: PartyDose, day: DateInterval, zone: Zone) {
        let iso = ISOTimestamp(timeZone: zone)
        let dose = party.user
        self.init(
            date: CalendarDate(containing: day.start, in: zone),
            intervals: dose.intervals.map {
                DoseIntervalInfo(
                    start: iso.string($0.interval.start), end: iso.string($0.interval.end), source: $0.interval.source,
                    sed: $0.dose.sed, burnDosePercent: $0.dose.burnDosePercent)
            }, minutesOutside: Int(dose.secondsOutside / 60), sed: dose.total.sed, burnDosePercent: dose.total.burnDosePercent,
            unprotectedBurnDosePercent: dose.total.unprotectedBurnDosePercent, skinType: dose.skinType,
            people: !party.withFamily
                ? nil
                : party.shares.map { share in
                    PersonDoseInfo(
                        name: share.member?.name ?? FamilyStatusInfo.you, you: share.member == nil, skinType: share.dose.skinType,
                        burnDosePercent: share.dose.total.burnDosePercent)
                })
    }
}
