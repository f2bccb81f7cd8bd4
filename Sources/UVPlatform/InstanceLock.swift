import FoundationEssentials
import UVCore

#if canImport(Glibc)
    import Glibc
#endif

/// One uvd per user: an exclusive `flock` on `uvd.lock` in the runtime directory, held for the
/// process's life (the kernel drops it when the process dies, however it dies). The file holds
/// the holder's pid, for the message the second instance gives.
public final class InstanceLock: Sendable {
    /// Another uvd holds the lock.
    public struct AlreadyRunning: Error, CustomStringConvertible {
        public var pid: Int32?
        public var description: String {
            pid.map { tr("uvd is already running (pid %1$@)", $0) } ?? tr("uvd is already running")
        }
    }

    private let descriptor: Int32
    /// Why the holder's pid could not be written into the lock file, if it could not: the lock
    /// holds all the same, but a second uvd cannot name this one.
    public let pidNotRecorded: String?

    /// Takes the lock in `directory` (which must exist and be private), or throws `AlreadyRunning`.
    public init(directory: String) throws {
        let path = directory + "/uvd.lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw PrivateDirectory.Refused(path: path, problem: FileProblem.reason(errno))
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            defer { close(descriptor) }
            if code == EWOULDBLOCK { throw AlreadyRunning(pid: Self.holder(descriptor)) }
            throw PrivateDirectory.Refused(path: path, problem: FileProblem.reason(code))
        }
        let text = Array("\(getpid())\n".utf8)
        if ftruncate(descriptor, 0) == 0, text.withUnsafeBytes({ pwrite(descriptor, $0.baseAddress, $0.count, 0) }) == text.count {
            pidNotRecorded = nil
        } else {
            pidNotRecorded = "\(path): \(FileProblem.reason(errno))"
        }
        self.descriptor = descriptor
    }

    /// The holder's pid; a holder that took the lock an instant ago may not have written it
    /// yet (the file is empty, or still names an earlier holder that is gone), so it is read
    /// again for up to a fifth of a second.
    private static func holder(_ descriptor: Int32) -> Int32? {
        for _ in 0..<20 {
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0,
                let pid = Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingWhitespace()),
                pid > 0, kill(pid, 0) == 0 || errno == EPERM
            {
                return pid
            }
            usleep(10_000)  // executor: at most 0.2 s, only as a second uvd gives up at start
        }
        return nil
    }

    /// Whether some process holds the lock in `directory`, read from /proc/locks (by the lock
    /// file's device and inode) without taking it, so that asking can never make a starting uvd
    /// think another runs; false too when there is no lock file; nil when it cannot be told.
    public static func isHeld(in directory: String) -> Bool? {
        var info = stat()
        guard stat(directory + "/uvd.lock", &info) == 0 else { return errno == ENOENT ? false : nil }
        guard case .bytes(let bytes) = SmallFile.read("/proc/locks", maximumSize: 1 << 20) else { return nil }
        // glibc's gnu_dev_major and gnu_dev_minor (macros Swift cannot import); /proc/locks writes
        // the device as MAJOR:MINOR in hex, then the inode.
        let major = (info.st_dev >> 8) & 0xFFF | (info.st_dev >> 32) & ~0xFFF
        let minor = info.st_dev & 0xFF | (info.st_dev >> 12) & ~0xFF
        let identity = Self.hex(UInt64(major)) + ":" + Self.hex(UInt64(minor)) + ":" + String(UInt64(info.st_ino))
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").contains { line in
            line.split(separator: " ").contains { $0 == identity }
        }
    }

    /// At least two lower-case hex digits, as `%02x` writes them.
    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return digits.count < 2 ? "0" + digits : digits
    }

    deinit { close(descriptor) }
}
