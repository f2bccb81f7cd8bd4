import FoundationEssentials

/// A day of the calendar as people write it, `YYYY-MM-DD` (`--date`): a date the proleptic
/// Gregorian calendar has, not yet on any clock. Which instants it spans depends on the place
/// (`interval(in:)`); written back it is the same text it was read from.
public struct CalendarDate: Sendable, Hashable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The date `text` writes as `YYYY-MM-DD`, or nil when it is not that form or no such date
    /// (`2026-02-30`).
    public init?(parsing text: String) {
        var scanner = TextScanner(text)
        guard let date = scanner.isoDate(), scanner.atEnd, CivilDate.isValid(year: date.year, month: date.month, day: date.day) else {
            return nil
        }
        (year, month, day) = date
    }

    /// The day `date` falls on in `zone`.
    public init(containing date: Date, in zone: Zone) {
        (year, month, day) = CivilDate.date(daysSinceEpoch: CivilDate.days(ofSeconds: zone.localSeconds(date)))
    }

    /// Local midnight to the next on `zone`'s clock.
    public func interval(in zone: Zone) -> DateInterval {
        LocalDay.interval(daysSinceEpoch: CivilDate.daysSinceEpoch(year: year, month: month, day: day), in: zone)
    }

    /// Whether uvd computes the Sun for this day (`ComputedYears`).
    public var isComputed: Bool { (ComputedYears.first...ComputedYears.last).contains(year) }

    public var description: String { "\(year.zeroPadded(4))-\(month.zeroPadded(2))-\(day.zeroPadded(2))" }

    /// Why `text` is no day: what is wrong, and what is right.
    public static func refusal(of text: String, for parameter: String) -> String {
        tr("date '%1$@' is not a calendar date: use YYYY-MM-DD", text)
    }
}
