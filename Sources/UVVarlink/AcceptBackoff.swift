/// How long a listener pauses after `accept` fails: 100 ms, doubling to at most 5 s, until a
/// connection is accepted again. At the descriptor limit (EMFILE) nothing can be accepted until
/// some descriptor is freed, and retrying at once would only spin.
struct AcceptBackoff {
    static let shortest = Duration.milliseconds(100)
    static let longest = Duration.seconds(5)

    private(set) var failures = 0

    /// The pause after one more failure.
    mutating func failed() -> Duration {
        failures += 1
        let exponent = min(failures - 1, 16)
        let pause = Self.shortest * (1 << exponent)
        return min(pause, Self.longest)
    }

    /// Records a success; returns how many failures came before it, if any.
    mutating func succeeded() -> Int? {
        defer { failures = 0 }
        return failures > 0 ? failures : nil
    }
}
