import FoundationEssentials
import Glibc
import UVCore
import UVStore

/// The `store` target: the bytes become `uvd.sqlite` in a directory of the fuzzer's own, which
/// uvd then opens as at a start (checking it, moving it aside and salvaging it when damaged,
/// migrating it) and reads whole, as its views and its start do.
enum StoreFile {
    /// Made once per process (in /dev/shm where there is one: SQLite's fsyncs cost nothing there,
    /// so the fuzzer runs a hundred times more inputs), emptied before each input (a recovery
    /// moves files aside in it), and removed as the process exits.
    private static let directory: String = {
        let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : FileManager.default.temporaryDirectory.path
        let path = base + "/uvd-fuzz-store-\(getpid())"
        mkdir(path, 0o700)
        atexit { StoreFile.removeDirectory() }
        return path
    }()

    private static func removeDirectory() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] { unlink(directory + "/" + name) }
        rmdir(directory)
    }

    static func open(_ bytes: Data, now: Date) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] { unlink(directory + "/" + name) }
        let path = directory + "/uvd.sqlite"
        guard FileManager.default.createFile(atPath: path, contents: bytes) else { return }
        guard let store = try? Store(path: URL(filePath: path)) else { return }
        _ = try? store.profile()
        _ = try? store.manualPlace()
        _ = try? store.savedPlaces()
        _ = try? store.sunscreenOn()
        _ = try? store.history(limit: 500)
        _ = try? store.pendingPresses()
        _ = try? store.notificationIDs()
        _ = try? store.homeNetwork()
        _ = try? store.providerState()
        _ = try? store.stationReadings()
        _ = try? store.restoreEngineState(now: now)
        let span = DateInterval(start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 4_102_444_800))
        _ = try? store.sunscreenWorn(within: span)
        _ = try? store.outsideIntervals(overlapping: span)
        _ = try? store.isOutside(.network)
        _ = store.recovery?.summary
    }
}
