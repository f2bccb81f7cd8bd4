import FoundationEssentials
import Glibc
import UVCore

/// A memory cgroup the bench makes, under its own, for one measured process: what the kernel
/// charges it is what a user's systemd shows for the unit (`systemctl --user status uvd`'s
/// "Memory:"): the process's anonymous memory and every page of a file it was first to read,
/// page cache included. cgroup v1's memory controller (`memory.usage_in_bytes`) or v2's
/// (`memory.current`), whichever this machine mounts; under a user manager,
/// `systemd-run --user --scope` makes the same.
///
/// A process is put in it before it runs its first instruction (a shell writes its own pid into
/// `cgroup.procs`, then `exec`s the program), so that every page it faults in is charged here.
struct MemoryCgroup {
    let path: String
    /// v1 names the usage `memory.usage_in_bytes` and the breakdown's anonymous part `rss`; v2
    /// names them `memory.current` and `anon`.
    private let unified: Bool

    /// A new cgroup named `name` under the bench's own; nil, with why, where none can be made
    /// (no memory controller mounted, or no right to make one).
    static func make(_ name: String) -> Result<MemoryCgroup, RunningDaemon.Failure> {
        guard let membership = text("/proc/self/cgroup") else {
            return .failure(.init(description: "/proc/self/cgroup cannot be read"))
        }
        let lines = membership.split(separator: "\n")
        let v1 = lines.first { $0.split(separator: ":").dropFirst().first?.split(separator: ",").contains("memory") == true }
        let base: String
        let unified: Bool
        if let v1, let own = v1.split(separator: ":", maxSplits: 2).last {
            base = "/sys/fs/cgroup/memory" + own
            unified = false
        } else if let v2 = lines.first(where: { $0.hasPrefix("0::") }),
            let controllers = text("/sys/fs/cgroup/cgroup.controllers"),
            controllers.split(separator: " ").contains(where: { $0.trimmingWhitespace() == "memory" })
        {
            base = "/sys/fs/cgroup" + v2.dropFirst(3)
            unified = true
        } else {
            return .failure(.init(description: "no memory cgroup controller is mounted"))
        }
        let path = "\(base.hasSuffix("/") ? String(base.dropLast()) : base)/uvd-bench-\(getpid())-\(name)"
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            return .failure(.init(description: "cannot make \(path): \(String(cString: strerror(errno)))"))
        }
        return .success(MemoryCgroup(path: path, unified: unified))
    }

    /// `program arguments…` started inside this cgroup (through /bin/sh, which joins it and then
    /// becomes the program, keeping its pid).
    func spawn(_ program: String, _ arguments: [String], environment: [String: String]) throws -> pid_t {
        try RunningDaemon.spawn(
            "/bin/sh", ["-c", #"echo $$ > "$0/cgroup.procs" && exec "$@""#, path, program] + arguments, environment: environment)
    }

    /// Bytes charged now: all of it, its anonymous part, and the page cache (files read).
    var charged: (total: Int, anonymous: Int, pageCache: Int) {
        let total = number(unified ? "memory.current" : "memory.usage_in_bytes") ?? 0
        let stat = statistics()
        return (total, stat[unified ? "anon" : "rss"] ?? 0, stat[unified ? "file" : "cache"] ?? 0)
    }

    /// Ends what is left in it and removes it.
    func remove() {
        if let pids = text("\(path)/cgroup.procs") {
            for pid in pids.split(separator: "\n").compactMap({ pid_t($0) }) { kill(pid, SIGKILL) }
        }
        for _ in 0..<50 where rmdir(path) != 0 { usleep(20_000) }
    }

    private func number(_ file: String) -> Int? {
        text("\(path)/\(file)").flatMap { Int($0.trimmingWhitespace()) }
    }

    private func statistics() -> [String: Int] {
        guard let text = text("\(path)/memory.stat") else { return [:] }
        var values: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, let value = Int(fields[1]) { values[String(fields[0])] = value }
        }
        return values
    }
}

