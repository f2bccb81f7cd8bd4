/// The rule a TZif file's footer gives for every instant after its last transition: a POSIX `TZ`
/// string such as `AEST-10AEDT,M10.1.0,M4.1.0/3` (POSIX.1-2017 §8.3, with RFC 8536 §3.3.1's
/// extensions: hours of a transition time from −167 to 167).
///
/// An offset in the string counts west of UTC (`-10` is ten hours east); values here are seconds
/// east, as everywhere else in uvd.
struct PosixZoneRule: Equatable, Sendable {
    /// Seconds east of UTC of standard time.
    let standardOffset: Int
    /// Daylight saving time, when the zone has any.
    let daylight: Daylight?

    struct Daylight: Equatable, Sendable {
        let offset: Int
        let start: Transition
        let end: Transition
    }

    /// A day of the year and a local time on it: when daylight time starts (in standard time) or
    /// ends (in daylight time).
    struct Transition: Equatable, Sendable {
        enum Day: Equatable, Sendable {
            /// `Jn`: day 1–365, February 29 never counted.
            case julian(Int)
            /// `n`: day 0–365, February 29 counted in leap years.
            case zeroBased(Int)
            /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (1–5, 5 = the last) of month `m`.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }
        let day: Day
        /// Seconds after local midnight (−167 h to 167 h).
        let time: Int

        /// Seconds since 1970 of this transition in `year`, at `offset` seconds east of UTC.
        func instant(year: Int, offset: Int) -> Int {
            let days: Int
            switch day {
            case .julian(let number):
                let leapShift = number >= 60 && CivilDate.daysIn(month: 2, year: year) == 29 ? 1 : 0
                days = CivilDate.daysSinceEpoch(year: year, month: 1, day: 1) + number - 1 + leapShift
            case .zeroBased(let number):
                days = CivilDate.daysSinceEpoch(year: year, month: 1, day: 1) + number
            case .monthWeekDay(let month, let week, let weekday):
                let first = CivilDate.daysSinceEpoch(year: year, month: month, day: 1)
                // 1970-01-01 was a Thursday (4).
                let firstWeekday = ((first + 4) % 7 + 7) % 7
                var day = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
                while day > CivilDate.daysIn(month: month, year: year) { day -= 7 }
                days = first + day - 1
            }
            return days * 86_400 + time - offset
        }
    }

    /// Seconds east of UTC at `seconds` since 1970.
    func offset(at seconds: Int) -> Int {
        guard let daylight else { return standardOffset }
        let year = CivilDate.date(daysSinceEpoch: CivilDate.days(ofSeconds: seconds + standardOffset)).year
        let start = daylight.start.instant(year: year, offset: standardOffset)
        let end = daylight.end.instant(year: year, offset: daylight.offset)
        let inDaylight = start < end ? (start <= seconds && seconds < end) : !(end <= seconds && seconds < start)
        return inDaylight ? daylight.offset : standardOffset
    }
}

extension PosixZoneRule {
    /// Reads a `TZ` string; nil for anything that is not one (the zone then keeps its last offset).
    init?(_ text: some StringProtocol) {
        var scanner = TextScanner(text)
        guard scanner.zoneName(), let standardWest = scanner.posixOffset(hours: 0...24) else { return nil }
        standardOffset = -standardWest
        if scanner.atEnd {
            daylight = nil
            return
        }
        guard scanner.zoneName() else { return nil }
        var daylightOffset = standardOffset + 3600
        if !scanner.peek(","), let west = scanner.posixOffset(hours: 0...24) { daylightOffset = -west }
        guard scanner.skip(","), let start = scanner.posixTransition(), scanner.skip(","), let end = scanner.posixTransition(),
            scanner.atEnd
        else { return nil }
        daylight = Daylight(offset: daylightOffset, start: start, end: end)
    }
}

/// The fields of a POSIX `TZ` string.
extension TextScanner {
    /// A zone abbreviation: three or more letters, or `<` anything but `>` `>` (`<+0545>`).
    fileprivate mutating func zoneName() -> Bool {
        if skip("<") {
            let inside = skip { $0 != UInt8(ascii: ">") }
            return skip(">") && inside >= 3
        }
        return skip { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) } >= 3
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, hours within `hours`.
    fileprivate mutating func posixOffset(hours: ClosedRange<Int>) -> Int? {
        let negative = skip("-")
        if !negative { _ = skip("+") }
        guard let hour = number(digits: 1...3), hours.contains(hour) else { return nil }
        var seconds = hour * 3600
        if skip(":") {
            guard let minute = number(digits: 1...2), minute < 60 else { return nil }
            seconds += minute * 60
            if skip(":") {
                guard let second = number(digits: 1...2), second < 60 else { return nil }
                seconds += second
            }
        }
        return negative ? -seconds : seconds
    }

    /// `Jn`, `n` or `Mm.w.d`, then an optional `/time` (default 02:00).
    fileprivate mutating func posixTransition() -> PosixZoneRule.Transition? {
        let day: PosixZoneRule.Transition.Day
        if skip("J") {
            guard let number = number(digits: 1...3), (1...365).contains(number) else { return nil }
            day = .julian(number)
        } else if skip("M") {
            guard let month = number(digits: 1...2), (1...12).contains(month), skip("."),
                let week = number(digits: 1...1), (1...5).contains(week), skip("."),
                let weekday = number(digits: 1...1), weekday <= 6
            else { return nil }
            day = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else {
            guard let number = number(digits: 1...3), number <= 365 else { return nil }
            day = .zeroBased(number)
        }
        var time = 7200
        if skip("/") {
            guard let given = posixOffset(hours: 0...167) else { return nil }
            time = given
        }
        return PosixZoneRule.Transition(day: day, time: time)
    }
}
