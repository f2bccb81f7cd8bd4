import FoundationEssentials
import UVCore

extension Store {
    /// How long time outside is kept: 90 days.
    public static let outsideKept: TimeInterval = 90 * 86_400

    /// The intervals that overlap `span`; one still open ends at `.distantFuture`.
    public func outsideIntervals(overlapping span: DateInterval) throws -> [OutsideInterval] {
        try read { db in
            try db.rows(
                "SELECT start, \"end\", source FROM outside WHERE start < ? AND (\"end\" IS NULL OR \"end\" > ?) ORDER BY start",
                [.real(span.end.timeIntervalSince1970), .real(span.start.timeIntervalSince1970)]
            ).compactMap { row in
                guard let source = OutsideInterval.Source(rawValue: try row.text("source")) else { return nil }
                return OutsideInterval(
                    start: Date(timeIntervalSince1970: try row.real("start")),
                    end: try row.optionalReal("end").map(Date.init(timeIntervalSince1970:)) ?? .distantFuture, source: source)
            }
        }
    }

    /// Whether an interval of `source` is open.
    public func isOutside(_ source: OutsideInterval.Source) throws -> Bool {
        try read { db in try Self.isOpen(source, db) }
    }

    /// Since when an interval of `source` has been open; nil when none is.
    public func openSince(_ source: OutsideInterval.Source) throws -> Date? {
        try read { db in
            try db.firstRow("SELECT min(start) AS since FROM outside WHERE \"end\" IS NULL AND source = ?", [.text(source.rawValue)])?
                .optionalReal("since").map(Date.init(timeIntervalSince1970:))
        }
    }

    private static func isOpen(_ source: OutsideInterval.Source, _ db: SQLiteConnection) throws -> Bool {
        try db.firstRow("SELECT EXISTS (SELECT 1 FROM outside WHERE \"end\" IS NULL AND source = ?)", [.text(source.rawValue)])?.integer(0)
            == 1
    }

    /// Within a transaction (`save(_: StoreChanges)`).
    static func put(_ change: OutsideChange, _ db: SQLiteConnection) throws {
        switch change {
        case .open(let source, let at):
            guard try !isOpen(source, db) else { return }
            try db.execute(
                "INSERT INTO outside (start, \"end\", source) VALUES (?, NULL, ?)",
                [.real(at.timeIntervalSince1970), .text(source.rawValue)])
            try db.execute("DELETE FROM outside WHERE \"end\" < ?", [.real(at.timeIntervalSince1970 - outsideKept)])
        case .close(let source, let at):
            try db.execute(
                "UPDATE outside SET \"end\" = max(start, ?) WHERE \"end\" IS NULL AND source = ?",
                [.real(at.timeIntervalSince1970), .text(source.rawValue)])
        case .add(let interval):
            try db.execute(
                "INSERT INTO outside (start, \"end\", source) VALUES (?, ?, ?)",
                [.real(interval.start.timeIntervalSince1970), .real(interval.end.timeIntervalSince1970), .text(interval.source.rawValue)])
        case .remove(let span):
            try db.execute(
                "DELETE FROM outside WHERE source = 'user' AND start = ? AND \"end\" = ?",
                [.real(span.start.timeIntervalSince1970), .real(span.end.timeIntervalSince1970)])
        case .clear(let day):
            try db.execute(
                "DELETE FROM outside WHERE start >= ? AND start < ?",
                [.real(day.start.timeIntervalSince1970), .real(day.end.timeIntervalSince1970)])
        }
    }
}
