import CSQLite

/// A prepared statement: its arguments bound, stepped row by row, finalized when it goes.
final class SQLiteStatement {
    private let handle: OpaquePointer
    /// Kept so that the connection outlives its statements.
    private let connection: SQLiteConnection
    let sql: String

    init(_ handle: OpaquePointer, connection: SQLiteConnection, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `arguments` to the statement's parameters, in order; their count must match.
    func bind(_ arguments: [SQLiteValue]) throws(SQLiteError) {
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard arguments.count == expected else {
            throw SQLiteError(code: SQLITE_RANGE, text: "\(arguments.count) arguments for \(expected) parameters", sql: sql)
        }
        for (offset, argument) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch argument {
            case .null: status = sqlite3_bind_null(handle, index)
            case .integer(let value): status = sqlite3_bind_int64(handle, index, value)
            case .real(let value): status = sqlite3_bind_double(handle, index, value)
            case .text(let value): status = sqlite3_bind_text(handle, index, value, -1, uvd_sqlite_transient())
            case .blob(let bytes):
                status = bytes.withUnsafeBytes {
                    sqlite3_bind_blob64(handle, index, $0.baseAddress, UInt64($0.count), uvd_sqlite_transient())
                }
            }
            guard status == SQLITE_OK else { throw connection.error(status, sql) }
        }
    }

    /// Steps once: true with a row to read, false at the end.
    func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let status: throw connection.error(status, sql)
        }
    }

    /// The row the last `step` stopped at.
    func row() -> SQLiteRow {
        let count = Int(sqlite3_column_count(handle))
        var names: [String] = []
        var values: [SQLiteValue] = []
        names.reserveCapacity(count)
        values.reserveCapacity(count)
        for column in 0..<Int32(count) {
            names.append(sqlite3_column_name(handle, column).map { String(cString: $0) } ?? "")
            values.append(value(column))
        }
        return SQLiteRow(columns: names, values: values, sql: sql)
    }

    private func value(_ column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(handle, column))
            guard let text = sqlite3_column_text(handle, column) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, column))
            guard let bytes = sqlite3_column_blob(handle, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }
}
