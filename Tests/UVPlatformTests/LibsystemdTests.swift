import CSystemd
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// libsystemd is opened at the first call that needs it: the journal is reached through it (here
/// there may be no journald, so the call may fail, but never for want of the library), and the
/// service manager's calls outside systemd answer without it.
@Suite struct LibsystemdTests {
    @Test func theJournalIsReachedThroughTheLibraryOpenedOnDemand() {
        let field = "MESSAGE=uvd's test of its journal path"
        let result = field.withCString { text in
            var vector = iovec(iov_base: UnsafeMutableRawPointer(mutating: text), iov_len: strlen(text))
            return uvd_journal_sendv(&vector, 1)
        }
        #expect(result != -ENOSYS, "libsystemd.so.0 could not be loaded")
    }

    @Test(
        .enabled(
            if: ["NOTIFY_SOCKET", "LISTEN_FDS", "WATCHDOG_USEC"].allSatisfy { ProcessInfo.processInfo.environment[$0] == nil },
            "the tests run as a systemd service"))
    func outsideSystemdTheServiceManagersCallsAreNoOps() {
        var microseconds: UInt64 = 0
        #expect(uvd_sd_notify(0, "READY=1") == 0 && uvd_sd_listen_fds(0) == 0 && uvd_sd_watchdog_enabled(0, &microseconds) == 0)
    }
}
