/// Reads RFC 3339 date-times as TOML 1.0 allows them: `1979-05-27T07:32:00Z`, a space or `t` for
/// the `T`, offsets, local date-times, dates and times (seconds required), fractions of a second.
/// Every field is range-checked, the day against its month (leap years included).
struct TOMLDateTimeReader {
    private let token: [UInt8]
    private var index = 0

    init(_ token: [UInt8]) {
        self.token = token
    }

    /// A token that starts with a date.
    mutating func dateTime() -> TOMLDateTime? {
        guard let date = date() else { return nil }
        var moment = TOMLDateTime()
        moment.date = date
        guard index < token.count else { return moment }
        guard [UInt8(ascii: "T"), UInt8(ascii: "t"), 0x20].contains(token[index]) else { return nil }
        index += 1
        guard let time = time() else { return nil }
        moment.time = time
        guard index < token.count else { return moment }
        guard let offset = offset(), index == token.count else { return nil }
        moment.offsetMinutes = offset
        return moment
    }

    /// A token that is a local time only.
    mutating func localTime() -> TOMLDateTime? {
        guard let time = time(), index == token.count else { return nil }
        var moment = TOMLDateTime()
        moment.time = time
        return moment
    }

    private mutating func date() -> (year: Int, month: Int, day: Int)? {
        guard let year = digits(4), literal("-"), let month = digits(2), literal("-"), let day = digits(2),
            (1...12).contains(month), (1...Self.days(in: month, of: year)).contains(day)
        else { return nil }
        return (year, month, day)
    }

    private mutating func time() -> (hour: Int, minute: Int, second: Int, nanosecond: Int)? {
        guard let hour = digits(2), literal(":"), let minute = digits(2), literal(":"), let second = digits(2),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        var nanosecond = 0
        if literal(".") {
            var count = 0
            while index < token.count, TOMLScanner.isDigit(token[index]) {
                if count < 9 { nanosecond = nanosecond * 10 + Int(token[index] - UInt8(ascii: "0")) }
                count += 1
                index += 1
            }
            guard count > 0 else { return nil }
            for _ in count..<max(count, 9) { nanosecond *= 10 }
        }
        return (hour, minute, second, nanosecond)
    }

    /// `Z`, `z` or `±HH:MM`, as minutes east of UTC.
    private mutating func offset() -> Int? {
        if literal("Z") || literal("z") { return 0 }
        let negative = literal("-")
        guard negative || literal("+"), let hours = digits(2), literal(":"), let minutes = digits(2),
            hours < 24, minutes < 60
        else { return nil }
        return (negative ? -1 : 1) * (hours * 60 + minutes)
    }

    private mutating func digits(_ count: Int) -> Int? {
        guard index + count <= token.count else { return nil }
        var value = 0
        for byte in token[index..<(index + count)] {
            guard TOMLScanner.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
    }

    private mutating func literal(_ character: Unicode.Scalar) -> Bool {
        guard index < token.count, token[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    /// Days in a month of the proleptic Gregorian calendar.
    static func days(in month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
