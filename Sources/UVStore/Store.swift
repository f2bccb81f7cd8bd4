import FoundationEssentials
import Synchronization
import UVCore
import UVProviderPolicy

/// uvd's state on disk: SQLite in WAL mode under `$XDG_STATE_HOME/uvd/`.
///
/// Every method is one transaction: once it returns, the change survives a kill -9, and the WAL
/// is checkpointed into the main file right after, on a thread of its own (`WALCheckpointer`:
/// TRUNCATE, without waiting), so that a damaged `-wal` cannot take acknowledged state with it
/// and neither the write nor its caller waits for the copy. A reader elsewhere (`sqlite3`, a
/// backup) that holds a snapshot keeps the checkpoint from emptying the WAL: it is tried again
/// until the reader has let go, and meanwhile the count of acknowledged writes is kept outside
/// the WAL (`AcknowledgedWrites`), so that a damaged WAL's loss is noticed at the next start.
/// Values with structure (profile, forecasts, provider health) are stored as JSON in typed
/// tables, so a migration can reshape them. A database that fails
/// SQLite's integrity check, is not a database, or is a directory or a dangling link is moved
/// aside with its `-wal` and `-shm`, what can still be read is copied into a fresh one, and
/// `recovery` says what happened.
public final class Store: Sendable {
    /// The one connection: used only while `lock` is held, so by one thread at a time.
    nonisolated(unsafe) private let connection: SQLiteConnection
    private let lock = Mutex(())
    private let transactions = Atomic<Int>(0)
    /// The WAL holds acknowledged writes that a reader elsewhere kept the checkpoint from moving.
    private let walHolds = Atomic<Bool>(false)
    /// Runs the checkpoint after each write, beside the writer.
    private let checkpointer = WALCheckpointer()
    /// What had to be done at opening, if the database was damaged.
    public let recovery: StoreRecovery?
    /// Acknowledged writes a damaged `-wal` took with it, found at opening (or at an earlier
    /// opening, while the damaged `-wal` it kept is still there to look at).
    public let lostWrites: LostWrites?
    /// The database file.
    public let path: String

