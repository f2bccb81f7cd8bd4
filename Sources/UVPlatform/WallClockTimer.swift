import CSystemd
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Something that can be set to go off at an instant: the daemon's one timer, or a stand-in that
/// records what it was set to.
public protocol DeadlineTimer: Sendable {
    /// Sets the instant; a later call replaces it.
    func arm(at instant: Date)
}

/// One timer on the wall clock (a `timerfd` on CLOCK_REALTIME): it fires at an instant, not after
/// a duration, so an instant that passed during suspend fires at resume, and a change of the
/// clock (settime, NTP step) wakes it at once with `.clockChanged`.
public final class WallClockTimer: DeadlineTimer {
    public enum Wake: Sendable, Equatable {
        /// The armed instant has come.
        case due
        /// The wall clock was set: every deadline needs looking at again.
        case clockChanged
    }

    private let fd: Int32

    public init() throws {
        fd = timerfd_create(CLOCK_REALTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }

    /// Arms the timer for `instant` (re-arming replaces the previous instant; safe from any thread).
    public func arm(at instant: Date) {
        let seconds = max(instant.timeIntervalSince1970, 1)
        var spec = itimerspec()
        spec.it_value.tv_sec = Int(seconds.rounded(.down))
        spec.it_value.tv_nsec = Int((seconds - seconds.rounded(.down)) * 1_000_000_000)
        timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET), &spec, nil)
    }

    /// Waits for the armed instant or a clock change.
    public func wait() async throws -> Wake {
        while true {
            try await Readiness.wait(fd, for: .read)
            var expirations: UInt64 = 0
            if read(fd, &expirations, 8) == 8 { return .due }
            switch errno {
            case ECANCELED: return .clockChanged
            case EAGAIN, EINTR: continue
            default: throw POSIXError(.init(rawValue: errno) ?? .EIO)
            }
        }
    }

    deinit { close(fd) }
}
