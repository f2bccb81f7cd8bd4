import CEventLoop
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The signals a daemon answers (SIGTERM, SIGINT, SIGHUP), caught by a handler that writes them
/// to a pipe the event loop watches: no thread waits for them and nothing polls.
///
/// Unchecked `Sendable`: one task reads it.
public final class SignalWatch: @unchecked Sendable {
    private let descriptor: Int32

    /// Catches `signals` from now on (their default actions no longer apply). Once per process.
    public init(_ signals: [Int32]) throws {
        descriptor = signals.withUnsafeBufferPointer { uvd_signal_pipe($0.baseAddress, Int32($0.count)) }
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }

    /// The next signal caught; throws when the task is cancelled.
    public func next() async throws -> Int32 {
        while true {
            var byte: UInt8 = 0
            if read(descriptor, &byte, 1) == 1 { return Int32(byte) }
            guard errno == EAGAIN || errno == EINTR else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            try await Readiness.wait(descriptor, for: .read)
        }
    }
}