    public init(path: URL) throws {
        try FileManager.default.createDirectory(
            at: path.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        self.path = path.path
        var damage = Self.unusableEntry(at: path)
        if damage == nil {
            do {
                // A count left beside the database: the -wal held acknowledged writes when uvd
                // last ran. It is copied before SQLite reads it (and drops what fails its checksum).
                let noted = AcknowledgedWrites.noted(beside: path)
                let walCopy = noted.flatMap { _ in Self.copyWAL(of: path) }
                let opened = try Self.open(path)
                recovery = Self.earlierRecovery(in: opened)
                lostWrites = Self.lostWrites(in: opened, noted: noted, walCopy: walCopy)
                connection = opened
                // Taken as held until the first checkpoint, here, says otherwise: a count the last
                // run noted goes once the WAL is empty, and a reader holding it already has it
                // tried again, as after a write.
                walHolds.store(true, ordering: .relaxed)
                if !checkpoint() { checkpointer.request { [weak self] in self?.checkpoint() } }
                return
            } catch let error as Damage {
                damage = error.reason
            } catch let error as SQLiteError where [SQLiteError.corrupt, SQLiteError.notADatabase].contains(error.primary) {
                damage = error.primary == SQLiteError.notADatabase ? "is not a SQLite database" : "is corrupt (\(error.text))"
            } catch let error as SQLiteError {
                throw StoreError(path: path.path, problem: Self.explain(error, at: path))
            }
        }
        let moved = try StoreSalvage.moveAside(path)
        let fresh = try Self.open(path)
        let database = moved.first { !$0.path.hasSuffix("-wal") && !$0.path.hasSuffix("-shm") }
        let (rows, damaged) = database.map { StoreSalvage.salvage(from: $0, into: fresh) } ?? ([:], [])
        recovery = StoreRecovery(reason: damage ?? "was damaged", movedAside: moved, salvaged: rows, damagedTables: damaged)
        lostWrites = nil
        AcknowledgedWrites.clear(beside: path)
        connection = fresh
        try? saveSetting("recovery", recovery)
    }

    /// The recovery a previous start made, while the files it moved aside are still there to
    /// look at (deleting them is how the user says they have seen it).
    private static func earlierRecovery(in connection: SQLiteConnection) -> StoreRecovery? {
        let stored: StoreRecovery?? = try? setting("recovery", connection)
        guard let recovery = stored ?? nil, let first = recovery.movedAside.first, FileManager.default.fileExists(atPath: first.path) else {
            return nil
        }
        return recovery
    }

    /// `NAME-wal.kept-TIME`: a copy of the `-wal` as it was before this start read it.
    private static func copyWAL(of database: URL, now: Date = Date()) -> URL? {
        let wal = URL(fileURLWithPath: database.path + "-wal")
        let copy = URL(fileURLWithPath: database.path + "-wal.kept-\(Int(now.timeIntervalSince1970))")
        try? FileManager.default.removeItem(at: copy)
        return (try? FileManager.default.copyItem(at: wal, to: copy)) == nil ? nil : copy
    }

    /// The acknowledged writes missing from the opened database: the count noted beside it less
    /// the count it holds. Found now, it is kept (setting `lostWrites`) so that later starts say it
    /// too while the copy of the damaged `-wal` is there; none lost, the copy goes.
    private static func lostWrites(in connection: SQLiteConnection, noted: Int?, walCopy: URL?) -> LostWrites? {
        if let noted, let held = try? AcknowledgedWrites.held(connection) {
            guard noted > held, let walCopy else {
                if let walCopy { try? FileManager.default.removeItem(at: walCopy) }
                return nil
            }
            let lost = LostWrites(count: noted - held, keptAs: walCopy)
            try? connection.transaction { try putSetting("lostWrites", lost, connection) }
            return lost
        }
        let stored: LostWrites?? = try? setting("lostWrites", connection)
        guard let lost = stored ?? nil, FileManager.default.fileExists(atPath: lost.keptAs.path) else { return nil }
        return lost
    }

    /// Opens the file in WAL mode with `synchronous = FULL` (a transaction is on disk when its
    /// commit returns, so acknowledged state survives a power cut) and foreign keys enforced,
    /// checks it, and brings its schema up to date.
    private static func open(_ path: URL) throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path.path)
        let mode = try connection.firstRow("PRAGMA journal_mode = WAL")?.text(0)
        guard mode == "wal" else {
            throw SQLiteError(code: SQLiteError.readOnly, text: "WAL mode was refused (\(mode ?? "no answer"))", sql: nil)
        }
        try connection.execute("PRAGMA synchronous = FULL")
        try connection.execute("PRAGMA foreign_keys = ON")
        let verdict = try connection.rows("PRAGMA quick_check").map { try $0.text(0) }
        guard verdict == ["ok"] else {
            throw Damage(reason: "failed its integrity check (\(verdict.first ?? "no answer"))")
        }
        try Schema.migrate(connection)
        return connection
    }

    /// `body` with the connection, for reading.
    func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try lock.withLock { _ in try body(connection) }
    }

    /// One transaction, counted, then the WAL checkpointed into the main file beside the writer.
    /// While a reader elsewhere keeps the WAL from emptying, the count is noted outside it at once.
    func write<T: Sendable>(_ updates: (SQLiteConnection) throws -> T) throws -> T {
        transactions.add(1, ordering: .relaxed)
        let result = try lock.withLock { _ in
            let (result, count) = try connection.transaction { (try updates(connection), try AcknowledgedWrites.bump(connection)) }
            if walHolds.load(ordering: .relaxed) { AcknowledgedWrites.note(count, beside: URL(fileURLWithPath: path)) }
            return result
        }
        checkpointer.request { [weak self] in self?.checkpoint() }
        return result
    }

    /// The WAL emptied, or the count of acknowledged writes it holds noted outside it.
    private func settle() {
        let url = URL(fileURLWithPath: path)
        if connection.checkpoint() {
            if walHolds.exchange(false, ordering: .relaxed) { AcknowledgedWrites.clear(beside: url) }
        } else {
            walHolds.store(true, ordering: .relaxed)
            if let count = try? AcknowledgedWrites.held(connection) { AcknowledgedWrites.note(count, beside: url) }
        }
    }

    /// Whether the WAL holds acknowledged writes a reader elsewhere kept from the main file:
    /// `checkpoint()` is to be tried again.
    public var walHoldsWrites: Bool { walHolds.load(ordering: .relaxed) }

    /// How many write transactions this store has run since it was opened.
    public var transactionCount: Int { transactions.load(ordering: .relaxed) }

    /// Moves everything in the WAL into the main database file and empties the WAL, without
    /// waiting for a reader elsewhere (what the checkpointer runs after every write); true when
    /// the WAL is empty now.
    @discardableResult
    public func checkpoint() -> Bool {
        lock.withLock { _ in
            settle()
            return !walHolds.load(ordering: .relaxed)
        }
    }

    // MARK: Settings

    public func profile() throws -> Profile {
        try setting("profile") ?? Profile()
    }

    /// The family besides the user (`uvctl family`); none in a store no release with families
    /// wrote (kept as a setting, so that older releases read the store as before).
    public func family() throws -> [FamilyMember] {
        try setting("family") ?? []
    }

    /// Whether the family was said not to be out (`uvctl family off`), and until when.
    public func familyAway() throws -> FamilyAway? {
        try setting("familyAway")
    }

    /// The place the user chose, if any.
    public func manualPlace() throws -> Place? {
        try setting("manualPlace")
    }

    func setting<Value: Decodable>(_ key: String) throws -> Value? {
        try read { db in try Self.setting(key, db) }
    }

    /// A setting's value, read on `db` (within a transaction, or at opening).
    static func setting<Value: Decodable>(_ key: String, _ db: SQLiteConnection) throws -> Value? {
        try db.firstRow("SELECT value FROM setting WHERE key = ?", [.text(key)]).map { try Coding.decode(Value.self, $0.text("value")) }
    }

    func saveSetting<Value: Encodable>(_ key: String, _ value: Value?) throws {
        try write { db in try Self.putSetting(key, value, db) }
    }

    static func putSetting<Value: Encodable>(_ key: String, _ value: Value?, _ db: SQLiteConnection) throws {
        if let value {
            try db.execute("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", [.text(key), .text(Coding.encode(value))])
        } else {
            try db.execute("DELETE FROM setting WHERE key = ?", [.text(key)])
        }
    }

    /// `place` as the store keeps it: its coordinate approximated (`Coordinate.approximate`).
    public static func approximate(_ place: Place) -> Place {
        var stored = place
        stored.coordinate = place.coordinate.approximate
        return stored
    }

    // MARK: Saved locations

    public func savedPlaces() throws -> [Place] {
        try read { db in
            try db.rows("SELECT value FROM savedPlace ORDER BY name COLLATE NOCASE").map { try Coding.decode(Place.self, $0.text("value")) }
        }
    }

    // MARK: Sunscreen

    /// What each person has on: the applications not taken off (`SunscreenOn`).
    public func sunscreenOn() throws -> SunscreenOn {
        try read { db in
            SunscreenOn(
                try db.rows("SELECT value FROM sunscreen WHERE removedAt IS NULL ORDER BY id").map {
                    try Coding.decode(SunscreenApplication.self, $0.text("value"))
                })
        }
    }

    /// The applications worn at some time within `span`, each with when it was taken off.
    public func sunscreenWorn(within span: DateInterval) throws -> [WornSunscreen] {
        try read { db in
            try db.rows(
                "SELECT value, removedAt FROM sunscreen WHERE appliedAt < ? AND (removedAt IS NULL OR removedAt > ?) ORDER BY appliedAt",
                [.real(span.end.timeIntervalSince1970), .real(span.start.timeIntervalSince1970)]
            ).map { row in
                WornSunscreen(
                    try Coding.decode(SunscreenApplication.self, row.text("value")),
                    removedAt: try row.optionalReal("removedAt").map(Date.init(timeIntervalSince1970:)))
            }
        }
    }

    /// Records an application, within a transaction (`save(_: StoreChanges)`); what it takes the
    /// place of ends (`SunscreenOn.record`): for everyone, everything still on; for one person,
    /// their own.
    static func insertSunscreen(_ application: SunscreenApplication, _ db: SQLiteConnection) throws {
        let at = application.appliedAt.timeIntervalSince1970
        for row in try db.rows("SELECT id, value FROM sunscreen WHERE removedAt IS NULL") {
            // A row that cannot be read (written by hand) ends too: it must not stop a new one.
            let earlier = try? Coding.decode(SunscreenApplication.self, row.text("value"))
            guard earlier.map(application.takesThePlace(of:)) ?? true else { continue }
            try db.execute("UPDATE sunscreen SET removedAt = ? WHERE id = ?", [.real(at), .integer(row.integer("id"))])
        }
        try db.execute(
            "INSERT INTO sunscreen (appliedAt, value) VALUES (?, ?)",
            [.real(application.appliedAt.timeIntervalSince1970), .text(Coding.encode(application))])
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
