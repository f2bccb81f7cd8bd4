import Foundation
import Synchronization
import Testing

@testable import UVPlatform

#if canImport(Glibc)
    import Glibc
#endif

/// The event loop's waits and sleeps: each resumes exactly once — when its descriptor is ready,
/// when its time has come, or when its task is cancelled — and a cancelled wait leaves the others
/// on the same descriptor armed.
@Suite struct EventLoopTests {
    /// A non-blocking pipe; `close` ends it.
    struct Pipe: Sendable {
        let read: Int32
        let write: Int32
        init() throws {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
            (read, write) = (ends[0], ends[1])
            for end in ends { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
        }
        func send() { _ = Glibc.write(write, "x", 1) }
        func close() {
            _ = Glibc.close(read)
            _ = Glibc.close(write)
        }
    }

    /// How many waits have woken.
    final class Woken: Sendable {
        let count = Mutex(0)
    }

    @Test func aSleepLastsAtLeastItsDuration() async throws {
        let clock = ContinuousClock()
        let started = clock.now
        try await EventLoop.sleep(for: .milliseconds(50))
        #expect(clock.now - started >= .milliseconds(50))
    }

    /// An hour's sleep, cancelled: it ends with `CancellationError` (the time limit only turns a
    /// broken cancellation into a failure instead of an hour's wait).
    @Test(.timeLimit(.minutes(10))) func aCancelledSleepThrowsCancellation() async throws {
        let sleeper = Task { try await EventLoop.sleep(for: .seconds(3600)) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        let started = Task { try await EventLoop.sleep(for: .seconds(3600)) }
        try await EventLoop.sleep(for: .milliseconds(20))
        started.cancel()
        await #expect(throws: CancellationError.self) { try await started.value }
    }

    @Test func twoWaitsOnOneDescriptorBothWake() async throws {
        let pipe = try Pipe()
        defer { pipe.close() }
        let woken = Woken()
        let waits = (0..<2).map { _ in
            Task {
                try await Readiness.wait(pipe.read, for: .read)
                woken.count.withLock { $0 += 1 }
            }
        }
        try await EventLoop.sleep(for: .milliseconds(20))
        #expect(woken.count.withLock { $0 } == 0, "neither wakes before the pipe has something to read")
        pipe.send()
        for wait in waits { await #expect(throws: Never.self) { try await wait.value } }
        #expect(woken.count.withLock { $0 } == 2)
    }

    @Test func cancellingOneWaitLeavesTheOtherArmed() async throws {
        let pipe = try Pipe()
        defer { pipe.close() }
        let cancelled = Task { try await Readiness.wait(pipe.read, for: .read) }
        let kept = Task { try await Readiness.wait(pipe.read, for: .read) }
        try await EventLoop.sleep(for: .milliseconds(20))
        cancelled.cancel()
        await #expect(throws: Readiness.Cancelled.self) { try await cancelled.value }
        pipe.send()
        await #expect(throws: Never.self) { try await kept.value }
    }

    @Test func aRegularFileIsReadyAtOnce() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-ready-\(UUID().uuidString)").path
        let fd = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        defer {
            close(fd)
            unlink(path)
        }
        #expect(fd >= 0)
        await #expect(throws: Never.self) { try await Readiness.wait(fd, for: .read) }
    }

    /// Cancellation racing the descriptor becoming ready, many times over: every task ends, none
    /// is resumed twice (a checked continuation would trap) and no watch is used after it is freed.
    @Test func cancellationRacingReadinessResumesEachWaitOnce() async throws {
        var (woke, cancelled) = (0, 0)
        for _ in 0..<500 {
            let pipe = try Pipe()
            defer { pipe.close() }
            let waiter = Task { try await Readiness.wait(pipe.read, for: .read) }
            pipe.send()
            waiter.cancel()
            switch await waiter.result {
            case .success: woke += 1
            case .failure(let error):
                #expect(error is Readiness.Cancelled, "\(error)")
                cancelled += 1
            }
        }
        #expect(woke + cancelled == 500)
    }

    @Test func aCaughtSignalArrivesOnThePipe() async throws {
        let signals = try SignalWatch([SIGUSR2])
        kill(getpid(), SIGUSR2)
        #expect(try await signals.next() == SIGUSR2)
    }
}
