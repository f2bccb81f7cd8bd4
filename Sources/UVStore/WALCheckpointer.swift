import Synchronization
import UVCore

#if canImport(Glibc)
    import Glibc
#endif

/// Empties the store's WAL after writes on a thread of its own, so that no write, no executor
/// thread and no reply to a command waits for the checkpoint (copying the WAL's pages into the
/// main file and syncing it). A checkpoint that a reader elsewhere keeps from emptying the WAL
/// (`sqlite3`, a backup: SQLite's TRUNCATE waits for readers; here it is not let wait) is tried
/// again every `retry` on that thread, and only then: the WAL is empty within that of the
/// reader letting go. One thread at a time, started by the first write of a burst and ended
/// when the WAL is empty and no write has come meanwhile.
final class WALCheckpointer: Sendable {
    /// How long a checkpoint that a reader kept from emptying the WAL waits to be tried again,
    /// in microseconds (half a second).
    static let retry: UInt32 = 500_000

    private struct State {
        var running = false
        var pending = false
    }

    private let state = Mutex(State())

    /// Asks for a checkpoint: `attempt` runs it (true: the WAL is empty; nil: the store is gone).
    func request(_ attempt: @escaping @Sendable () -> Bool?) {
        let start = state.withLock { state -> Bool in
            state.pending = true
            guard !state.running else { return false }
            state.running = true
            return true
        }
        guard start else { return }
        if !DetachedThread.start(name: "uvd-checkpoint", { self.run(attempt) }) {
            // No thread to be had: one try here, which does not wait either.
            _ = attempt()
            state.withLock { $0.running = false }
        }
    }

    private func run(_ attempt: @Sendable () -> Bool?) {
        while true {
            state.withLock { $0.pending = false }
            guard let emptied = attempt() else { break }
            if !emptied {
                usleep(Self.retry)  // executor: none of its threads; the checkpointer's own, while a reader holds the WAL
                continue
            }
            let more = state.withLock { state -> Bool in
                if state.pending { return true }
                state.running = false
                return false
            }
            if !more { return }
        }
        state.withLock { $0.running = false }
    }
}
