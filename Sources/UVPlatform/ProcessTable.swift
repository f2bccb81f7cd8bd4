import UVCore

#if canImport(Glibc)
    import Glibc
#endif

/// What `/proc` says of another process: its name, whether it is a uvd still running, and whether
/// it runs the same binary as this one.
public enum ProcessTable {
    /// The name it runs under (`/proc/PID/comm`), if it exists.
    public static func name(of pid: Int32) -> String? {
        guard case .bytes(let comm) = SmallFile.read("/proc/\(pid)/comm", maximumSize: 64) else { return nil }
        return String(decoding: comm, as: UTF8.self).filter { $0 != "\n" }
    }

    /// Whether `pid` runs the very file this process runs: `/proc/PID/exe` and `/proc/self/exe`
    /// are one device and inode, so one build and one version. An upgrade puts a new file in
    /// place while a running uvd keeps the old one, so they differ then; false too when it cannot
    /// be told (no such process, or one this user may not look into).
    public static func runsThisBinary(_ pid: Int32) -> Bool {
        var theirs = Glibc.stat()
        var ours = Glibc.stat()
        guard stat("/proc/\(pid)/exe", &theirs) == 0, stat("/proc/self/exe", &ours) == 0 else { return false }
        return theirs.st_dev == ours.st_dev && theirs.st_ino == ours.st_ino
    }

    /// Whether `pid` is a process named uvd that has not died (a zombie, not yet reaped, has).
    public static func isRunningUvd(_ pid: Int32) -> Bool {
        guard name(of: pid) == "uvd", case .bytes(let stat) = SmallFile.read("/proc/\(pid)/stat", maximumSize: 4096) else { return false }
        // "PID (COMM) STATE …": the state follows the last ')', as the name may hold one.
        let text = String(decoding: stat, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return false }
        let state = text[text.index(after: close)...].first { $0 != " " }
        return state != "Z" && state != "X"
    }
}
