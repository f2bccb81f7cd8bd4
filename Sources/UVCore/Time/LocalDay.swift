import FoundationEssentials

/// Calendar days in a place's own time zone, where a day may last 23, 24 or 25 hours.
public enum LocalDay {
    /// Local midnight to the next local midnight around `date` (on a day whose midnight is
    /// skipped, from the first instant after the gap).
    public static func interval(containing date: Date, in zone: Zone) -> DateInterval {
        interval(daysSinceEpoch: CivilDate.days(ofSeconds: zone.localSeconds(date)), in: zone)
    }

    /// The local day `year-month-day`, or nil if there is no such date.
    public static func interval(year: Int, month: Int, day: Int, in zone: Zone) -> DateInterval? {
        guard CivilDate.isValid(year: year, month: month, day: day) else { return nil }
        return interval(daysSinceEpoch: CivilDate.daysSinceEpoch(year: year, month: month, day: day), in: zone)
    }

    /// The local day written `YYYY-MM-DD`, or nil if the text is not such a date.
    public static func interval(isoDate text: String, in zone: Zone) -> DateInterval? {
        CalendarDate(parsing: text)?.interval(in: zone)
    }

    /// Every whole hour from the start of the day to its end: 23, 24 or 25 instants.
    public static func hours(of day: DateInterval) -> [Date] {
        stride(from: 0, to: day.duration, by: 3600).map { day.start.addingTimeInterval($0) }
    }

    /// `YYYY-MM-DD` of the local day containing `date`.
    public static func key(_ date: Date, in zone: Zone) -> String {
        CivilDate.isoText(daysSinceEpoch: CivilDate.days(ofSeconds: zone.localSeconds(date)))
    }

    /// The day `days` after 1970-01-01 on the zone's clock.
    static func interval(daysSinceEpoch days: Int, in zone: Zone) -> DateInterval {
        let start = zone.date(localSeconds: days * 86_400)
        let end = zone.date(localSeconds: (days + 1) * 86_400)
        return DateInterval(start: start, end: max(start, end))
    }
}
