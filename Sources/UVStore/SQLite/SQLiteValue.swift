import CSQLite

/// A value as SQLite stores it (its five storage classes).
enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// One row a statement gave: its columns' names and values, read by name or position, each as
/// the type the schema gives it. A value of another type (a damaged or hand-edited file) is a
/// thrown error that names the column and what it held, never a trap.
struct SQLiteRow: Sendable {
    let columns: [String]
    let values: [SQLiteValue]
    let sql: String

    subscript(_ name: String) -> SQLiteValue {
        columns.firstIndex(of: name).map { values[$0] } ?? .null
    }

    func text(_ name: String) throws(SQLiteError) -> String { try text(position(of: name)) }

    /// A REAL column; an INTEGER one reads as its value (SQLite stores 2.0 in a REAL column as 2).
    func real(_ name: String) throws(SQLiteError) -> Double { try real(position(of: name)) }

    /// A REAL column that may be NULL.
    func optionalReal(_ name: String) throws(SQLiteError) -> Double? {
        let position = try position(of: name)
        return values[position] == .null ? nil : try real(position)
    }

    func integer(_ name: String) throws(SQLiteError) -> Int64 { try integer(position(of: name)) }

    func text(_ position: Int) throws(SQLiteError) -> String {
        guard case .text(let text) = try value(position) else { throw mismatch(position, "text") }
        return text
    }

    func real(_ position: Int) throws(SQLiteError) -> Double {
        switch try value(position) {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: throw mismatch(position, "a number")
        }
    }

    func integer(_ position: Int) throws(SQLiteError) -> Int64 {
        guard case .integer(let value) = try value(position) else { throw mismatch(position, "an integer") }
        return value
    }

    private func position(of name: String) throws(SQLiteError) -> Int {
        guard let position = columns.firstIndex(of: name) else {
            throw SQLiteError(code: SQLITE_RANGE, text: "no column \(name) in the row", sql: sql)
        }
        return position
    }

    private func value(_ position: Int) throws(SQLiteError) -> SQLiteValue {
        guard values.indices.contains(position) else {
            throw SQLiteError(code: SQLITE_RANGE, text: "no column #\(position) in a row of \(values.count)", sql: sql)
        }
        return values[position]
    }

    /// The value at `position` is not what the schema gives it: which column, what it holds.
    private func mismatch(_ position: Int, _ wanted: String) -> SQLiteError {
        let held =
            switch values[position] {
            case .null: "NULL"
            case .integer: "an integer"
            case .real: "a real number"
            case .text: "text"
            case .blob: "a blob"
            }
        return SQLiteError(code: SQLITE_MISMATCH, text: "column \(columns[position]) holds \(held) where \(wanted) belongs", sql: sql)
    }
}
