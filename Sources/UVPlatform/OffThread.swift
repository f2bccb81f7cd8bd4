import FoundationEssentials
import UVCore

/// Runs blocking work (a D-Bus conversation that may take seconds, a transfer, a child's wait) on
/// a thread of its own, named `name`, so that it holds none of the executor's two threads. Where
/// the system refuses a thread (at its limit), the work runs on the calling thread instead,
/// holding it for the work's length: late, never lost (the caller would otherwise wait forever).
public enum OffThread {
    public static func run<Value: Sendable>(named name: String = "uvd-off-thread", _ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            if !DetachedThread.start(name: name, { continuation.resume(returning: work()) }) {
                continuation.resume(returning: work())
            }
        }
    }
}
