import Foundation
import Synchronization

/// A temporary directory for a `static` (never deinitialised): removed when the test process
/// exits, so that a run leaves nothing behind in /tmp. Exit handlers run last-registered first,
/// so the children spawned in it (`ChildProcess`, registered later) have ended by then.
public enum RunDirectory {
    private static let directories = Mutex<[URL]>([])

    public static func make(_ prefix: String) -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        removeAtExit(directory)
        return directory
    }

    /// `path` goes when the test process exits too, whatever is there by then (a `ScratchPath`
    /// whose store's checkpoint thread still wrote as the path was first removed).
    public static func removeAtExit(_ path: URL) {
        let first = directories.withLock { list in
            list.append(path)
            return list.count == 1
        }
        if first { atexit { RunDirectory.removeAll() } }
    }

    private static func removeAll() {
        for directory in directories.withLock({ $0 }) { try? FileManager.default.removeItem(at: directory) }
    }
}

/// A unique path under the temporary directory, not created: whatever a test makes there is
/// removed when this value goes. Held by a suite (one instance per test), it cleans up after each
/// test, as a struct suite has no deinit of its own. A store's checkpoint thread may still write
/// there as it goes (the removal then leaves the directory), so the path goes again as the test
/// process exits.
public final class ScratchPath: Sendable {
    public let url: URL

    public init(_ prefix: String, suffix: String = "") {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)\(suffix)")
        RunDirectory.removeAtExit(url)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
