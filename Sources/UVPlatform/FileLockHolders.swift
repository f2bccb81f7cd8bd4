import FoundationEssentials
import UVCore

#if canImport(Glibc)
    import Glibc
#endif

/// Who holds a lock on a file, as the kernel lists every lock in `/proc/locks`: how `uvctl
/// doctor` names another program that holds uvd's database open (SQLite's readers lock bytes
/// of the `-shm` file), the way `fuser` or `lslocks` would.
public enum FileLockHolders {
    /// One line of `/proc/locks`: `1: POSIX  ADVISORY  READ  1234 08:02:131081 128 128`
    /// (`->` before the kind marks a request waiting for the lock; it is no holder).
    public struct Lock: Sendable, Equatable {
        public var pid: Int32
        /// The device as the kernel writes it: major and minor, in hexadecimal.
        public var major: UInt32
        public var minor: UInt32
        public var inode: UInt64
    }

    /// The locks held in `text` (the contents of `/proc/locks`); a line that does not read as one
    /// is passed over.
    public static func parse(_ text: String) -> [Lock] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 8, fields[1] != "->" else { return nil }
            let file = fields[5].split(separator: ":")
            guard file.count == 3, let pid = Int32(fields[4]), pid > 0, let major = UInt32(file[0], radix: 16),
                let minor = UInt32(file[1], radix: 16), let inode = UInt64(file[2])
            else { return nil }
            return Lock(pid: pid, major: major, minor: minor, inode: inode)
        }
    }

    /// The locks held on `path` (by any process, this one too): nil when the file is missing
    /// or `/proc/locks` cannot be read.
    public static func locks(on path: String) -> [Lock]? {
        guard let file = identity(of: path) else { return FileManager.default.fileExists(atPath: path) ? nil : [] }
        guard case .bytes(let bytes) = SmallFile.read("/proc/locks", maximumSize: 4 << 20) else { return nil }
        return parse(String(decoding: bytes, as: UTF8.self)).filter { ($0.major, $0.minor, $0.inode) == file }
    }

    /// The processes other than this one that hold a lock on any of `paths`, each once, with
    /// the name it runs under.
    public static func holders(of paths: [String]) -> [(pid: Int32, name: String)] {
        var seen: Set<Int32> = []
        return paths.flatMap { locks(on: $0) ?? [] }.compactMap { lock in
            guard lock.pid != getpid(), seen.insert(lock.pid).inserted else { return nil }
            return (lock.pid, ProcessTable.name(of: lock.pid) ?? "?")
        }
    }

    /// A file's device (major, minor, as the kernel writes them) and inode.
    private static func identity(of path: String) -> (UInt32, UInt32, UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        // glibc's gnu_dev_major and gnu_dev_minor, which Swift does not import.
        let device = UInt64(info.st_dev)
        let major = UInt32(truncatingIfNeeded: ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff))
        let minor = UInt32(truncatingIfNeeded: (device & 0xff) | ((device >> 12) & ~0xff))
        return (major, minor, UInt64(info.st_ino))
    }
}
