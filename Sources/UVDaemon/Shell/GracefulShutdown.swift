import Synchronization

/// One service's graceful shutdown: begun once by the group (`ServiceGroup`), in the reverse of
/// the order the services were given, and heard by the service's own tasks through the task-local
/// `current`, which each child task inherits. A service stops on it with `untilGracefulShutdown`
/// or waits for it with `wait()`.
final class GracefulShutdown: Sendable {
    /// The shutdown of the service whose task this is; nil outside a group's service.
    @TaskLocal static var current: GracefulShutdown?

    private struct State {
        var begun = false
        /// Who waits for the shutdown, by the number `wait` gave them.
        var waiting: [UInt64: CheckedContinuation<Bool, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }
    private let state = Mutex(State())

    /// Begins the shutdown: each waiter is answered, and any later wait returns at once.
    func begin() {
        let waiting = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            guard !state.begun else { return [] }
            state.begun = true
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        for waiter in waiting { waiter.resume(returning: true) }
    }

    /// Waits until the shutdown begins (true) or the waiting task is cancelled (false).
    func wait() async -> Bool {
        let number = state.withLock { state -> UInt64 in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: CheckedContinuation<Bool, Never>) in
                // Under the lock `onCancel` takes: a task cancelled before this is not listed, and
                // one cancelled after finds itself listed there.
                let answer: Bool? = state.withLock { state in
                    if state.begun { return true }
                    if Task.isCancelled { return false }
                    state.waiting[number] = waiter
                    return nil
                }
                if let answer { waiter.resume(returning: answer) }
            }
        } onCancel: {
            state.withLock { $0.waiting.removeValue(forKey: number) }?.resume(returning: false)
        }
    }

    /// Waits for the current service's shutdown: true once it begins, false when the task is
    /// cancelled first. Outside a group no shutdown comes, and only cancelling ends the wait.
    static func wait() async -> Bool {
        await (current ?? GracefulShutdown()).wait()
    }
}

/// Runs `operation` until it returns or the current service's graceful shutdown begins, which
/// cancels it; returns once it has ended either way.
func untilGracefulShutdown(_ operation: @escaping @Sendable () async -> Void) async {
    await withTaskGroup(of: Void.self) { group in
        group.addTask { await operation() }
        group.addTask { _ = await GracefulShutdown.wait() }
        await group.next()
        group.cancelAll()
    }
}
