import Foundation
import TestSupport
import Testing
import UVCore

@testable import UVStore

/// Another program reading the database (`sqlite3`, a backup) holds a snapshot: writes do not
/// wait for it, the -wal holds them until it lets go, and should that -wal be damaged
/// meanwhile, the next start says what it lost.
@Suite("A reader holding the database")
struct HeldReaderTests {
    private let scratch = ScratchPath("uvd-reader")
    var path: URL { scratch.url.appendingPathComponent("uvd.sqlite") }

    static func place(_ index: Int) -> Place {
        Place(
            name: "Place \(index)", coordinate: Coordinate(latitude: Double(index), longitude: 1), zone: ZoneName("UTC"),
            source: .manual)
    }

    /// A connection of its own in a read transaction, as `sqlite3` with `BEGIN; SELECT …` holds one.
    func reader() throws -> SQLiteConnection {
        let reader = try SQLiteConnection(path: path.path, readOnly: true)
        try reader.execute("BEGIN")
        _ = try reader.firstRow("SELECT count(*) FROM setting")
        return reader
    }

    @Test func writesDoNotWaitAndTheWALEmptiesWhenTheReaderLetsGo() async throws {
        let store = try Store(path: path)
        try store.save(StoreChanges(userChanges: [.savePlace(Self.place(0))]))
        // In the main file before the reader comes (the checkpointer may not have run yet).
        #expect(store.checkpoint())
        let reader = try reader()
        let start = ContinuousClock.now
        for index in 1...3 { try store.save(StoreChanges(userChanges: [.savePlace(Self.place(index))])) }
        // 0.4 waited 10 s per write here (the busy timeout, for a TRUNCATE checkpoint).
        #expect(ContinuousClock.now - start < .seconds(5))
        // The checkpointer, beside the writes, found the WAL held.
        #expect(await eventually { store.walHoldsWrites })
        #expect(FileManager.default.fileExists(atPath: path.path + "-acknowledged"))
        #expect(try store.savedPlaces().count == 4)
        #expect(!store.checkpoint(), "the reader still holds it")
        try reader.execute("ROLLBACK")
        // Tried again every half second, on the checkpointer's own thread: empty within a second
        // of the reader letting go (watched from this thread, whatever the test pool is doing).
        let released = ContinuousClock.now
        _ = eventuallyBlocking(within: .seconds(3)) { !store.walHoldsWrites }
        #expect(!store.walHoldsWrites)
        #expect(ContinuousClock.now - released < .seconds(1))
        #expect((try FileManager.default.attributesOfItem(atPath: path.path + "-wal")[.size] as? Int) == 0)
        #expect(!FileManager.default.fileExists(atPath: path.path + "-acknowledged"))
    }

    /// uvd starts while a reader holds a full WAL: it is emptied once the reader lets go, with
    /// no write to set it off.
    @Test func aStartWithTheWALHeldEmptiesItWhenTheReaderLetsGo() async throws {
        do {
            let earlier = try Store(path: path)
            try earlier.save(StoreChanges(userChanges: [.savePlace(Self.place(0))]))
            #expect(earlier.checkpoint())
        }
        let reader = try reader()
        do {
            let writer = try Store(path: path)
            try writer.save(StoreChanges(userChanges: [.savePlace(Self.place(1))]))
            #expect(!writer.checkpoint())
        }
        let store = try Store(path: path)
        #expect(store.walHoldsWrites)
        try reader.execute("ROLLBACK")
        #expect(await eventually { !store.walHoldsWrites })
        #expect(try store.savedPlaces().count == 2)
    }

    /// A reader held open, three acknowledged writes, uvd killed (its files copied as they are on
    /// disk), one bit flipped in the -wal: SQLite drops the frames silently; the start says it.
    @Test func aDamagedWALsLossIsSaidAtTheNextStart() throws {
        let store = try Store(path: path)
        try store.save(StoreChanges(userChanges: [.savePlace(Self.place(0))]))
        // In the main file before the reader comes (the checkpointer may not have run yet).
        #expect(store.checkpoint())
        let reader = try reader()
        for index in 1...3 { try store.save(StoreChanges(userChanges: [.savePlace(Self.place(index))])) }
        // What uvd left on disk once the checkpointer had found the WAL held (the count noted beside it).
        _ = store.checkpoint()
        let killed = scratch.url.appendingPathComponent("killed")
        try FileManager.default.createDirectory(at: killed, withIntermediateDirectories: true)
        let copy = killed.appendingPathComponent("uvd.sqlite")
        for suffix in ["", "-wal", "-acknowledged"] {
            try FileManager.default.copyItem(atPath: path.path + suffix, toPath: copy.path + suffix)
        }
        try reader.execute("ROLLBACK")

        // Intact, the next start reads every write and says nothing.
        let intact = scratch.url.appendingPathComponent("intact")
        try FileManager.default.copyItem(at: killed, to: intact)
        let whole = try Store(path: intact.appendingPathComponent("uvd.sqlite"))
        #expect(whole.lostWrites == nil)
        #expect(try whole.savedPlaces().count == 4)

        // One bit flipped in the first frame's page (past the 32-byte header and 24-byte frame header).
        var wal = try Data(contentsOf: URL(fileURLWithPath: copy.path + "-wal"))
        wal[32 + 24 + 100] ^= 0x01
        try wal.write(to: URL(fileURLWithPath: copy.path + "-wal"))
        let reopened = try Store(path: copy)
        let lost = try #require(reopened.lostWrites)
        #expect(lost.count == 3)
        #expect(FileManager.default.fileExists(atPath: lost.keptAs.path))
        #expect(lost.summary.hasPrefix("3 acknowledged changes were lost"))
        // Said again at a later start while the kept -wal is there; not once it is deleted.
        #expect(try Store(path: copy).lostWrites == lost)
        try FileManager.default.removeItem(at: lost.keptAs)
        #expect(try Store(path: copy).lostWrites == nil)
    }
}
