import FoundationEssentials
import UVCore

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
