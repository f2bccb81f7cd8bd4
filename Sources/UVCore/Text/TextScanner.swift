/// Reads fixed-shape ASCII text field by field — dates, clock times, offsets — with exact digit
/// counts and literal separators, for the timestamps providers send, the times a config holds and
/// the dates and times users type. Non-ASCII digits are not digits here (`Int("٣")` is nil too).
///
/// Hand-written because Swift's `Regex` is parsed at run time and matched an order of magnitude
/// slower: a provider answer has hundreds of timestamps, and every start reads the config's times.
public struct TextScanner {
    private let bytes: [UInt8]
    private var index = 0

    public init(_ text: some StringProtocol) {
        bytes = Array(text.utf8)
    }

    public var atEnd: Bool { index == bytes.count }

    /// Whether `literal` (an ASCII character) comes next.
    public func peek(_ literal: Unicode.Scalar) -> Bool {
        index < bytes.count && UInt32(bytes[index]) == literal.value
    }

    /// Consumes `literal` (an ASCII character) when it comes next.
    public mutating func skip(_ literal: Unicode.Scalar) -> Bool {
        guard peek(literal) else { return false }
        index += 1
        return true
    }

    /// Consumes the bytes that satisfy `predicate` from here on; how many there were.
    public mutating func skip(while predicate: (UInt8) -> Bool) -> Int {
        let start = index
        while index < bytes.count, predicate(bytes[index]) { index += 1 }
        return index - start
    }

    /// Consumes `literal` when it comes next, in either case (`pm`, `PM`).
    public mutating func skipIgnoringCase(_ literal: String) -> Bool {
        let expected = Array(literal.lowercased().utf8)
        guard bytes.count - index >= expected.count else { return false }
        let next = bytes[index..<index + expected.count].map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
        guard next.elementsEqual(expected) else { return false }
        index += expected.count
        return true
    }

    /// As many ASCII digits as `digits` allows (at most its upper bound, at least its lower) as a
    /// number, or nil without consuming anything.
    public mutating func number(digits: ClosedRange<Int>) -> Int? {
        var end = index
        while end < bytes.count, end - index < digits.upperBound, Self.isDigit(bytes[end]) { end += 1 }
        guard end - index >= digits.lowerBound else { return nil }
        let value = bytes[index..<end].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        index = end
        return value
    }

    /// `YYYY-MM-DD`, as numbers (not checked against the calendar).
    public mutating func isoDate() -> (year: Int, month: Int, day: Int)? {
        guard let year = number(digits: 4...4), skip("-"), let month = number(digits: 2...2), skip("-"), let day = number(digits: 2...2)
        else { return nil }
        return (year, month, day)
    }

    /// `HH:MM`, as numbers (not range-checked).
    public mutating func isoClock() -> (hour: Int, minute: Int)? {
        guard let hour = number(digits: 2...2), skip(":"), let minute = number(digits: 2...2) else { return nil }
        return (hour, minute)
    }

    /// One to nine digits as a fraction (`250` → 0.25), or nil.
    public mutating func fraction() -> Double? {
        var value = 0.0
        var scale = 1.0
        var count = 0
        while index < bytes.count, Self.isDigit(bytes[index]) {
            guard count < 9 else { return nil }
            scale /= 10
            value += Double(bytes[index] - 0x30) * scale
            count += 1
            index += 1
        }
        return count > 0 ? value : nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}

/// Proleptic Gregorian calendar arithmetic on plain numbers: no `Calendar`, no ICU.
public enum CivilDate {
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Whether the numbers name a real day of years 1–9999.
    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        (1...9999).contains(year) && (1...12).contains(month) && (1...daysIn(month: month, year: year)).contains(day)
    }

    /// Days from 1970-01-01: Howard Hinnant's `days_from_civil` ("chrono-Compatible Low-Level Date
    /// Algorithms", howardhinnant.github.io/date_algorithms.html).
    public static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day count from 1970-01-01: Hinnant's `civil_from_days`, the inverse of
    /// `daysSinceEpoch`.
    public static func date(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfYear - (153 * monthIndex + 2) / 5 + 1)
    }

    /// `YYYY-MM-DD` of a day count from 1970-01-01.
    public static func isoText(daysSinceEpoch days: Int) -> String {
        let (year, month, day) = date(daysSinceEpoch: days)
        return "\(year.zeroPadded(4))-\(month.zeroPadded(2))-\(day.zeroPadded(2))"
    }

    /// `+05:45`, `-03:00`: an offset east of UTC as ISO 8601 writes it (`separator` between hours
    /// and minutes).
    public static func offsetText(_ seconds: Int, separator: String = ":") -> String {
        (seconds < 0 ? "-" : "+") + (abs(seconds) / 3600).zeroPadded(2) + separator + (abs(seconds) % 3600 / 60).zeroPadded(2)
    }

    /// The day count from 1970-01-01 of `seconds` since 1970 (rounded down, so negative seconds
    /// fall on the day before).
    public static func days(ofSeconds seconds: Int) -> Int {
        seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
    }

    /// Seconds since 1970 of a wall-clock time at `offset` seconds east of UTC.
    public static func seconds(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int) -> Int {
        daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
    }
}
