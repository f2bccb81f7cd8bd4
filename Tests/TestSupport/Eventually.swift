/// Polls `condition` every 50 ms until it holds or `limit` has gone by; whether it held. For a
/// change another task or process makes, whose moment a test cannot know.
public func eventually(within limit: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    while clock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return condition()
}
