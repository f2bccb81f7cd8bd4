import FoundationEssentials

/// Local clock arithmetic shared by every view and rule: minutes after midnight, and `HH:MM`
/// read and written as people do.
public enum WallClock {
    /// Minutes after local midnight on the zone's wall clock.
    ///
    /// From the zone's offset at that instant (DST-correct), not from a `Calendar`: the engine
    /// asks this every minute it steps, and building a calendar each time cost most of a
    /// simulated year with quiet hours.
    public static func minuteOfDay(_ date: Date, in zone: Zone) -> Int {
        guard date.timeIntervalSince1970.isFinite else { return 0 }
        let local = zone.localSeconds(date)
        return (local - CivilDate.days(ofSeconds: local) * 86_400) / 60
    }

    /// `HH:MM` (or `H:MM`) as minutes after midnight; nil for anything else.
    public static func minuteOfDay(parsing text: String) -> Int? {
        var scanner = TextScanner(text.trimmingSpaces())
        guard let hour = scanner.number(digits: 1...2), scanner.skip(":"), let minute = scanner.number(digits: 2...2), scanner.atEnd,
            (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        return hour * 60 + minute
    }

    /// The wall-clock time of `date` in `zone`, as `format(minuteOfDay:…)` writes it.
    public static func format(_ date: Date, in zone: Zone, twelveHour: Bool, omitZeroMinutes: Bool = false) -> String {
        format(minuteOfDay: minuteOfDay(date, in: zone), twelveHour: twelveHour, omitZeroMinutes: omitZeroMinutes)
    }

    /// `HH:MM-HH:MM` on the 24-hour clock, as spans are written in calls and config.toml.
    public static func span(from start: Int, to end: Int) -> String {
        "\(format(minuteOfDay: start, twelveHour: false))-\(format(minuteOfDay: end, twelveHour: false))"
    }

    /// `9:20 am` or `09:20`; with `omitZeroMinutes`, a whole hour in 12-hour form reads `9 am`.
    public static func format(minuteOfDay minute: Int, twelveHour: Bool, omitZeroMinutes: Bool = false) -> String {
        let (hour, minutes) = (minute / 60, minute % 60)
        guard twelveHour else { return "\(hour.zeroPadded(2)):\(minutes.zeroPadded(2))" }
        let clockHour = hour % 12 == 0 ? 12 : hour % 12
        let suffix = hour < 12 ? "am" : "pm"
        return omitZeroMinutes && minutes == 0 ? "\(clockHour) \(suffix)" : "\(clockHour):\(minutes.zeroPadded(2)) \(suffix)"
    }
}
