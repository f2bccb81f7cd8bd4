import Foundation

/// Provider wall-clock timestamps (`2025-04-14T13:00`, `2023-07-30`) turned into instants with a
/// known UTC offset. Parsed by hand: these fixed shapes do not need a formatter per call.
enum LocalTimestamp {
    /// `YYYY-MM-DDTHH:MM[:SS]` at `utcOffsetSeconds`; nil for an offset beyond ±18 h.
    static func instant(_ text: String, utcOffsetSeconds: Int) -> Date? {
        let match = text.wholeMatch(of: /(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/)
        guard let match,
              let year = Int(match.1), let month = Int(match.2), let day = Int(match.3),
              let hour = Int(match.4), let minute = Int(match.5)
        else { return nil }
        let second = match.6.flatMap { Int($0) } ?? 0
        return instant(year: year, month: month, day: day, hour: hour, minute: minute, second: second, utcOffsetSeconds: utcOffsetSeconds)
    }

    static func instant(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int = 0, utcOffsetSeconds: Int) -> Date? {
        guard (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (1...9999).contains(year), Plausibility.utcOffsetRange.contains(utcOffsetSeconds)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let utc = calendar.date(from: components), calendar.component(.day, from: utc) == day else { return nil }
        return utc.addingTimeInterval(TimeInterval(-utcOffsetSeconds))
    }
}
