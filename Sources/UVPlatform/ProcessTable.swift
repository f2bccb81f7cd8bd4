import UVCore

#if canImport(Glibc)
    import Glibc
#endif

/// What `/proc` says of another process: its name, and whether it is a uvd still running.
public enum ProcessTable {
    /// The name it runs under (`/proc/PID/comm`), if it exists.
    public static func name(of pid: Int32) -> String? {
        guard case .bytes(let comm) = SmallFile.read("/proc/\(pid)/comm", maximumSize: 64) else { return nil }
        return String(decoding: comm, as: UTF8.self).filter { $0 != "\n" }
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
