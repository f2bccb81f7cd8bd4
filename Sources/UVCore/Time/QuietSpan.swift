import FoundationEssentials

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
        WallClock.span(from: start, to: end)
    }

    /// Why `text` is no span of quiet hours: what is wrong, and what is right.
    public static func refusal(of text: String, for parameter: String) -> String {
        tr("'%1$@' is not a span: use HH:MM-HH:MM, e.g. 22:00-07:00 (it may cross midnight)", text)
    }
}
