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

    func text(_ name: String) throws(SQLiteError) -> String {
        guard case .text(let text) = self[name] else { throw mismatch(name, "text") }
        return text
    }

    /// A REAL column; an INTEGER one reads as its value (SQLite stores 2.0 in a REAL column as 2).
    func real(_ name: String) throws(SQLiteError) -> Double {
        switch self[name] {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: throw mismatch(name, "a number")
        }
    }

    /// A REAL column that may be NULL.
    func optionalReal(_ name: String) throws(SQLiteError) -> Double? {
        self[name] == .null ? nil : try real(name)
    }

    func integer(_ name: String) throws(SQLiteError) -> Int64 {
        guard case .integer(let value) = self[name] else { throw mismatch(name, "an integer") }
        return value
    }

    func integer(_ position: Int) throws(SQLiteError) -> Int64 {
        guard values.indices.contains(position), case .integer(let value) = values[position] else {
            throw mismatch("#\(position)", "an integer")
        }
        return value
    }

    func text(_ position: Int) throws(SQLiteError) -> String {
        guard values.indices.contains(position), case .text(let text) = values[position] else { throw mismatch("#\(position)", "text") }
        return text
    }

    private func mismatch(_ column: String, _ wanted: String) -> SQLiteError {
        let held =
            switch self[column] {
            case .null: "NULL"
            case .integer: "an integer"
            case .real: "a real number"
            case .text: "text"
            case .blob: "a blob"
            }
        return SQLiteError(code: SQLITE_MISMATCH, text: "column \(column) holds \(held) where \(wanted) belongs", sql: sql)
    }
}
