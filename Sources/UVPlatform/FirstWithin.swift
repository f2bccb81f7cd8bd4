/// The first of `work` and a deadline: nil when the deadline comes first. Both run as children of
/// the caller's task, which waits for both: `work` must end soon once cancelled (a bus question
/// through `GLibThread` does, its late reply dropped).
public func firstWithin<Value: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async -> Value) async -> Value? {
    await withTaskGroup(of: Value?.self) { group in
        group.addTask { await work() }
        group.addTask {
            try? await EventLoop.sleep(for: limit)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
