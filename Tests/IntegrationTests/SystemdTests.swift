import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("uvd under systemd's protocols", .serialized)
struct SystemdTests {
    /// A NOTIFY_SOCKET listener, as systemd provides one, records what uvd says.
    @Test func notifiesReadyStatusReloadingAndStopping() throws {
        let uvd = try DaemonHarness(providers: false)
        let socketPath = uvd.root.appendingPathComponent("notify.sock").path
        let received = uvd.root.appendingPathComponent("notify.log").path
        let listener = try ChildProcess(
            "/usr/bin/env",
            [
                "python3", "-c",
                """
                import socket, sys
                s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM); s.bind(sys.argv[1])
                with open(sys.argv[2], "a", buffering=1) as log:
                    while True: log.write(s.recv(4096).decode() + "\\n---\\n")
                """, socketPath, received,
            ], environment: ProcessInfo.processInfo.environment, stdout: "/dev/null", stderr: "/dev/null")
        defer {
            listener.signal(SIGTERM)
            listener.wait()
        }
        try uvd.waitFor("the notify socket") { FileManager.default.fileExists(atPath: socketPath) }

        try uvd.start(extraEnvironment: ["NOTIFY_SOCKET": socketPath, "WATCHDOG_USEC": "1000000"])
        let messages = { (try? String(contentsOfFile: received, encoding: .utf8)) ?? "" }
        try uvd.waitFor("READY=1") { messages().contains("READY=1") }
        // The status line follows READY (computing it does not delay readiness).
        try uvd.waitFor("the status line") { messages().contains("STATUS=UV ") }
        // WatchdogSec=1s: a ping at least every half second.
        try uvd.waitFor("two watchdog pings") { messages().components(separatedBy: "WATCHDOG=1").count > 2 }
        uvd.kill(SIGHUP)
        try uvd.waitFor("RELOADING=1") { messages().contains("RELOADING=1") && messages().contains("MONOTONIC_USEC=") }
        uvd.kill(SIGTERM)
        try uvd.waitFor("STOPPING=1") { messages().contains("STOPPING=1") }
    }

