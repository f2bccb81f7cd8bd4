import FoundationEssentials
import Glibc
import UVCore

/// What opening the store had to do about a damaged or unusable database file: why, where the
/// old files went, and how many rows of each table could still be read into the fresh store.
public struct StoreRecovery: Sendable, Equatable, Codable {
    public var reason: String
    /// The old database and its `-wal`/`-shm`, under their new names.
    public var movedAside: [URL]
    /// Rows copied into the fresh store, per table (only tables with any).
    public var salvaged: [String: Int]
    /// Tables whose reading stopped at damage (some rows may be lost there).
    public var damagedTables: [String]

    /// One sentence for the log, `uvctl status` and `uvctl doctor`.
    public var summary: String {
        let kept =
            salvaged.isEmpty
            ? "nothing could be read from it"
            : "kept " + salvaged.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        let lost = damagedTables.isEmpty ? "" : "; rows past the damage in \(damagedTables.joined(separator: ", ")) are lost"
        return "the database \(reason); moved it to \(movedAside.first?.path ?? "?") and started afresh (\(kept)\(lost))"
    }
}

/// Moving a damaged database aside and reading back what SQLite still can.
enum StoreSalvage {
    /// Renames the database and its `-wal`/`-shm` together (so SQLite still pairs them) to
    /// `NAME.damaged-TIME`, `NAME.damaged-TIME-wal`, `NAME.damaged-TIME-shm`.
    static func moveAside(_ path: URL, now: Date = Date()) throws -> [URL] {
        let aside = path.deletingLastPathComponent()
            .appendingPathComponent("\(path.lastPathComponent).damaged-\(Int(now.timeIntervalSince1970))")
        var moved: [URL] = []
        for suffix in ["", "-wal", "-shm"] {
            let from = path.path + suffix
            var info = stat()
            guard lstat(from, &info) == 0 else { continue }
            let to = URL(fileURLWithPath: aside.path + suffix)
            guard rename(from, to.path) == 0 else {
                throw StoreError(path: from, problem: "cannot be moved aside to \(to.path): \(String(cString: strerror(errno)))")
            }
            moved.append(to)
        }
        return moved
    }

    /// Copies every row of `aside` that can still be read into the same tables of `fresh`,
    /// table by table, stopping a table at its first unreadable row.
    static func salvage(from aside: URL, into fresh: SQLiteConnection) -> (rows: [String: Int], damaged: [String]) {
        guard let old = try? SQLiteConnection(path: aside.path, readOnly: true) else { return ([:], []) }
        var rows: [String: Int] = [:]
        var damaged: [String] = []
        let tables =
            (try? fresh.rows(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE ?",
                [.text(Schema.earlierMigrationsTable)]
            ).map { try $0.text(0) }) ?? []
        for table in tables {
            var copied: [SQLiteRow] = []
            var broken = false
            do {
                let statement = try old.prepare("SELECT * FROM \(quoted(table))")
                while true {
                    do {
                        guard try statement.step() else { break }
                        copied.append(statement.row())
                    } catch {
                        broken = true
                        break
                    }
                }
            } catch {
                broken = true
            }
            let inserted =
                (try? fresh.transaction {
                    let columns = Set(try fresh.rows("SELECT name FROM pragma_table_info(?)", [.text(table)]).map { try $0.text(0) })
                    var count = 0
                    for row in copied {
                        let kept = zip(row.columns, row.values).filter { columns.contains($0.0) }
                        guard !kept.isEmpty else { continue }
                        let sql =
                            "INSERT OR REPLACE INTO \(quoted(table)) (\(kept.map { quoted($0.0) }.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: kept.count).joined(separator: ", ")))"
                        if (try? fresh.execute(sql, kept.map(\.1))) != nil { count += 1 }
                    }
                    return count
                }) ?? 0
            if inserted > 0 { rows[table] = inserted }
            if broken { damaged.append(table) }
        }
        return (rows, damaged)
    }

    /// A table or column name as an SQL identifier: in double quotes, a quote in it doubled.
    private static func quoted(_ name: String) -> String {
        "\"" + name.replacing(every: "\"", with: "\"\"") + "\""
    }
}

/// A database file that could not be opened or moved, with its path and what is wrong.
public struct StoreError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var problem: String
    public var description: String { "\(path): \(problem)" }
}
