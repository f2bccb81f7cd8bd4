import FoundationEssentials
import UVCore

/// A daily span of local clock time when non-urgent notifications wait, e.g. `22:00-07:00`.
/// A span whose end is not after its start crosses midnight.
public struct QuietSpan: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Minutes after local midnight.
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// `HH:MM-HH:MM`; nil for anything else, or a span of no length.
    public init?(parsing text: String) {
        let ends = text.split(separator: "-", omittingEmptySubsequences: false)
        guard ends.count == 2, let start = WallClock.minuteOfDay(parsing: String(ends[0])),
            let end = WallClock.minuteOfDay(parsing: String(ends[1])), start != end
        else { return nil }
        self.start = start
        self.end = end
    }

    public var crossesMidnight: Bool { end <= start }

    /// Whether a local clock time (minutes after midnight) falls inside, start included, end excluded.
    public func contains(minuteOfDay minute: Int) -> Bool {
        crossesMidnight ? minute >= start || minute < end : minute >= start && minute < end
    }

    public var description: String {
        "\(WallClock.format(minuteOfDay: start, twelveHour: false))-\(WallClock.format(minuteOfDay: end, twelveHour: false))"
    }
}

/// The user's quiet hours: any number of spans, read on the place's wall clock (DST-correct).
public struct QuietHours: Sendable, Equatable, Codable {
    public var spans: [QuietSpan]

    public init(_ spans: [QuietSpan] = []) {
        self.spans = spans
    }

    public func isQuiet(at date: Date, in zone: Zone) -> Bool {
        guard !spans.isEmpty else { return false }
        let minute = WallClock.minuteOfDay(date, in: zone)
        return spans.contains { $0.contains(minuteOfDay: minute) }
    }

    /// When the quiet period around `date` ends (spans that touch or overlap run on), or nil if
    /// `date` is not quiet. On a day whose clock skips the end time, the first instant after the gap.
    public func end(after date: Date, in zone: Zone) -> Date? {
        guard isQuiet(at: date, in: zone) else { return nil }
        var moment = date
        // Each step jumps to the nearest end of a span covering `moment`; at most one per span.
        for _ in 0...spans.count {
            let minute = WallClock.minuteOfDay(moment, in: zone)
            let ends = spans.filter { $0.contains(minuteOfDay: minute) }.map { zone.nextDate(after: moment, minuteOfDay: $0.end) }
            guard let next = ends.min() else { return moment }
            moment = next
            if !isQuiet(at: moment, in: zone) { return moment }
        }
        return moment
    }
}
