import FoundationEssentials

/// A span of one day's clock, `HH:MM-HH:MM`, its start before its end (`uvctl outside add`): it
/// does not cross midnight. Which instants it covers depends on the day and the place
/// (`interval(on:in:)`).
public struct ClockSpan: Sendable, Hashable, CustomStringConvertible {
    /// Minutes after local midnight.
    public let start: Int
    public let end: Int

    /// `HH:MM-HH:MM` (or `H:MM`), the start before the end; nil for anything else.
    public init?(parsing text: String) {
        let ends = text.split(separator: "-", omittingEmptySubsequences: false).map { WallClock.minuteOfDay(parsing: String($0)) }
        guard ends.count == 2, let start = ends[0], let end = ends[1], start < end else { return nil }
        (self.start, self.end) = (start, end)
    }

    /// The instants it covers on `day` (a local day on `zone`'s clock): on a day whose clock
    /// skips a time, from the first instant after the gap.
    public func interval(on day: DateInterval, in zone: Zone) -> DateInterval {
        let before = day.start.addingTimeInterval(-1)
        let from = zone.nextDate(after: before, minuteOfDay: start)
        return DateInterval(start: from, end: max(from, zone.nextDate(after: before, minuteOfDay: end)))
    }

    public var description: String {
        WallClock.span(from: start, to: end)
    }

    /// Why `text` is no span of a day: what is wrong, and what is right.
    public static func refusal(of text: String, for parameter: String) -> String {
        tr("'%1$@' is not a span of the day: use HH:MM-HH:MM, the start before the end", text)
    }
}