/// A small file of the kernel's (/proc, /sys), as text; nil when it cannot be read.
func text(_ path: String) -> String? {
    guard case .bytes(let bytes) = SmallFile.read(path, maximumSize: 1 << 20) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
}

/// A stripped copy of the release binary (and a `uvctl` link to it), as `make install` installs
/// it, whose pages are in no cache: the first process to run it reads it from disk, as after a
/// boot, and its cgroup is charged for it.
/// `cachedBytes` says how much of a file the page cache holds, to check that it worked.
enum ColdBinary {
    static func copy(_ binary: String, into directory: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let copy = try coldCopy(binary, to: "\(directory)/uvd")
        // A release before 0.4.0 (UVD=…) had a uvctl binary of its own beside uvd: copied as well.
        let separate = URL(filePath: binary).deletingLastPathComponent().appending(path: "uvctl").path
        var info = stat()
        if lstat(separate, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
            _ = try coldCopy(separate, to: "\(directory)/uvctl")
        } else {
            symlink("uvd", "\(directory)/uvctl")
        }
        return copy
    }

    /// `source` stripped (as `make install` installs it) into `copy`, its pages then dropped.
    private static func coldCopy(_ source: String, to copy: String) throws -> String {
        guard try RunningDaemon.run("/usr/bin/strip", ["--strip-all", "-o", copy, source], environment: [:]) == 0 else {
            throw RunningDaemon.Failure(description: "cannot write a stripped copy of \(source) to \(copy)")
        }
        let descriptor = open(copy, O_RDONLY)
        guard descriptor >= 0 else { throw RunningDaemon.Failure(description: "cannot open \(copy)") }
        defer { close(descriptor) }
        // Dirty pages cannot be dropped: written out first, then let go.
        fsync(descriptor)
        posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
        return copy
    }

    /// The readahead of the disk that holds `path`, in KB (`/sys/dev/block/MAJOR:MINOR`, or its
    /// parent for a partition): a page fault in a mapped file reads up to that much around it, so
    /// a cold start reads that much more of the binary than it runs.
    static func readaheadKilobytes(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        // glibc's gnu_dev_major and gnu_dev_minor, which Swift cannot import.
        let major = (info.st_dev >> 8) & 0xFFF | (info.st_dev >> 32) & ~0xFFF
        let minor = info.st_dev & 0xFF | (info.st_dev >> 12) & ~0xFF
        let device = "/sys/dev/block/\(major):\(minor)"
        for queue in ["\(device)/queue/read_ahead_kb", "\(device)/../queue/read_ahead_kb"] {
            if let value = text(queue).flatMap({ Int($0.trimmingWhitespace()) }) { return value }
        }
        return nil
    }

    /// How much of `path` is in the page cache now, in bytes (mincore over a mapping of it).
    static func cachedBytes(_ path: String) -> Int {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size > 0,
            let mapping = mmap(nil, Int(info.st_size), PROT_READ, MAP_SHARED, descriptor, 0), mapping != MAP_FAILED
        else { return 0 }
        defer { munmap(mapping, Int(info.st_size)) }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        var resident = [UInt8](repeating: 0, count: (Int(info.st_size) + page - 1) / page)
        guard mincore(mapping, Int(info.st_size), &resident) == 0 else { return 0 }
        return resident.reduce(0) { $0 + Int($1 & 1) } * page
    }
}

/// A small ext4 file system of the bench's own on a loop device whose readahead is the kernel's
/// default (128 KB, what most disks have), mounted under the bench's temporary directory: a cold
/// start from it is charged what it would be on such a disk, whatever this machine's own disk
/// reads ahead (a virtual disk may read megabytes around each page fault). Needs root,
/// `losetup` and `mkfs.ext4`; nil, with why, where it cannot be made.
final class ReadaheadDisk: Sendable {
    let mountPoint: String
    private let image: String
    private let device: String

