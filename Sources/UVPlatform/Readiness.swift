import Dispatch
import Synchronization

/// Suspends until a file descriptor is readable or writable, without a thread blocked on it.
///
/// One `DispatchSource` per wait; it is cancelled as soon as it fires or the task is cancelled,
/// and the continuation is resumed exactly once: the `Mutex` decides who gets it.
enum Readiness {
    enum Direction { case read, write }

    struct Cancelled: Error {}

    static func wait(_ fd: Int32, for direction: Direction) async throws {
        let waiter = Waiter(fd: fd, direction: direction)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { waiter.start($0) }
        } onCancel: {
            waiter.finish(Cancelled())
        }
    }

    private static let queue = DispatchQueue(label: "uvd.readiness")

    private final class Waiter: Sendable {
        /// Dispatch sources are thread-safe to resume and cancel from any thread (Dispatch's
        /// documented contract); `state` makes sure each happens once.
        nonisolated(unsafe) private let source: any DispatchSourceProtocol
        private let state = Mutex<State>(.waiting)

        private enum State {
            /// Not started; the source is still suspended.
            case waiting
            /// The source runs; the task waits.
            case started(CheckedContinuation<Void, any Error>)
            /// Done; `sourceRan` says whether the source was ever resumed.
            case finished(outcome: (any Error)?, sourceRan: Bool)
        }

        init(fd: Int32, direction: Direction) {
            source = switch direction {
            case .read: DispatchSource.makeReadSource(fileDescriptor: fd, queue: Readiness.queue)
            case .write: DispatchSource.makeWriteSource(fileDescriptor: fd, queue: Readiness.queue)
            }
            source.setEventHandler { [weak self] in self?.finish(nil) }
        }

        func start(_ continuation: CheckedContinuation<Void, any Error>) {
            let early: (any Error)?? = state.withLock { state in
                if case .finished(let outcome, _) = state { return .some(outcome) }
                state = .started(continuation)
                return .none
            }
            switch early {
            case .none: source.resume()
            case .some(.none): continuation.resume()
            case .some(.some(let error)): continuation.resume(throwing: error)
            }
        }

        /// The first call wins: cancels the source and resumes the task.
        func finish(_ error: (any Error)?) {
            let continuation: CheckedContinuation<Void, any Error>? = state.withLock { state in
                switch state {
                case .finished:
                    return nil
                case .waiting:
                    state = .finished(outcome: error, sourceRan: false)
                    return nil
                case .started(let continuation):
                    state = .finished(outcome: error, sourceRan: true)
                    return continuation
                }
            }
            guard let continuation else { return }
            source.cancel()
            if let error { continuation.resume(throwing: error) } else { continuation.resume() }
        }

        deinit {
            // Releasing a suspended Dispatch source traps: one never resumed is cancelled and
            // resumed so that it ends cleanly.
            let neverRan = state.withLock { state in
                switch state {
                case .waiting, .finished(_, sourceRan: false): true
                case .started, .finished(_, sourceRan: true): false
                }
            }
            if neverRan {
                source.cancel()
                source.resume()
            }
        }
    }
}
