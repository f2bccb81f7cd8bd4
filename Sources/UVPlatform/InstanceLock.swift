import FoundationEssentials
import UVCore

#if canImport(Glibc)
    import Glibc
#endif

/// One uvd per user: a lock on `uvd.lock` in the runtime directory, held for the process's life
/// (the kernel drops it when the process dies, however it dies). The file holds the holder's pid,
/// for the message the second instance gives.
///
/// The lock is a POSIX record lock (`F_SETLK`), which belongs to the process alone: a child
/// (a fetch process, started by `posix_spawn`) never holds it, not even between its clone and
/// its exec, so a uvd killed while starting one leaves nothing behind that refuses the restart.
/// An exclusive `flock` is taken as well, which is what releases before 0.5 take: so that one of
/// them and this one never run together. A `flock` is shared with a child until its exec closes
/// the descriptor; held while the record lock is free, it is such a dying child's (or an older
/// uvd's, named in the file): waited for up to `patience`, then taken.
public final class InstanceLock: Sendable {
    /// Another uvd holds the lock.
    public struct AlreadyRunning: Error, CustomStringConvertible {
        public var pid: Int32?
        public var description: String {
            pid.map { tr("uvd is already running (pid %1$@)", $0) } ?? tr("uvd is already running")
        }
    }

    /// A process that is no running uvd held the lock past the wait.
    public struct HeldByAnother: Error, CustomStringConvertible {
        public var path: String
        public var pid: Int32?
        public var description: String {
            tr(
                "%1$@ is held by %2$@, which is no running uvd; uvd waited 2 s for it to let go", path,
                pid.map { tr("pid %1$@ (%2$@)", $0, ProcessTable.name(of: $0) ?? "?") } ?? tr("another process"))
        }
    }

    private let descriptor: Int32
    /// Why the holder's pid could not be written into the lock file, if it could not: the lock
    /// holds all the same, but a second uvd cannot name this one.
    public let pidNotRecorded: String?

    /// How long a lock held by a process that is no running uvd is waited for.
    public static let patience: Duration = .seconds(2)

    /// Takes the lock in `directory` (which must exist and be private), or throws
    /// `AlreadyRunning` (a live uvd holds it) or `HeldByAnother`.
    public init(directory: String, patience: Duration = InstanceLock.patience) throws {
        let path = directory + "/uvd.lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw PrivateDirectory.Refused(path: path, problem: FileProblem.reason(errno))
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: patience)
        taking: while true {
            switch Self.take(descriptor) {
            case .taken:
                break taking
            case .failed(let code):
                close(descriptor)
                throw PrivateDirectory.Refused(path: path, problem: FileProblem.reason(code))
            case .held(let recordHolder):
                // The record lock's holder is the process itself; a flock's is named in the file.
                let holder = recordHolder ?? Self.named(descriptor)
                if let holder, ProcessTable.isRunningUvd(holder) {
                    close(descriptor)
                    throw AlreadyRunning(pid: holder)
                }
                guard clock.now < deadline else {
                    close(descriptor)
                    throw HeldByAnother(path: path, pid: holder)
                }
                usleep(20_000)  // executor: only as uvd starts, before it serves anything; 2 s at most
            }
        }
        let text = Array("\(getpid())\n".utf8)
        if ftruncate(descriptor, 0) == 0, text.withUnsafeBytes({ pwrite(descriptor, $0.baseAddress, $0.count, 0) }) == text.count {
            pidNotRecorded = nil
        } else {
            pidNotRecorded = "\(path): \(FileProblem.reason(errno))"
        }
        self.descriptor = descriptor
    }

    private enum Attempt {
        case taken
        /// Held: by this pid (the record lock's holder), or by a `flock` whose holder the file names.
        case held(Int32?)
        case failed(Int32)
    }

    /// The record lock, then the `flock`; the record lock is given back when the `flock` is held
    /// (a later attempt takes both).
    private static func take(_ descriptor: Int32) -> Attempt {
        var record = Glibc.flock()
        record.l_type = Int16(F_WRLCK)
        record.l_whence = Int16(SEEK_SET)
        guard fcntl(descriptor, F_SETLK, &record) == 0 else {
            let code = errno
            guard code == EAGAIN || code == EACCES else { return .failed(code) }
            var asked = Glibc.flock()
            asked.l_type = Int16(F_WRLCK)
            asked.l_whence = Int16(SEEK_SET)
            let known = fcntl(descriptor, F_GETLK, &asked) == 0 && asked.l_type != Int16(F_UNLCK) && asked.l_pid > 0
            return .held(known ? asked.l_pid : nil)
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            var release = Glibc.flock()
            release.l_type = Int16(F_UNLCK)
            release.l_whence = Int16(SEEK_SET)
            _ = fcntl(descriptor, F_SETLK, &release)
            return code == EWOULDBLOCK ? .held(nil) : .failed(code)
        }
        return .taken
    }

    /// The pid the lock file names, when it reads as one.
    private static func named(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0, let pid = Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingWhitespace()), pid > 0 else {
            return nil
        }
        return pid
    }

    /// Whether some process holds the lock in `directory`, read from /proc/locks (by the lock
    /// file's device and inode) without taking it, so that asking can never make a starting uvd
    /// think another runs; false too when there is no lock file; nil when it cannot be told.
    public static func isHeld(in directory: String) -> Bool? {
        FileLockHolders.locks(on: directory + "/uvd.lock").map { !$0.isEmpty }
    }

    deinit { close(descriptor) }
}
