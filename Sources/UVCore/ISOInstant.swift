import Foundation

/// Reads an instant written as RFC 3339 / ISO 8601 with its offset: `2026-01-15T12:00:00+11:00`,
/// `2026-01-15T12:00Z`, `2026-01-15T12:00:00.250-0330` — seconds and fraction optional, the
/// offset's colon optional, nothing else accepted.
///
/// Strict where Foundation's parsers are lenient: `2026-02-30`, `25:00` and `:60` are refused, not
/// rolled over into the next day or minute (a user's `--at` must mean what it says). Pure byte
/// arithmetic, without ICU: `uvctl status` reads several of these per answer.
public enum ISOInstant {
    public static func parse(_ text: some StringProtocol) -> Date? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let year = reader.number(4), reader.take(UInt8(ascii: "-")),
              let month = reader.number(2), reader.take(UInt8(ascii: "-")),
              let day = reader.number(2), reader.take(UInt8(ascii: "T")),
              let hour = reader.number(2), reader.take(UInt8(ascii: ":")),
              let minute = reader.number(2)
        else { return nil }
        var second = 0
        var fraction = 0.0
        if reader.take(UInt8(ascii: ":")) {
            guard let seconds = reader.number(2) else { return nil }
            second = seconds
            if reader.take(UInt8(ascii: ".")) {
                guard let digits = reader.fraction() else { return nil }
                fraction = digits
            }
        }
        guard let offset = reader.offset(), reader.atEnd,
              year >= 1, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date: Howard Hinnant's `days_from_civil`
    /// ("chrono-Compatible Low-Level Date Algorithms", howardhinnant.github.io/date_algorithms.html).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// Exactly `count` ASCII digits.
        mutating func number(_ count: Int) -> Int? {
            guard bytes.count - index >= count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }

        /// One to nine digits after the point, as a fraction of a second.
        mutating func fraction() -> Double? {
            var value = 0.0
            var scale = 1.0
            var count = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                guard count < 9 else { return nil }
                scale /= 10
                value += Double(bytes[index] - UInt8(ascii: "0")) * scale
                count += 1
                index += 1
            }
            return count > 0 ? value : nil
        }

        /// `Z`, or `±HH:MM` / `±HHMM` up to 18 hours, in seconds east of UTC.
        mutating func offset() -> Int? {
            if take(UInt8(ascii: "Z")) { return 0 }
            let sign: Int
            if take(UInt8(ascii: "+")) { sign = 1 } else if take(UInt8(ascii: "-")) { sign = -1 } else { return nil }
            guard let hours = number(2) else { return nil }
            _ = take(UInt8(ascii: ":"))
            guard let minutes = number(2), minutes < 60, hours * 60 + minutes <= 18 * 60 else { return nil }
            return sign * (hours * 3600 + minutes * 60)
        }
    }
}
