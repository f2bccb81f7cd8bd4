import FoundationEssentials
import Glibc

/// What the core reads of time and chance, given to it rather than read inside, so that a test
/// can play a suspend, a clock step or a retry's draw: the wall clock (for what arrives without
/// a time of its own: a provider's answer, a reload), the time the machine has spent suspended
/// since it booted, and the draw that spreads a failed provider's retries. `system` reads the
/// machine; every event handler still takes its `now` once, as it receives the event.
struct CoreClocks: Sendable {
    /// The wall clock.
    var wall: @Sendable () -> Date
    /// Seconds spent suspended since boot: CLOCK_BOOTTIME counts them, CLOCK_MONOTONIC does not.
    var suspendedSoFar: @Sendable () -> TimeInterval
    /// A number from 0 to 1, for a retry's jitter.
    var jitter: @Sendable () -> Double

    init(
        wall: @escaping @Sendable () -> Date = { Date() }, suspendedSoFar: @escaping @Sendable () -> TimeInterval = Self.machineSuspended,
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.wall = wall
        self.suspendedSoFar = suspendedSoFar
        self.jitter = jitter
    }

    static let system = CoreClocks()

    @Sendable static func machineSuspended() -> TimeInterval {
        var boot = timespec()
        var monotonic = timespec()
        clock_gettime(CLOCK_BOOTTIME, &boot)
        clock_gettime(CLOCK_MONOTONIC, &monotonic)
        return Double(boot.tv_sec - monotonic.tv_sec) + Double(boot.tv_nsec - monotonic.tv_nsec) / 1e9
    }
}
