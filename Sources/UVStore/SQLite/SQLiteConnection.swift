import CSQLite
import UVCore

/// One connection to a SQLite database file, over SQLite's C API: what uvd's store needs and no
/// more (prepared statements with typed binding and reading, `BEGIN IMMEDIATE` transactions, the
/// schema's version in `PRAGMA user_version`, WAL checkpoints).
///
/// Not `Sendable`: its owner (`Store`) keeps it behind a lock, so that one thread at a time
/// uses it, as SQLite's multi-thread mode asks. Every failure is a thrown `SQLiteError` naming
/// SQLite's result and the statement; nothing here traps on what the file holds.
final class SQLiteConnection {
    private let handle: OpaquePointer
    let path: String

    /// How long a read waits for a lock another process holds (a checkpoint, a recovery) before
    /// it fails with SQLITE_BUSY.
    static let readBusyTimeout: Int32 = 10_000

    /// Opens `path` (made if missing, unless `readOnly`) with extended result codes.
    init(path: String, readOnly: Bool = false) throws(SQLiteError) {
        if let problem = Self.libraryProblem { throw SQLiteError(code: SQLITE_CANTOPEN, text: problem, sql: nil) }
        var opened: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let message = opened.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close_v2(opened)
            throw SQLiteError(code: status, text: message, sql: nil)
        }
        handle = opened
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Self.readBusyTimeout)
    }

    deinit { sqlite3_close_v2(handle) }

    /// Why libsqlite3 could not be opened, or nil once it is: opened at the first connection,
    /// once per process (`uvd_sqlite_open_library`), so that uvctl never loads it.
    private static let libraryProblem: String? = {
        let opened = CErrorText.written { uvd_sqlite_open_library($0, $1) }
        return opened.result == 0 ? nil : opened.text
    }()

    /// Runs `sql` (one statement) with `arguments` bound to its `?` in order, to its end.
    func execute(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) {
        let statement = try prepare(sql, arguments)
        while try statement.step() {}
    }

    /// Every row `sql` gives.
    func rows(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) -> [SQLiteRow] {
        let statement = try prepare(sql, arguments)
        var rows: [SQLiteRow] = []
        while try statement.step() { rows.append(statement.row()) }
        return rows
    }

    /// The first row `sql` gives, if any.
    func firstRow(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) -> SQLiteRow? {
        let statement = try prepare(sql, arguments)
        return try statement.step() ? statement.row() : nil
    }

    /// A statement ready to step, its arguments bound.
    func prepare(_ sql: String, _ arguments: [SQLiteValue] = []) throws(SQLiteError) -> SQLiteStatement {
        var prepared: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &prepared, nil)
        guard status == SQLITE_OK, let prepared else { throw error(status, sql) }
        let statement = SQLiteStatement(prepared, connection: self, sql: sql)
        try statement.bind(arguments)
        return statement
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction: committed when it returns, rolled back
    /// when it throws. IMMEDIATE takes the write lock at once; another process holding it makes
    /// this fail with SQLITE_BUSY at once, not wait (a command is refused rather than hang).
    func transaction<T>(_ body: () throws -> T) throws -> T {
        sqlite3_busy_timeout(handle, 0)
        defer { sqlite3_busy_timeout(handle, Self.readBusyTimeout) }
        try execute("BEGIN IMMEDIATE TRANSACTION")
        do {
            let result = try body()
            try execute("COMMIT TRANSACTION")
            return result
        } catch {
            if sqlite3_get_autocommit(handle) == 0 { try? execute("ROLLBACK TRANSACTION") }
            throw error
        }
    }

    /// The row id the last INSERT made.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The schema's version, as `PRAGMA user_version` keeps it in the file's header.
    func userVersion() throws(SQLiteError) -> Int {
        Int(try firstRow("PRAGMA user_version")?.integer(0) ?? 0)
    }

    func setUserVersion(_ version: Int) throws(SQLiteError) {
        try execute("PRAGMA user_version = \(version)")
    }

    /// Moves everything in the WAL into the main file and empties the WAL, without waiting: true
    /// when the WAL is empty now. A reader elsewhere (`sqlite3`, a backup) holding a snapshot
    /// makes a TRUNCATE checkpoint wait for it through the busy handler; with none set here it
    /// copies what it can and returns at once (SQLITE_BUSY, false), to be tried again later.
    func checkpoint() -> Bool {
        sqlite3_busy_timeout(handle, 0)
        defer { sqlite3_busy_timeout(handle, Self.readBusyTimeout) }
        return sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil) == SQLITE_OK
    }

    /// The error SQLite reports for `status`, with its own message and the statement.
    func error(_ status: Int32, _ sql: String?) -> SQLiteError {
        SQLiteError(code: status, text: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}
