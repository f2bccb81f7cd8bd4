import Foundation
import TestSupport
import Testing
import UVCore
import UVStore

@testable import UVDaemon

/// A command the store cannot keep (another writer holds the database) is refused and taken
/// back, and nothing else is lost with it: what earlier events changed and still waits to be
/// kept is kept with the next event.
@Suite struct StoreRefusalTests {
    static let helper = ProviderFixture.packageRoot.appendingPathComponent("Tests/TestSupport/hold_write_lock.py")

    @Test func aRefusedCommandKeepsWhatEarlierEventsChanged() async throws {
        // A forecast arrived whose step shows an alert: it waits for its delivery's report.
        let shell = try await SettleCountTests.forecastWaitingForItsDelivery()

        // Another writer holds the database: the command is refused and taken back.
        let lock = try WriteLock(database: shell.storeFile)
        let core = shell.core
        let refusal = await #expect(throws: Refusal.self) {
            try await core.addLocation(name: "Work", query: "Melbourne", now: SettleCountTests.arrival)
        }
        // Said with the file that could not be written, and that nothing changed.
        #expect(refusal?.message.contains(shell.storeFile.path) == true)
        #expect(refusal?.message.contains("nothing was changed") == true)
        lock.release()

        // The forecast that waited is kept once the store takes writes again; the refused
        // command is not.
        _ = await shell.core.timerFired(clockChanged: false, now: SettleCountTests.arrival.addingTimeInterval(DaemonCore.deliveryWait))
        #expect(try shell.store.forecast(for: InProcessCore.sydney.key)?.fetchedAt == SettleCountTests.arrival)
        #expect(try shell.store.savedPlaces().isEmpty)
        #expect(try shell.store.engineState() == (await shell.core.engine))
    }
}

/// Another process holding a database's write lock (`hold_write_lock.py`) until released.
private final class WriteLock {
    private let child: ChildProcess
    private let directory: URL

    init(database: URL) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let ready = directory.appendingPathComponent("ready")
        let log = directory.appendingPathComponent("log").path
        child = try ChildProcess(
            "/usr/bin/python3", [StoreRefusalTests.helper.path, database.path, ready.path], environment: [:], stdout: log, stderr: log)
        for _ in 0..<500 where (try? String(contentsOf: ready, encoding: .utf8)) != "locked\n" && child.isRunning { usleep(10_000) }
        guard (try? String(contentsOf: ready, encoding: .utf8)) == "locked\n" else {
            release()
            throw CocoaError(
                .fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""])
        }
    }

    func release() {
        if child.isRunning { child.signal(SIGTERM) }
        _ = child.wait()
        try? FileManager.default.removeItem(at: directory)
    }
}
