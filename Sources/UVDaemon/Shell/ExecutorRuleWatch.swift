import Logging
import UVPlatform

/// Says in the journal when a job has broken the executor's rules since it last looked
/// (CONTRIBUTING.md, "The executor"): a release build goes on, and the line says what to look for.
struct ExecutorRuleWatch {
    private var seen = EventLoop.Violations.none

    mutating func report(_ log: Logger) {
        let now = EventLoop.violations
        defer { seen = now }
        guard now != seen, !now.isEmpty else { return }
        log.warning(
            "executor: \(now.mainActor) job(s) for the main actor, \(now.slow) that held a thread over 250 ms (the longest \(now.longestMilliseconds) ms); uvd's own threads must not wait"
        )
    }
}
