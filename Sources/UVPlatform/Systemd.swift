import CSystemd
import UVCore

#if canImport(Glibc)
    import Glibc
#endif

/// The service manager's side channel (sd_notify(3), sd_listen_fds(3), sd_watchdog_enabled(3)).
/// Every call is a no-op when uvd does not run under systemd.
public enum Systemd {
    /// Sends `READY=1`, `STATUS=…`, `RELOADING=1`, `STOPPING=1`, `WATCHDOG=1` and the like.
    public static func notify(_ state: String) {
        _ = uvd_sd_notify(0, state)
    }

    /// `RELOADING=1` with the monotonic timestamp systemd ≥ 253 asks for.
    public static func notifyReloading() {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let microseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
        notify("RELOADING=1\nMONOTONIC_USEC=\(microseconds)")
    }

    /// How often to send `WATCHDOG=1` (half the configured timeout), if the watchdog is on.
    public static var watchdogPingInterval: Duration? {
        var microseconds: UInt64 = 0
        guard uvd_sd_watchdog_enabled(0, &microseconds) > 0, microseconds > 0 else { return nil }
        return .microseconds(Int64(microseconds / 2))
    }

    /// The first descriptor socket activation passes (`SD_LISTEN_FDS_START`).
    static let firstListenFD: Int32 = 3

    /// Sockets passed by socket activation (`LISTEN_FDS`), starting at fd 3.
    public static func listenFDs() -> [Int32] {
        let count = uvd_sd_listen_fds(1)
        guard count > 0 else { return [] }
        return (0..<count).map { Self.firstListenFD + $0 }
    }

    /// Says why uvd cannot start where a person will look: in the journal at priority err (the
    /// `<3>` prefix, which journald takes as the line's priority while the unit's
    /// `SyslogLevelPrefix=` is on, as by default), so that `systemctl --user status uvd` shows
    /// it in red beside the failed unit, and in the unit's status line (`STATUS=`); in a
    /// terminal, a plain line on standard error.
    public static func reportStartFailure(_ reason: String) {
        let line = reason.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ")
        StandardStream.error.write((stderrIsJournal ? "<3>" : "") + "uvd: " + line + "\n")
        notify("STATUS=" + tr("Cannot start: %1$@", line))
    }

    /// Whether standard error is connected to the journal (`JOURNAL_STREAM` names its device and inode).
    public static var stderrIsJournal: Bool {
        guard let value = getenv("JOURNAL_STREAM").map({ String(cString: $0) }) else { return false }
        let parts = value.split(separator: ":")
        var info = stat()
        guard parts.count == 2, fstat(STDERR_FILENO, &info) == 0 else { return false }
        return String(info.st_dev) == parts[0] && String(info.st_ino) == parts[1]
    }
}
