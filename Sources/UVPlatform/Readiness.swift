import CEventLoop
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Suspends until a file descriptor is readable or writable, without a thread blocked on it: a
/// one-shot watch on uvd's event-loop thread (`CEventLoop`), which sleeps in `epoll_wait` with no
/// timeout between events.
///
/// The continuation is resumed exactly once — by the watch firing, by cancellation, or at once
/// when the descriptor cannot be watched (a regular file is always ready); the `Mutex` decides.
public enum Readiness {
    enum Direction { case read, write }

    /// The wait was cancelled: what an accept or read throws when its task is.
    public struct Cancelled: Error {}

    static func wait(_ fd: Int32, for direction: Direction) async throws {
        let waiter = Waiter()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { waiter.start($0, fd: fd, direction: direction) }
        } onCancel: {
            waiter.cancel()
        }
    }

    private final class Waiter: Sendable {
        private let state = Mutex<State>(.idle)

        private enum State {
            /// Not started yet.
            case idle
            /// Armed; the task waits.
            case waiting(CheckedContinuation<Void, any Error>, OpaquePointer)
            /// Over (cancelled before it started, or resumed); the watch, if any, to release.
            case finished(cancelled: Bool, watch: OpaquePointer?)
        }

        func start(_ continuation: CheckedContinuation<Void, any Error>, fd: Int32, direction: Direction) {
            let context = Unmanaged.passRetained(self)
            let outcome: Result<Void, any Error>? = state.withLock { state in
                guard case .idle = state else { return .failure(Cancelled()) }
                guard let watch = uvd_watch_fd(fd, direction == .write, { Waiter.fired($0) }, context.toOpaque()) else {
                    state = .finished(cancelled: false, watch: nil)
                    return errno == EPERM ? .success(()) : .failure(POSIXError(.init(rawValue: errno) ?? .EIO))
                }
                state = .waiting(continuation, watch)
                return nil
            }
            guard let outcome else { return }
            context.release()
            continuation.resume(with: outcome)
        }

        func cancel() {
            let waiting: (CheckedContinuation<Void, any Error>, OpaquePointer)? = state.withLock { state in
                switch state {
                case .idle:
                    state = .finished(cancelled: true, watch: nil)
                    return nil
                case .waiting(let continuation, let watch):
                    state = .finished(cancelled: true, watch: watch)
                    return (continuation, watch)
                case .finished:
                    return nil
                }
            }
            guard let (continuation, watch) = waiting else { return }
            if uvd_watch_cancel(watch) { Unmanaged.passUnretained(self).release() }
            continuation.resume(throwing: Cancelled())
        }

        /// On the event-loop thread; takes back the reference `start` gave the watch.
        private static func fired(_ context: UnsafeMutableRawPointer?) {
            guard let context else { return }
            let waiter = Unmanaged<Waiter>.fromOpaque(context).takeRetainedValue()
            let continuation: CheckedContinuation<Void, any Error>? = waiter.state.withLock { state in
                guard case .waiting(let continuation, let watch) = state else { return nil }
                state = .finished(cancelled: false, watch: watch)
                return continuation
            }
            continuation?.resume()
        }

        deinit {
            if case .finished(_, let watch?) = state.withLock({ $0 }) { uvd_watch_release(watch) }
        }
    }
}
