import FoundationEssentials
import UVCore

/// Runs blocking work (a D-Bus conversation that may take seconds) on a thread of its own, so that
/// it holds none of the executor's two threads.
public enum OffThread {
    public static func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            DetachedThread.start(name: "uvd-off-thread") { continuation.resume(returning: work()) }
        }
    }
}
