#if canImport(Glibc)
    import Glibc
#endif

/// Polls `condition` every 50 ms, as many times as fit in `limit`, until it holds; whether it
/// held (a condition that throws has not). For a change another task or process makes, whose
/// moment a test cannot know. The polls are counted, not the clock: with the whole suite on two
/// cores, the task that makes the change may wait long for a thread, and each poll then waits as
/// long.
public func eventually(within limit: Duration = .seconds(10), _ condition: () async throws -> Bool) async -> Bool {
    let polls = Int(limit / .milliseconds(50))
    for _ in 0..<max(1, polls) {
        if (try? await condition()) == true { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return (try? await condition()) == true
}

/// The same for code that cannot wait asynchronously (a fixture's initializer that starts a
/// process): it blocks its thread between polls, so an async test uses `eventually`.
public func eventuallyBlocking(within limit: Duration = .seconds(10), _ condition: () throws -> Bool) -> Bool {
    let polls = Int(limit / .milliseconds(50))
    for _ in 0..<max(1, polls) {
        if (try? condition()) == true { return true }
        usleep(50_000)
    }
    return (try? condition()) == true
}
