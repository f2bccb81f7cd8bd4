import FoundationEssentials

/// Reads an instant written as RFC 3339 / ISO 8601 with its offset: `2026-01-15T12:00:00+11:00`,
/// `2026-01-15T12:00Z`, `2026-01-15T12:00:00.250-0330` — seconds and fraction optional, the
/// offset's colon optional, nothing else accepted.
///
/// Strict where Foundation's parsers are lenient: `2026-02-30`, `25:00` and `:60` are refused, not
/// rolled over into the next day or minute (a user's `--at` must mean what it says). Pure byte
/// arithmetic, without ICU: `uvctl status` reads several of these per answer.
public enum ISOInstant {
    public static func parse(_ text: some StringProtocol) -> Date? {
        var scanner = TextScanner(text)
        guard let (year, month, day) = scanner.isoDate(), scanner.skip("T"), let (hour, minute) = scanner.isoClock() else { return nil }
        var second = 0
        var fraction = 0.0
        if scanner.skip(":") {
            guard let seconds = scanner.number(digits: 2...2) else { return nil }
            second = seconds
            if scanner.skip(".") {
                guard let digits = scanner.fraction() else { return nil }
                fraction = digits
            }
        }
        guard let offset = offset(&scanner), scanner.atEnd,
            CivilDate.isValid(year: year, month: month, day: day), hour < 24, minute < 60, second < 60
        else { return nil }
        let seconds = CivilDate.seconds(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// The offset an instant ends with (`Z`, `+11:00`, `-0330`), in seconds east of UTC.
    public static func trailingOffset(_ text: some StringProtocol) -> Int? {
        for length in [1, 5, 6] where text.count >= length {
            var scanner = TextScanner(text.suffix(length))
            if let offset = offset(&scanner), scanner.atEnd { return offset }
        }
        return nil
    }

    /// `Z`, or `±HH:MM` / `±HHMM` up to 18 hours, in seconds east of UTC.
    static func offset(_ scanner: inout TextScanner) -> Int? {
        if scanner.skip("Z") { return 0 }
        let sign: Int
        if scanner.skip("+") { sign = 1 } else if scanner.skip("-") { sign = -1 } else { return nil }
        guard let hours = scanner.number(digits: 2...2) else { return nil }
        _ = scanner.skip(":")
        guard let minutes = scanner.number(digits: 2...2), minutes < 60, hours * 60 + minutes <= 18 * 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
