import FoundationEssentials
import UVCore

/// Provider wall-clock timestamps (`2025-04-14T13:00`, `2023-07-30`) turned into instants with a
/// known UTC offset. Parsed by hand (`TextScanner`, `CivilDate`): these fixed shapes need neither a
/// formatter nor a calendar per call.
enum LocalTimestamp {
    /// `YYYY-MM-DDTHH:MM[:SS]` at `utcOffsetSeconds`; nil for an offset beyond ±18 h.
    static func instant(_ text: String, utcOffsetSeconds: Int) -> Date? {
        var scanner = TextScanner(text)
        guard let (year, month, day) = scanner.isoDate(), scanner.skip("T"), let (hour, minute) = scanner.isoClock() else { return nil }
        var second = 0
        if scanner.skip(":") {
            guard let seconds = scanner.number(digits: 2...2) else { return nil }
            second = seconds
        }
        guard scanner.atEnd else { return nil }
        return instant(year: year, month: month, day: day, hour: hour, minute: minute, second: second, utcOffsetSeconds: utcOffsetSeconds)
    }

    static func instant(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0, utcOffsetSeconds: Int) -> Date? {
        guard CivilDate.isValid(year: year, month: month, day: day), (0...23).contains(hour), (0...59).contains(minute),
            (0...60).contains(second),
            Plausibility.utcOffsetRange.contains(utcOffsetSeconds)
        else { return nil }
        let seconds = CivilDate.seconds(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: utcOffsetSeconds)
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
