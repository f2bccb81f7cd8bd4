import Foundation
import GRDB
import Synchronization
import UVCore
import UVProviderPolicy

/// uvd's state on disk: SQLite in WAL mode under `$XDG_STATE_HOME/uvd/`.
///
/// Every method is one transaction: once it returns, the change survives a kill -9, and the WAL
/// is checkpointed into the main file right after (TRUNCATE), so a damaged `-wal` cannot take
/// acknowledged state with it. Values with structure (profile, forecasts, provider health) are
/// stored as JSON in typed tables, so a migration can reshape them. A database that fails
/// SQLite's integrity check, is not a database, or is a directory or a dangling link is moved
/// aside with its `-wal` and `-shm`, what can still be read is copied into a fresh one, and
/// `recovery` says what happened.
public final class Store: Sendable {
    let pool: DatabasePool
    private let transactions = Atomic<Int>(0)
    /// What had to be done at opening, if the database was damaged.
    public let recovery: StoreRecovery?
    /// The database file.
    public var path: String { pool.path }

    public init(path: URL) throws {
        try FileManager.default.createDirectory(
            at: path.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var damage = Self.unusableEntry(at: path)
        if damage == nil {
            do {
                let opened = try Self.open(path)
                pool = opened
                recovery = Self.earlierRecovery(in: opened)
                return
            } catch let error as Damage {
                damage = error.reason
            } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
                damage =
                    error.resultCode == .SQLITE_NOTADB ? "is not a SQLite database" : "is corrupt (\(error.message ?? "SQLITE_CORRUPT"))"
            } catch let error as DatabaseError {
                throw StoreError(path: path.path, problem: Self.explain(error, at: path))
            }
        }
        let moved = try StoreSalvage.moveAside(path)
        let fresh = try Self.open(path)
        pool = fresh
        let database = moved.first { !$0.path.hasSuffix("-wal") && !$0.path.hasSuffix("-shm") }
        let (rows, damaged) = database.map { StoreSalvage.salvage(from: $0, into: fresh) } ?? ([:], [])
        recovery = StoreRecovery(reason: damage ?? "was damaged", movedAside: moved, salvaged: rows, damagedTables: damaged)
        try? saveSetting("recovery", recovery)
    }

    /// The recovery a previous start made, while the files it moved aside are still there to
    /// look at (deleting them is how the user says they have seen it).
    private static func earlierRecovery(in pool: DatabasePool) -> StoreRecovery? {
        let stored = try? pool.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'recovery'").map {
                try Coding.decode(StoreRecovery.self, $0)
            }
        }
        guard let recovery = stored ?? nil, let first = recovery.movedAside.first, FileManager.default.fileExists(atPath: first.path) else {
            return nil
        }
        return recovery
    }

    private static func open(_ path: URL) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        let pool = try DatabasePool(path: path.path, configuration: configuration)
        let verdict = try pool.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
        guard verdict == ["ok"] else {
            throw Damage(reason: "failed its integrity check (\(verdict.first ?? "no answer"))")
        }
        try Schema.migrator.migrate(pool)
        _ = try? pool.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        return pool
    }

    /// One transaction, then the WAL checkpointed into the main file.
    func write<T>(_ updates: (Database) throws -> T) throws -> T {
        transactions.add(1, ordering: .relaxed)
        let result = try pool.write(updates)
        checkpoint()
        return result
    }

    /// How many write transactions this store has run since it was opened.
    public var transactionCount: Int { transactions.load(ordering: .relaxed) }

    /// Moves everything in the WAL into the main database file and empties the WAL (done after
    /// every write, and at a clean shutdown). A reader holding the WAL makes it a no-op.
    public func checkpoint() {
        _ = try? pool.writeWithoutTransaction { try $0.checkpoint(.truncate) }
    }

    // MARK: Settings

    public func profile() throws -> Profile {
        try setting("profile") ?? Profile()
    }

    /// The place the user chose, if any.
    public func manualPlace() throws -> Place? {
        try setting("manualPlace")
    }

    func setting<Value: Decodable>(_ key: String) throws -> Value? {
        try pool.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key])
                .map { try Coding.decode(Value.self, $0) }
        }
    }

    func saveSetting<Value: Encodable>(_ key: String, _ value: Value?) throws {
        try write { db in try Self.putSetting(key, value, db) }
    }

    static func putSetting<Value: Encodable>(_ key: String, _ value: Value?, _ db: Database) throws {
        if let value {
            try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", arguments: [key, Coding.encode(value)])
        } else {
            try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
        }
    }

    static func approximate(_ place: Place) -> Place {
        var stored = place
        stored.coordinate = place.coordinate.approximate
        return stored
    }

    // MARK: Saved locations

    public func savedPlaces() throws -> [Place] {
        try pool.read { db in
            try String.fetchAll(db, sql: "SELECT value FROM savedPlace ORDER BY name COLLATE NOCASE").map {
                try Coding.decode(Place.self, $0)
            }
        }
    }

    // MARK: Sunscreen

    /// The application in effect (the latest not removed), if any.
    public func currentSunscreen() throws -> SunscreenApplication? {
        try pool.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM sunscreen WHERE removedAt IS NULL ORDER BY appliedAt DESC LIMIT 1")
                .map { try Coding.decode(SunscreenApplication.self, $0) }
        }
    }

    /// The applications worn at some time within `span`, each with when it was taken off.
    public func sunscreenWorn(within span: DateInterval) throws -> [WornSunscreen] {
        try pool.read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT value, removedAt FROM sunscreen WHERE appliedAt < ? AND (removedAt IS NULL OR removedAt > ?) ORDER BY appliedAt",
                arguments: [span.end.timeIntervalSince1970, span.start.timeIntervalSince1970]
            ).map { row in
                let removed: Double? = row["removedAt"]
                return WornSunscreen(
                    try Coding.decode(SunscreenApplication.self, row["value"]), removedAt: removed.map(Date.init(timeIntervalSince1970:)))
            }
        }
    }

    /// Records an application, within a transaction (`save(_: StoreChanges)`); the previous one ends.
    static func insertSunscreen(_ application: SunscreenApplication, _ db: Database) throws {
        try db.execute(
            sql: "UPDATE sunscreen SET removedAt = ? WHERE removedAt IS NULL", arguments: [application.appliedAt.timeIntervalSince1970])
        try db.execute(
            sql: "INSERT INTO sunscreen (appliedAt, value) VALUES (?, ?)",
            arguments: [application.appliedAt.timeIntervalSince1970, Coding.encode(application)])
    }

}

/// A forecast as kept, with its fetch time.
public struct StoredForecast: Sendable, Equatable {
    public var fetchedAt: Date
    public var forecast: UVForecast

    public init(fetchedAt: Date, forecast: UVForecast) {
        self.fetchedAt = fetchedAt
        self.forecast = forecast
    }
}

/// The latest ARPANSA snapshot.
public struct StoredStations: Sendable, Equatable {
    public var fetchedAt: Date
    public var readings: [StationReading]

    public init(fetchedAt: Date, readings: [StationReading]) {
        self.fetchedAt = fetchedAt
        self.readings = readings
    }
}

/// JSON with dates as seconds since 1970, for the stored values.
enum Coding {
    static func encode<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(type, from: Data(text.utf8))
    }
}
