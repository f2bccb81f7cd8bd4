import Synchronization

/// The first of `work` and a deadline: nil when the deadline comes first. `work` then goes on
/// unwaited (a D-Bus call cannot be taken back), its result dropped.
public func firstWithin<Value: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async -> Value) async -> Value? {
    let settled = Mutex(false)
    return await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
        let settle: @Sendable (Value?) -> Void = { value in
            if settled.withLock({ done in
                defer { done = true }
                return !done
            }) {
                continuation.resume(returning: value)
            }
        }
        Task { settle(await work()) }
        Task {
            try? await EventLoop.sleep(for: limit)
            settle(nil)
        }
    }
}
