/// When the notification outbox tries a failed delivery again: after 1 s, doubling up to 5
/// minutes, until the server answers; and whether a failure is news for the log (the same one
/// repeating is said once, and its end once).
struct DeliveryBackoff: Equatable {
    static let first: Duration = .seconds(1)
    static let longest: Duration = .seconds(300)

    private(set) var delay = first
    private(set) var lastProblem: String?

    /// Records a failure; true when it is not the one last recorded.
    mutating func failed(_ problem: String) -> Bool {
        defer { lastProblem = problem }
        return problem != lastProblem
    }

    /// The wait before the next try; the one after is twice as long, up to `longest`.
    mutating func nextDelay() -> Duration {
        defer { delay = min(delay * 2, Self.longest) }
        return delay
    }

    /// Nothing is left to try again: the next failure waits `first` again.
    mutating func restart() {
        delay = Self.first
    }

    /// The server answered; true when it had been failing (its recovery is news).
    mutating func answered() -> Bool {
        defer { lastProblem = nil }
        return lastProblem != nil
    }
}
