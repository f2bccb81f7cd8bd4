import CEventLoop
import CSystemd
import FoundationEssentials
import UVCore

#if canImport(Glibc)
    import Glibc
#endif

/// uvd's own scheduling, so that an idle process makes no system call: Swift concurrency's global
/// jobs on threads that wait with no timeout, descriptors watched by one epoll thread, and sleeps
/// as one-shot timers on it. (The default executor is libdispatch's, whose Linux workqueue monitor
/// wakes every second once it has run anything; `Task.sleep` schedules through it too.)
public enum EventLoop {
    /// Takes over the global executor for this process, then runs `body` as the program and gives
    /// the main thread to the executor; exits with what `body` returns. Call first thing in main.
    /// With `secondThread`, another thread serves jobs beside the main thread (the daemon's,
    /// where a job of one client's may run while another's waits for its turn).
    public static func run(secondThread: Bool, _ body: @escaping @Sendable () async -> Int32) -> Never {
        let status = uvd_executor_install(strictRules, secondThread)
        if status != 0 {
            StandardStream.error.write(
                "\(ProcessArguments.atStart.first ?? "uvd"): no second thread for tasks (\(String(cString: strerror(status)))); the main thread serves alone\n"
            )
        }
        Task.detached { exit(await body()) }
        uvd_executor_serve()
    }

    /// Whether a main-actor job stops the process: in debug builds (the tests run those), so
    /// that one fails the test that reached it.
    #if DEBUG
        static let strictRules = true
    #else
        static let strictRules = false
    #endif

    /// What broke the executor's rules since the process started (CONTRIBUTING.md, "The
    /// executor"): a job for the main actor, a job that held one of the executor's threads for
    /// more than 250 ms. (`Task.sleep` is kept out by `scripts/check-executor`.)
    public struct Violations: Sendable, Equatable {
        public var mainActor: Int
        public var slow: Int
        /// The longest any job held a thread.
        public var longestMilliseconds: Int

        /// None yet.
        public static let none = Violations(mainActor: 0, slow: 0, longestMilliseconds: 0)

        public var isEmpty: Bool { mainActor == 0 && slow == 0 }
    }

    public static var violations: Violations {
        let counts = uvd_executor_violations_so_far()
        return Violations(
            mainActor: Int(clamping: counts.main_actor), slow: Int(clamping: counts.slow),
            longestMilliseconds: Int(clamping: counts.longest_ms))
    }

    /// Counts main-actor jobs without taking over the executor: for a process on the default
    /// executor (the tests), whose jobs go on as before.
    public static func watchRules() {
        uvd_executor_watch_rules(false)
    }

    /// Counts a job that held one of the executor's threads for `duration`, as the executor does
    /// after each job it runs.
    static func held(for duration: Duration) {
        uvd_executor_held(UInt64(clamping: max(0, duration.wholeMilliseconds)))
    }

    /// Suspends for `duration` on CLOCK_BOOTTIME (time asleep counts, as for `ContinuousClock`);
    /// throws `CancellationError` when the task is cancelled first.
    public static func sleep(for duration: Duration) async throws {
        let timer = timerfd_create(CLOCK_BOOTTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard timer >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        defer { close(timer) }
        let (seconds, attoseconds) = duration.components
        var spec = itimerspec()
        spec.it_value.tv_sec = Int(clamping: max(seconds, 0))
        spec.it_value.tv_nsec = Int(max(attoseconds, 0) / 1_000_000_000)
        // A zero it_value disarms a timerfd: the shortest wait is one nanosecond.
        if spec.it_value.tv_sec == 0, spec.it_value.tv_nsec == 0 { spec.it_value.tv_nsec = 1 }
        guard timerfd_settime(timer, 0, &spec, nil) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        do {
            try await Readiness.wait(timer, for: .read)
        } catch is Readiness.Cancelled {
            throw CancellationError()
        }
    }
}
