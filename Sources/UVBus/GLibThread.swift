internal import CGLib
import FoundationEssentials
import Synchronization
import UVCore

/// A thread that runs a GLib main loop with a context of its own, and runs work on it.
///
/// GDBus and libnotify deliver replies, signals and method calls only to a running main loop, on
/// the context that was the thread default when they were asked for: so every call whose answer
/// comes that way goes through `run` (or `call`), and the loop never stops.
public final class GLibThread: @unchecked Sendable {
    /// Only touched by GLib's thread-safe calls (`g_main_context_invoke`).
    private let context: OpaquePointer

    /// Only once the libraries are open (`DesktopLibraries.problem` is nil): its owners are made
    /// after that is asked.
    public init(name: String) {
        precondition(DesktopLibraries.problem == nil, "a GLib thread made without GLib")
        // GLib aborts when memory runs out rather than return NULL (g_malloc's contract).
        let context = g_main_context_new()!
        self.context = context
        nonisolated(unsafe) let loopContext = context
        DetachedThread.start(name: name) {
            g_main_context_push_thread_default(loopContext)
            let loop = g_main_loop_new(loopContext, 0)
            g_main_loop_run(loop)
        }
    }

    /// Runs `work` on the loop's thread and returns its result.
    public func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let job = Job { continuation.resume(returning: work()) }
            g_main_context_invoke(context, GLibThread.runJob, Unmanaged.passRetained(job).toOpaque())
        }
    }

    /// Runs `work` on the loop's thread and returns its result, or nil as soon as the task is
    /// cancelled: a call on a server that does not answer is not waited for as uvd stops. The
    /// work still runs to its end on the loop; its result is dropped.
    public func runUnlessCancelled<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T? {
        let waiting = Waiting<T>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiting.hold(continuation)
                let job = Job { waiting.resume(returning: work()) }
                g_main_context_invoke(context, GLibThread.runJob, Unmanaged.passRetained(job).toOpaque())
                // Cancelled before the continuation was held: the handler found nothing to resume.
                if Task.isCancelled { waiting.resume(returning: nil) }
            }
        } onCancel: {
            waiting.resume(returning: nil)
        }
    }

    /// Sends `call` from the loop's thread and waits for its reply, holding no thread meanwhile:
    /// the reply comes back through the loop. A cancelled task gets a failure at once (the reply,
    /// when it comes, is dropped).
    public func call(_ call: BusCall, on connection: BusConnection, within limit: Duration) async -> Result<BusValue, BusError> {
        let waiting = Waiting<Result<BusValue, BusError>>()
        let answer = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiting.hold(continuation)
                let job = Job { connection.send(call, within: limit) { waiting.resume(returning: $0) } }
                g_main_context_invoke(context, GLibThread.runJob, Unmanaged.passRetained(job).toOpaque())
                if Task.isCancelled { waiting.resume(returning: nil) }
            }
        } onCancel: {
            waiting.resume(returning: nil)
        }
        return answer ?? .failure(BusError(message: tr("the question was withdrawn")))
    }

    /// The continuation of a `runUnlessCancelled`, resumed once: by the work or by cancellation,
    /// whichever comes first.
    private final class Waiting<T: Sendable>: Sendable {
        private let continuation = Mutex<CheckedContinuation<T?, Never>?>(nil)

        func hold(_ held: CheckedContinuation<T?, Never>) { continuation.withLock { $0 = held } }

        func resume(returning value: T?) { continuation.withLock { $0.take() }?.resume(returning: value) }
    }

    private final class Job: Sendable {
        let work: @Sendable () -> Void
        init(_ work: @escaping @Sendable () -> Void) { self.work = work }
    }

    /// A static member, not a closure in place: a C callback must not inherit an actor.
    private static let runJob: GSourceFunc = { pointer in
        guard let pointer else { return 0 }
        Unmanaged<Job>.fromOpaque(pointer).takeRetainedValue().work()
        return 0
    }
}
