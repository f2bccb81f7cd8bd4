import Foundation
import TestSupport
import Testing
import UVCore
import UVEngine
import UVStore

/// Damaged database files: each is moved aside with its -wal and -shm, the rows SQLite can
/// still read are kept, and the store goes on working.
@Suite("A damaged store")
struct StoreDamageTests {
    private let scratch = ScratchPath("uvd-damage")
    var directory: URL { scratch.url }
    var path: URL { directory.appendingPathComponent("uvd.sqlite") }

    /// 40 saved places and enough history to spread the file over many pages; returns once the
    /// store is closed (its checkpointer, beside the writes, may hold it a moment longer: SQLite
    /// deletes the -wal as the last connection closes).
    private func fill() async throws {
        try write()
        #expect(await eventually { !FileManager.default.fileExists(atPath: path.path + "-wal") }, "the store was not closed")
    }

    private func write() throws {
        let store = try Store(path: path)
        for index in 0..<40 {
            try store.save(
                StoreChanges(userChanges: [
                    .savePlace(
                        Place(
                            name: "Place \(index)", coordinate: Coordinate(latitude: Double(index), longitude: 1),
                            zone: ZoneName("UTC"),
                            source: .manual))
                ]))
        }
        for index in 0..<400 {
            _ = try store.recordPress(
                HistoryEntry(
                    time: Date(timeIntervalSince1970: 1_768_000_000 + Double(index)), kind: .pressed, subject: .other("s\(index)"),
                    summary: String(repeating: "t", count: 200), key: "applied"))
        }
    }

    private func size(_ file: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? -1
    }

    @Test func acknowledgedStateLivesInTheMainFileSoADamagedWALLosesNothing() async throws {
        try await fill()
        #expect(size(path.path + "-wal") <= 0)
        try Data(repeating: 0xA5, count: 65_536).write(to: URL(fileURLWithPath: path.path + "-wal"))
        let store = try Store(path: path)
        #expect(try store.savedPlaces().count == 40)
    }

    @Test func aCorruptMiddlePageIsMovedAsideAndTheReadableRowsKept() async throws {
        try await fill()
        let handle = try FileHandle(forUpdating: path)
        let pages = size(path.path) / 4096
        #expect(pages > 8)
        try handle.seek(toOffset: UInt64(pages / 2) * 4096)
        try handle.write(contentsOf: Data(repeating: 0xFF, count: 4096))
        try handle.close()
        let store = try Store(path: path)
        let recovery = try #require(store.recovery)
        #expect(recovery.reason.hasPrefix("failed its integrity check") || recovery.reason.hasPrefix("is corrupt"), "\(recovery.reason)")
        // The places were written first, on pages before the damaged one.
        #expect(recovery.salvaged["savedPlace"] == 40, "\(recovery.summary)")
        #expect(recovery.movedAside.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
        #expect(try store.savedPlaces().count == recovery.salvaged["savedPlace"] ?? 0)
        #expect(recovery.summary.contains("moved it to \(directory.path)/uvd.sqlite.damaged-"))
        try store.save(
            StoreChanges(userChanges: [
                .savePlace(
                    Place(name: "After", coordinate: Coordinate(latitude: 0, longitude: 0), zone: ZoneName("UTC"), source: .manual))
            ]))
    }

    @Test func aTruncatedFileIsMovedAside() async throws {
        try await fill()
        let handle = try FileHandle(forUpdating: path)
        try handle.truncate(atOffset: UInt64(size(path.path) / 2))
        try handle.close()
        let store = try Store(path: path)
        let recovery = try #require(store.recovery)
        #expect(!recovery.reason.isEmpty)
        #expect(try store.savedPlaces().count == recovery.salvaged["savedPlace"] ?? 0)
    }

    /// SQLite opens an empty file as a new database: that started fresh and said nothing.
    @Test func aFileTruncatedToNothingIsMovedAsideAndSaid() async throws {
        try await fill()
        let handle = try FileHandle(forUpdating: path)
        try handle.truncate(atOffset: 0)
        try handle.close()
        let store = try Store(path: path)
        let recovery = try #require(store.recovery)
        #expect(recovery.reason == "is empty (0 bytes): what it held is lost")
        #expect(recovery.movedAside.contains { $0.lastPathComponent.hasPrefix("uvd.sqlite.damaged-") })
        try store.save(StoreChanges(profile: Profile(skinType: .IV)))
        #expect(try Store(path: path).recovery?.reason == recovery.reason, "said again at the next start, while the old file is there")
    }

    @Test func aDirectoryAtThePathIsMovedAside() throws {
        try FileManager.default.createDirectory(at: path.appendingPathComponent("inside"), withIntermediateDirectories: true)
        let store = try Store(path: path)
        #expect(store.recovery?.reason == "path is a directory, not a database file")
        #expect(
            FileManager.default.fileExists(atPath: try #require(store.recovery?.movedAside.first).appendingPathComponent("inside").path))
        try store.save(StoreChanges(profile: Profile(skinType: .IV)))
    }

    @Test func aDanglingLinkAtThePathIsMovedAside() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path.path, withDestinationPath: "/nonexistent/uvd.sqlite")
        let store = try Store(path: path)
        #expect(store.recovery?.reason == "path is a symbolic link to nothing usable")
        try store.save(StoreChanges(profile: Profile(skinType: .IV)))
        #expect(try Store(path: path).profile().skinType == .IV)
    }
}

extension StoreDamageTests {
    @Test func theRecoveryIsToldUntilTheOldFilesAreDeleted() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(repeating: 0x42, count: 8192).write(to: path)
        let first = try #require(try Store(path: path).recovery)
        #expect(try Store(path: path).recovery == first)
        for file in first.movedAside { try FileManager.default.removeItem(at: file) }
        #expect(try Store(path: path).recovery == nil)
    }
}
