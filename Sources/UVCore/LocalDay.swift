import Foundation

/// Calendar days in a place's own time zone, where a day may last 23, 24 or 25 hours.
public enum LocalDay {
    static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    /// Local midnight to the next local midnight around `date`.
    public static func interval(containing date: Date, in zone: TimeZone) -> DateInterval {
        calendar(zone).dateInterval(of: .day, for: date)
            ?? DateInterval(start: date, duration: 86_400)
    }

    /// The local day `year-month-day`, or nil if there is no such date.
    public static func interval(year: Int, month: Int, day: Int, in zone: TimeZone) -> DateInterval? {
        let calendar = calendar(zone)
        let components = DateComponents(year: year, month: month, day: day, hour: 12)
        guard let noon = calendar.date(from: components),
              calendar.component(.day, from: noon) == day,
              calendar.component(.month, from: noon) == month
        else { return nil }
        return interval(containing: noon, in: zone)
    }

    /// The local day written `YYYY-MM-DD`, or nil if the text is not such a date.
    public static func interval(isoDate text: String, in zone: TimeZone) -> DateInterval? {
        var scanner = TextScanner(text)
        guard let date = scanner.isoDate(), scanner.atEnd else { return nil }
        return interval(year: date.year, month: date.month, day: date.day, in: zone)
    }

    /// Every whole hour from the start of the day to its end: 23, 24 or 25 instants.
    public static func hours(of day: DateInterval) -> [Date] {
        stride(from: 0, to: day.duration, by: 3600).map { day.start.addingTimeInterval($0) }
    }

    /// `YYYY-MM-DD` of the local day containing `date`.
    public static func key(_ date: Date, in zone: TimeZone) -> String {
        let parts = calendar(zone).dateComponents([.year, .month, .day], from: date)
        return "\((parts.year ?? 0).zeroPadded(4))-\((parts.month ?? 0).zeroPadded(2))-\((parts.day ?? 0).zeroPadded(2))"
    }
}
