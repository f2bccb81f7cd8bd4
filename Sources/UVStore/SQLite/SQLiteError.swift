import CSQLite

/// A failure SQLite reported: its result code (extended), its message, and the statement.
///
/// Said as `SQLite error 5: database is locked - while executing `BEGIN IMMEDIATE TRANSACTION``,
/// the words uvd's refusals and logs have always carried.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The extended result code (`SQLITE_BUSY_SNAPSHOT` is 517); `primary` is its low byte.
    public let code: Int32
    public let text: String
    public let sql: String?

    /// The primary result code (`SQLITE_BUSY`, 5).
    public var primary: Int32 { code & 0xFF }

    public var description: String {
        "SQLite error \(primary): \(text)" + (sql.map { " - while executing `\($0)`" } ?? "")
    }

    static let corrupt = SQLITE_CORRUPT
    static let notADatabase = SQLITE_NOTADB
    static let readOnly = SQLITE_READONLY
    static let busy = SQLITE_BUSY
    static let locked = SQLITE_LOCKED
    static let permission = SQLITE_PERM
    static let authorization = SQLITE_AUTH
    static let full = SQLITE_FULL
}
