import FoundationEssentials
import UVCore

/// Acknowledged changes that a damaged `-wal` took with it: found at a start, and said.
public struct LostWrites: Sendable, Equatable, Codable {
    /// How many acknowledged write transactions the store no longer holds.
    public let count: Int
    /// The damaged `-wal`, copied aside before SQLite read it, for a person or a tool to look at.
    public let keptAs: URL

    /// One sentence for the log, `uvctl status` and `uvctl doctor`.
    public var summary: String {
        trn(
            "%1$@ acknowledged change was lost with a damaged write-ahead log (another program was reading the database, so it could not be emptied); the log is kept as %2$@",
            "%1$@ acknowledged changes were lost with a damaged write-ahead log (another program was reading the database, so it could not be emptied); the log is kept as %2$@",
            count: count, count, keptAs.path)
    }
}

/// The count of write transactions the store has acknowledged, kept twice: in the database
/// (`setting` `acknowledgedWrites`, bumped in each transaction) and, while the `-wal` holds some
/// of them because a reader elsewhere kept the checkpoint from emptying it, in a small file beside
/// the database (`NAME-acknowledged`), outside the `-wal`. SQLite drops every frame of a `-wal`
/// from the first whose checksum fails, silently; a start that finds the database holding fewer
/// transactions than the file names has lost the difference, and says so.
enum AcknowledgedWrites {
    static let key = "acknowledgedWrites"

    /// The file beside the database that names the count while the `-wal` holds writes.
    static func file(beside database: URL) -> URL {
        URL(fileURLWithPath: database.path + "-acknowledged")
    }

    /// Counts one more write: within its transaction, so the count and the change go together.
    static func bump(_ db: SQLiteConnection) throws -> Int {
        let count = try held(db) + 1
        try Store.putSetting(key, count, db)
        return count
    }

    /// How many write transactions the database holds (0 in a store written before they were counted).
    static func held(_ db: SQLiteConnection) throws -> Int {
        try Store.setting(key, db) ?? 0
    }

    /// Writes `count` beside the database (atomically: a crash leaves the old file or the new).
    static func note(_ count: Int, beside database: URL) {
        try? Data(String(count).utf8).write(to: file(beside: database), options: .atomic)
    }

    /// The `-wal` is empty: the database holds everything, and the file goes.
    static func clear(beside database: URL) {
        try? FileManager.default.removeItem(at: file(beside: database))
    }

    /// The count the file names, if there is one that reads as a count.
    static func noted(beside database: URL) -> Int? {
        guard case .bytes(let bytes) = SmallFile.read(file(beside: database).path, maximumSize: 64) else { return nil }
        return Int(String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace })
    }
}
