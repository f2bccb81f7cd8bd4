import Foundation
import TestSupport
import Testing
import UVCore

@testable import UVStore

/// The store's own SQLite layer: the same file and schema as the releases before it (which used
/// GRDB), migrations by `PRAGMA user_version`, typed reading that throws where a trap would be,
/// and `BEGIN IMMEDIATE` transactions that refuse at once when another writer holds the lock.
@Suite("SQLite layer")
struct SQLiteLayerTests {
    private let scratch = ScratchPath("uvd-sqlite")
    var path: URL { scratch.url.appendingPathComponent("uvd.sqlite") }

    init() throws {
        try FileManager.default.createDirectory(at: scratch.url, withIntermediateDirectories: true)
    }

    /// A copy of the store uvd 0.3.3 wrote (`Tests/Fixtures/store-0.3.3`, made by its `make.sh`).
    private func copied033() throws -> URL {
        let fixture = ProviderFixture.packageRoot.appendingPathComponent("Tests/Fixtures/store-0.3.3/uvd.sqlite")
        try FileManager.default.copyItem(at: fixture, to: path)
        return path
    }

    private func schema(_ file: URL) throws -> [String] {
        try SQLiteConnection(path: file.path, readOnly: true).rows("SELECT type, name, sql FROM sqlite_master ORDER BY name").map {
            "\($0["type"]) \($0["name"]) \($0["sql"])"
        }
    }

    @Test func aFreshStoreHasTheSchemaOfTheReleasesBefore() throws {
        let reference = try schema(try copied033())
        let fresh = scratch.url.appendingPathComponent("fresh.sqlite")
        _ = try Store(path: fresh)
        #expect(try schema(fresh) == reference)
        let connection = try SQLiteConnection(path: fresh.path)
        #expect(try connection.userVersion() == Schema.migrations.count)
        // Named as 0.3's migrator named them, so that an older uvd put back opens the file.
        #expect(
            try connection.rows("SELECT identifier FROM grdb_migrations ORDER BY identifier").map { try $0.text(0) } == ["v1", "v2", "v3"])
    }

    @Test func aStoreOf033OpensWithEverythingKeptAndItsVersionIsWritten() throws {
        let file = try copied033()
        #expect(try SQLiteConnection(path: file.path).userVersion() == 0)
        let store = try Store(path: file)
        #expect(store.recovery == nil)
        #expect(try store.profile() == Profile(skinType: .III, defaultSPF: .spf50, defaultQuantity: .lots))
        #expect(try store.savedPlaces().map(\.name) == ["Beach", "Office"])
        #expect(try store.family().isEmpty, "a store from before families opens with none")
        #expect(try store.manualPlace()?.name.hasPrefix("Nairobi") == true)
        let kept = try #require(try store.sunscreenOn().newest)
        #expect(kept.spf == .spf30 && kept.quantity == .medium && kept.wearer == .everyone, "an application before families was everyone's")
        #expect(try store.history(limit: 20).contains { $0.kind == .withdrawn })
        #expect(try store.isOutside(.user))
        let all = DateInterval(start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 4_000_000_000))
        #expect(try store.outsideIntervals(overlapping: all).count == 2)
        guard case .read = try store.restoreEngineState(now: Date(timeIntervalSince1970: 1_795_925_400)) else {
            Issue.record("0.3.3's engine state was not read")
            return
        }
        #expect(try SQLiteConnection(path: file.path).userVersion() == Schema.migrations.count)
        // Opening again runs no migration twice.
        _ = try Store(path: file)
        #expect(try store.profile().skinType == .III)
    }

    @Test func aValueOfAnotherTypeIsAnErrorThatNamesItsColumn() throws {
        let store = try Store(path: path)
        try store.save(StoreChanges(profile: Profile(skinType: .IV)))
        // A blob stays a blob in a TEXT column (a number would be turned into text).
        try SQLiteConnection(path: path.path).execute("UPDATE setting SET value = x'7b7d' WHERE key = 'profile'")
        #expect {
            try store.profile()
        } throws: { error in
            "\(error)".contains("column value holds a blob where text belongs")
        }
    }

    /// Read by position, a value of another type is named by its column and what it holds (it
    /// was said as NULL in a column "#0").
    @Test func aValueReadByPositionIsNamedByItsColumn() throws {
        let row = try #require(try SQLiteConnection(path: path.path).firstRow("SELECT x'00' AS picture"))
        #expect {
            try row.text(0)
        } throws: { error in
            "\(error)".contains("column picture holds a blob where text belongs")
        }
        #expect(throws: SQLiteError.self) { try row.text("no such column") }
    }

    @Test func aTransactionThatThrowsLeavesNothing() throws {
        let connection = try SQLiteConnection(path: path.path)
        try connection.execute("CREATE TABLE t (x INTEGER)")
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO t (x) VALUES (?)", [.integer(1)])
                throw Stop()
            }
        }
        #expect(try connection.rows("SELECT x FROM t").isEmpty)
    }

    /// Another writer holding the lock makes a write fail at once with SQLITE_BUSY (5), in the
    /// words uvd's refusals carry, rather than wait.
    @Test func aHeldWriteLockRefusesAtOnce() throws {
        let holder = try SQLiteConnection(path: path.path)
        try holder.execute("PRAGMA journal_mode = WAL")
        try holder.execute("CREATE TABLE t (x INTEGER)")
        try holder.execute("BEGIN IMMEDIATE TRANSACTION")
        let writer = try SQLiteConnection(path: path.path)
        let started = ContinuousClock.now
        #expect {
            try writer.transaction { try writer.execute("INSERT INTO t (x) VALUES (1)") }
        } throws: { error in
            (error as? SQLiteError)?.primary == SQLiteError.busy
                && "\(error)".hasPrefix("SQLite error 5: database is locked - while executing `BEGIN IMMEDIATE TRANSACTION`")
        }
        #expect(ContinuousClock.now - started < .seconds(2))
        try holder.execute("COMMIT TRANSACTION")
        try writer.transaction { try writer.execute("INSERT INTO t (x) VALUES (1)") }
        #expect(try writer.rows("SELECT x FROM t").count == 1)
    }

    @Test func argumentsMustMatchTheParameters() throws {
        let connection = try SQLiteConnection(path: path.path)
        #expect(throws: SQLiteError.self) { try connection.execute("SELECT ?, ?", [.integer(1)]) }
        let row = try #require(try connection.firstRow("SELECT ?, ?, ?, ?", [.null, .real(2.5), .text("é"), .blob([0, 1])]))
        #expect(row.values == [.null, .real(2.5), .text("é"), .blob([0, 1])])
    }
}
