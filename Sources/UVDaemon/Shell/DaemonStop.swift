import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A stop uvd decides on itself, when it can no longer do its work (a timer the kernel refuses):
/// the reason goes to the log at critical, then SIGTERM to itself, so the stop is the orderly one
/// (the store checkpointed, STOPPING=1), and `Daemon.run` ends in `Failed`, an exit status the
/// unit restarts on.
public enum DaemonStop {
    /// Why uvd stopped itself.
    public struct Failed: Error, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    private static let reason = Mutex<String?>(nil)

    static func fail(because why: String, log: Logger) {
        let first = reason.withLock { reason -> Bool in
            guard reason == nil else { return false }
            reason = why
            return true
        }
        guard first else { return }
        log.critical("\(why); uvd stops")
        kill(getpid(), SIGTERM)
    }

    /// Throws `Failed` when uvd stopped itself.
    static func check() throws(Failed) {
        if let why = reason.withLock({ $0 }) { throw Failed(reason: why) }
    }
}
