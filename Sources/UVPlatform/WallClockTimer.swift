import CSystemd
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Something that can be set to go off at an instant: the daemon's one timer, or a stand-in that
/// records what it was set to.
public protocol DeadlineTimer: Sendable {
    /// Sets the instant; a later call replaces it. Throws when the kernel refuses every way of
    /// setting it: then nothing will wake the caller.
    func arm(at instant: Date) throws(TimerRefusal)
}

/// The kernel refused to arm the timer, with its errno.
public struct TimerRefusal: Error, CustomStringConvertible, Equatable {
    public var code: Int32
    public var description: String { String(cString: strerror(code)) }
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
    ///
    /// An instant still ahead is armed as an absolute time on the wall clock, so that a suspend
    /// or a clock change is noticed; one already past fires at once (armed relative, a
    /// millisecond ahead: an absolute instant in the past is one a shifted clock, or a clock set
    /// back to before 1970, makes the kernel refuse; and a nanosecond, scaled by a clock that runs
    /// fast, as libfaketime's `x120` does, rounds to zero, which disarms the timer for good). Should the kernel refuse the absolute
    /// instant, the same wait is armed relative instead; only when that too is refused does
    /// this throw.
    public func arm(at instant: Date, now: Date = Date()) throws(TimerRefusal) {
        let ahead = instant.timeIntervalSince(now)
        if ahead > 0, Self.settime(fd, flags: Int32(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET), seconds: instant.timeIntervalSince1970) {
            return
        }
        guard Self.settime(fd, flags: 0, seconds: max(ahead, Self.atOnce)) else { throw TimerRefusal(code: errno) }
    }

    /// How far ahead "at once" is armed.
    static let atOnce: TimeInterval = 0.001

    public func arm(at instant: Date) throws(TimerRefusal) {
        try arm(at: instant, now: Date())
    }

    /// timerfd_settime for `seconds` (absolute or from now, by `flags`); false when refused or
    /// when `seconds` is no time the kernel can hold.
    private static func settime(_ fd: Int32, flags: Int32, seconds: Double) -> Bool {
        guard seconds.isFinite, seconds > 0, seconds < Double(Int32.max) * 4 else {
            errno = EINVAL
            return false
        }
        let whole = seconds.rounded(.down)
        var spec = itimerspec()
        spec.it_value.tv_sec = Int(whole)
        spec.it_value.tv_nsec = min(999_999_999, Int((seconds - whole) * 1_000_000_000))
        if spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0 { spec.it_value.tv_nsec = 1 }
        return timerfd_settime(fd, flags, &spec, nil) == 0
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
