/// Polls `condition` every 50 ms, as many times as fit in `limit`, until it holds; whether it
/// held. For a change another task or process makes, whose moment a test cannot know. The polls
/// are counted, not the clock: with the whole suite on two cores, the task that makes the change
/// may wait long for a thread, and each poll then waits as long.
public func eventually(within limit: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
    let polls = Int(limit / .milliseconds(50))
    for _ in 0..<max(1, polls) {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return condition()
}
