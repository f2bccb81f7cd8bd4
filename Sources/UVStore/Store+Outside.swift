import Foundation
import GRDB
import UVCore

extension Store {
    /// How long time outside is kept: 90 days.
    static let outsideKept: TimeInterval = 90 * 86_400

    /// The intervals that overlap `span`; one still open ends at `.distantFuture`.
    public func outsideIntervals(overlapping span: DateInterval) throws -> [OutsideInterval] {
        try pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT start, \"end\", source FROM outside WHERE start < ? AND (\"end\" IS NULL OR \"end\" > ?) ORDER BY start",
                arguments: [span.end.timeIntervalSince1970, span.start.timeIntervalSince1970]
            ).compactMap { row in
                guard let source = OutsideInterval.Source(rawValue: row["source"]) else { return nil }
                let end: Double? = row["end"]
                return OutsideInterval(
                    start: Date(timeIntervalSince1970: row["start"]), end: end.map(Date.init(timeIntervalSince1970:)) ?? .distantFuture,
                    source: source)
            }
        }
    }

    /// Whether an interval of `source` is open.
    public func isOutside(_ source: OutsideInterval.Source) throws -> Bool {
        try pool.read { db in try Self.isOpen(source, db) }
    }

    private static func isOpen(_ source: OutsideInterval.Source, _ db: Database) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM outside WHERE \"end\" IS NULL AND source = ?)", arguments: [source.rawValue])
            ?? false
    }

    /// Within a transaction (`save(_: StoreChanges)`).
    static func put(_ change: OutsideChange, _ db: Database) throws {
        switch change {
        case .open(let source, let at):
            guard try !isOpen(source, db) else { return }
            try db.execute(
                sql: "INSERT INTO outside (start, \"end\", source) VALUES (?, NULL, ?)",
                arguments: [at.timeIntervalSince1970, source.rawValue])
            try db.execute(sql: "DELETE FROM outside WHERE \"end\" < ?", arguments: [at.timeIntervalSince1970 - outsideKept])
        case .close(let source, let at):
            try db.execute(
                sql: "UPDATE outside SET \"end\" = max(start, ?) WHERE \"end\" IS NULL AND source = ?",
                arguments: [at.timeIntervalSince1970, source.rawValue])
        case .add(let interval):
            try db.execute(
                sql: "INSERT INTO outside (start, \"end\", source) VALUES (?, ?, ?)",
                arguments: [interval.start.timeIntervalSince1970, interval.end.timeIntervalSince1970, interval.source.rawValue])
        case .remove(let span):
            try db.execute(
                sql: "DELETE FROM outside WHERE source = 'user' AND start = ? AND \"end\" = ?",
                arguments: [span.start.timeIntervalSince1970, span.end.timeIntervalSince1970])
        case .clear(let day):
            try db.execute(
                sql: "DELETE FROM outside WHERE start >= ? AND start < ?",
                arguments: [day.start.timeIntervalSince1970, day.end.timeIntervalSince1970])
        }
    }
}