    /// systemd-socket-activate passes a listening socket as fd 3; uvd serves it.
    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-socket-activate"),
            "needs systemd-socket-activate (Debian package systemd)"))
    func servesAnActivatedSocket() throws {
        let uvd = try DaemonHarness(providers: false)
        try FileManager.default.createDirectory(at: uvd.socket.deletingLastPathComponent(), withIntermediateDirectories: true)
        // systemd-socket-activate passes on only the variables named with -E: without them uvd
        // would run on its fallbacks, outside the harness (a runtime directory in /tmp).
        let passed = uvd.environment.keys.sorted().flatMap { ["-E", $0] }
        try uvd.start(wrapper: ["/usr/bin/systemd-socket-activate", "-l", uvd.socket.path, "--fdname=io.uvd"] + passed)
        let status = try uvd.uvctl(["status", "--json"])
        #expect(status.status == 0)
        try uvd.waitFor("the activation log line") { uvd.log.contains("control socket from the service manager") }
    }

    /// LISTEN_FDS naming a descriptor that is no listening socket (left in the environment by
    /// something else): said in the log, and uvd binds its own socket rather than failing.
    @Test func aPassedDescriptorThatIsNoSocketIsRefused() throws {
        let uvd = try DaemonHarness(providers: false)
        try uvd.start(wrapper: ["/bin/sh", "-c", "export LISTEN_PID=$$ LISTEN_FDS=1; exec \"$0\" 3</dev/null"])
        #expect(uvd.log.contains("socket activation: inherited descriptor 3"), "\(uvd.log)")
        #expect(try uvd.uvctl(["status"]).status == 0)
    }

    /// The unit files as systemd reads them: no warnings at all.
    /// On a desktop with both dunst and mako installed, verify says this of their units: none of
    /// it is uvd's, and none of it may fail uvd's test; a line about uvd's own unit still does.
    @Test func onlyWhatVerifySaysOfUvdsUnitsCounts() {
        let directory = "/tmp/uvd-units-1a2b3c4d"
        let theirs = """
            Failed to put bus name to hashmap: File exists
            dunst.service: Two services allocated for the same bus name org.freedesktop.Notifications, refusing operation.
            mako.service: Cannot add dependency job, ignoring: Unit mako.service failed to load properly: File exists
            """
        #expect(SystemdVerify.problems(in: theirs, of: ["uvd.service", "uvd.socket"], in: directory).isEmpty)
        let ours =
            theirs + "\n\(directory)/uvd.service:12: Unknown key name 'RestartSteps' in section 'Service', ignoring.\n"
            + "uvd.socket: Socket service uvd.service not loaded, refusing.\n"
        #expect(SystemdVerify.problems(in: ours, of: ["uvd.service", "uvd.socket"], in: directory).count == 2)
    }

    @Test func unitFilesVerifyClean() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-units-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = ProviderFixture.packageRoot.appendingPathComponent("systemd")
        let service = try String(contentsOf: source.appendingPathComponent("uvd.service"), encoding: .utf8)
            .replacingOccurrences(of: "@BINDIR@", with: ToolRunner.productsDirectory.path)
        try service.write(to: directory.appendingPathComponent("uvd.service"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: source.appendingPathComponent("uvd.socket"), to: directory.appendingPathComponent("uvd.socket"))

        let units = ["uvd.service", "uvd.socket"].map { directory.appendingPathComponent($0).path }
        let verify = try ToolRunner.run(
            URL(fileURLWithPath: "/usr/bin/systemd-analyze"), ["--user", "--man=no", "verify"] + units,
            environment: ["XDG_RUNTIME_DIR": directory.path, "PATH": "/usr/bin:/bin"])
        // Only what it says of uvd's own units counts: the machine's other user units are not ours.
        let ours = SystemdVerify.problems(in: verify.stderr, of: ["uvd.service", "uvd.socket"], in: directory.path)
        #expect(ours.isEmpty, "systemd-analyze said: \(ours)")
        #expect(verify.status == 0 || (ours.isEmpty && !verify.stderr.isEmpty), "\(verify.stderr)")

        // The sandbox, scored as `systemd-analyze --user security uvd` would: 5.0 at most.
        let security = try ToolRunner.run(
            URL(fileURLWithPath: "/usr/bin/systemd-analyze"), ["--user", "security", "--offline=yes", units[0]],
            environment: ["XDG_RUNTIME_DIR": directory.path, "PATH": "/usr/bin:/bin"])
        let score = security.stdout.split(separator: "\n").first { $0.contains("Overall exposure level") }
            .flatMap { line in line.split(separator: " ").compactMap { Double($0) }.first }
        let exposure = try #require(score, "no score in: \(security.stdout.suffix(300))")
        #expect(exposure <= 5.0, "exposure \(exposure)")
    }
}

private let libfaketime = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"

/// uvd under a clock far from the real one (libfaketime, as a test bench or a machine with a bad
/// RTC has it): every deadline it arms must still fire.
@Suite(
    "A shifted clock", .serialized,
    .enabled(if: FileManager.default.fileExists(atPath: libfaketime), "needs libfaketime (Debian package faketime)"))
struct ShiftedClockTests {
    /// "Fire now" was an absolute instant 1 s after 1970, which a clock shifted ahead turns into
    /// a negative time the kernel refuses (EINVAL, dropped): uvd never woke, so never fetched.
    @Test func aClockAheadStillWakesUvdToFetch() throws {
        let uvd = try DaemonHarness()
        try uvd.start(extraEnvironment: ["LD_PRELOAD": libfaketime, "FAKETIME": "+30d", "DONT_FAKE_MONOTONIC": "1"])
        try uvd.waitFor("a request to the providers", timeout: 20) {
            (try uvd.uvctl(["status", "--json"]).json()["requestsToday"] as? Int ?? 0) > 0
        }
        #expect(!uvd.log.contains("refused uvd's timer"), "\(uvd.log)")
    }
}