    static let defaultReadaheadKilobytes = 128

    static func make() -> Result<ReadaheadDisk, RunningDaemon.Failure> {
        let base = FileManager.default.temporaryDirectory.path + "/uvd-bench-\(getpid())-disk"
        let image = base + ".img"
        let mountPoint = base
        guard run("/usr/bin/truncate", ["-s", "256M", image]), run("/sbin/mkfs.ext4", ["-q", "-F", image]) else {
            unlink(image)
            return .failure(.init(description: "cannot make a file system image (mkfs.ext4)"))
        }
        let listing = base + ".device"
        guard run("/bin/sh", ["-c", #"losetup -f --show "$0" > "$1""#, image, listing]),
            let device = text(listing)?.trimmingWhitespace(), device.hasPrefix("/dev/loop")
        else {
            unlink(image)
            unlink(listing)
            return .failure(.init(description: "cannot attach a loop device (losetup needs root)"))
        }
        unlink(listing)
        let name = String(device.dropFirst("/dev/".count))
        mkdir(mountPoint, 0o700)
        guard
            run("/bin/sh", ["-c", #"echo "$0" > "/sys/block/$1/queue/read_ahead_kb""#, String(defaultReadaheadKilobytes), name]),
            run("/bin/mount", [device, mountPoint])
        else {
            _ = run("/sbin/losetup", ["-d", device])
            rmdir(mountPoint)
            unlink(image)
            return .failure(.init(description: "cannot set the loop device's readahead or mount it"))
        }
        return .success(ReadaheadDisk(mountPoint: mountPoint, image: image, device: device))
    }

    private init(mountPoint: String, image: String, device: String) {
        self.mountPoint = mountPoint
        self.image = image
        self.device = device
    }

    func remove() {
        _ = Self.run("/bin/umount", [mountPoint])
        _ = Self.run("/sbin/losetup", ["-d", device])
        rmdir(mountPoint)
        unlink(image)
    }

    private static func run(_ program: String, _ arguments: [String]) -> Bool {
        (try? RunningDaemon.run(program, arguments, environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"])) == 0
    }
}

/// The shared libraries uvd links and opens (libc; libcurl, libxml2, libsystemd, SQLite, libnotify
/// and GLib, which it opens with dlopen, and what they link), read once by the bench before any
/// measured process starts: a desktop has them in its page cache already, used by every other
/// program, so what a measured cgroup is charged is uvd's own, not the first reader's toll.
enum SharedLibraries {
    /// The libraries uvd opens itself when it first needs them (`dlopen`), which `ldd` of the
    /// binary cannot list: libnotify brings GLib, GIO, GObject and GdkPixbuf.
    static let opened = ["libcurl.so.4", "libxml2.so.2", "libsystemd.so.0", "libsqlite3.so.0", "libnotify.so.4"]

    static func warm(for binary: String) {
        let directory = "/usr/lib/x86_64-linux-gnu"
        var libraries = Set(dependencies(of: binary))
        for name in opened where access("\(directory)/\(name)", R_OK) == 0 {
            libraries.insert("\(directory)/\(name)")
            libraries.formUnion(dependencies(of: "\(directory)/\(name)"))
        }
        for library in libraries { _ = FileManager.default.contents(atPath: library) }
    }

    /// What `ldd` lists for `file`: the paths after `=>`.
    private static func dependencies(of file: String) -> [String] {
        let listing = FileManager.default.temporaryDirectory.path + "/uvd-bench-\(getpid())-ldd"
        defer { unlink(listing) }
        guard
            (try? RunningDaemon.run("/bin/sh", ["-c", #"ldd "$0" > "$1""#, file, listing], environment: ["PATH": "/usr/bin:/bin"])) != nil
        else { return [] }
        return (text(listing) ?? "").split(separator: "\n").compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("/") }.map(String.init)
        }
    }
}
