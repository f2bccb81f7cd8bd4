import Synchronization

/// Wakes the refresh loop early: a ring while nobody waits is kept for the next wait.
final class Doorbell: Sendable {
    private struct State {
        var pending = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    func ring() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns after `duration`, at a ring, or when the task is cancelled, whichever is first.
    func wait(for duration: Duration) async {
        if state.withLock({ state in defer { state.pending = false }; return state.pending }) { return }
        await withTaskCancellationHandler {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    try? await Task.sleep(for: duration)
                    if !Task.isCancelled { self.ring() }
                }
                group.addTask {
                    await withCheckedContinuation { continuation in
                        let early = self.state.withLock { state -> Bool in
                            if state.pending {
                                state.pending = false
                                return true
                            }
                            state.waiter = continuation
                            return false
                        }
                        if early { continuation.resume() }
                    }
                }
                await group.next()
                group.cancelAll()
            }
        } onCancel: {
            ring()
        }
    }
}
