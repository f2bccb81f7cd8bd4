import Foundation
import TestSupport
import Testing

@testable import UVPlatform

/// One uvd per user, and a restart never refused by a process that is dying: the lock is held by
/// the process alone, a live uvd is named, anything else is waited for up to 2 s.
@Suite("The instance lock", .serialized)
struct InstanceLockTests {
    private let scratch = ScratchPath("uvd-lock")
    var lockFile: String { scratch.url.appendingPathComponent("uvd.lock").path }

    /// `python3` holding a lock on the lock file, as `name` (a link to python3 of that name: the
    /// kernel names a process by the file it runs), for `seconds` from when this returns (the
    /// child waits for the word to start counting, so that the test's own pace does not eat into
    /// it). `flock`: a `flock`, as a child that inherited a uvd's descriptor holds it until its
    /// exec; else a record lock.
    private func holder(_ kind: String, seconds: Double, name: String = "python3") async throws -> ChildProcess {
        try PrivateDirectory.prepare(scratch.url.path)
        let program = scratch.url.appendingPathComponent(name).path
        try? FileManager.default.createSymbolicLink(atPath: program, withDestinationPath: "/usr/bin/python3")
        let ready = scratch.url.appendingPathComponent("held").path
        let start = scratch.url.appendingPathComponent("count").path
        let lock = kind == "flock" ? "fcntl.flock(f, fcntl.LOCK_EX)" : "fcntl.lockf(f, fcntl.LOCK_EX)"
        let script = """
            import fcntl, os, time
            f = open('\(lockFile)', 'a+')
            \(lock)
            open('\(ready)', 'w').close()
            while not os.path.exists('\(start)'): time.sleep(0.01)
            time.sleep(\(seconds))
            """
        let child = try ChildProcess(program, ["-c", script], environment: [:], stdout: "/dev/null", stderr: "/dev/null")
        #expect(await eventually { FileManager.default.fileExists(atPath: ready) }, "the lock's holder did not start")
        #expect(FileManager.default.createFile(atPath: start, contents: nil))
        return child
    }

    /// The lock file names a uvd that is gone (killed, reaped); a child it started still holds
    /// the `flock` it inherited, for 0.6 s: 0.4 refused with "already running" (exit 75).
    @Test func aDyingChildsFlockIsWaitedForThenTaken() async throws {
        let child = try await holder("flock", seconds: 0.6)
        defer { _ = child.wait() }
        try "999999\n".write(toFile: lockFile, atomically: false, encoding: .utf8)
        let start = ContinuousClock.now
        let lock = try InstanceLock(directory: scratch.url.path)
        #expect(ContinuousClock.now - start >= .milliseconds(300))
        #expect(try String(contentsOfFile: lockFile, encoding: .utf8) == "\(getpid())\n")
        withExtendedLifetime(lock) {}
    }

    /// A running uvd (here a process named uvd) holding the record lock: refused at once, named.
    @Test func aRunningUvdIsNamedAtOnce() async throws {
        let uvd = try await holder("record", seconds: 5, name: "uvd")
        defer {
            uvd.signal(SIGKILL)
            _ = uvd.wait()
        }
        let start = ContinuousClock.now
        #expect(throws: InstanceLock.AlreadyRunning.self) { try InstanceLock(directory: scratch.url.path) }
        do {
            _ = try InstanceLock(directory: scratch.url.path)
        } catch let error as InstanceLock.AlreadyRunning {
            #expect(error.description == "uvd is already running (pid \(uvd.pid))")
        }
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    /// Something that is no uvd holds it past the wait: named, after 2 s, and not as a uvd.
    @Test func anotherProgramHoldingItIsNamedAfterTheWait() async throws {
        let other = try await holder("record", seconds: 5)
        defer {
            other.signal(SIGKILL)
            _ = other.wait()
        }
        let start = ContinuousClock.now
        do {
            _ = try InstanceLock(directory: scratch.url.path)
            Issue.record("the lock was granted while another process held it")
        } catch let error as InstanceLock.HeldByAnother {
            #expect(error.description.contains("is held by pid \(other.pid) (python3), which is no running uvd"), "\(error)")
        }
        #expect(ContinuousClock.now - start >= .seconds(2))
    }

    /// No lock file: nothing holds it; a held one is seen from /proc/locks without taking it.
    @Test func isHeldReadsTheKernelsList() throws {
        try PrivateDirectory.prepare(scratch.url.path)
        #expect(InstanceLock.isHeld(in: scratch.url.path) == false)
        let lock = try InstanceLock(directory: scratch.url.path)
        #expect(InstanceLock.isHeld(in: scratch.url.path) == true)
        withExtendedLifetime(lock) {}
    }

    @Test func procLocksLinesAreRead() {
        let text = """
            1: POSIX  ADVISORY  WRITE 4242 08:02:131081 0 EOF
            1: -> POSIX  ADVISORY  WRITE 4343 08:02:131081 0 EOF
            2: FLOCK  ADVISORY  WRITE 17 fd:01:99 0 EOF
            3: OFDLCK ADVISORY  READ  -1 00:05:1 0 EOF
            garbage
            """
        #expect(
            FileLockHolders.parse(text) == [
                .init(pid: 4242, major: 8, minor: 2, inode: 131_081), .init(pid: 17, major: 0xfd, minor: 1, inode: 99),
            ])
    }
}
