import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Do-not-disturb on real servers under Xvfb, each read the way it offers it: xfce4-notifyd's
/// xfconf property (followed by xfconf's signal) and LXQt's settings file (followed by a file
/// watch). A reminder that changes during do-not-disturb is held, and the newest text is shown
/// within 2 s of the end, once.
@Suite("Do-not-disturb on xfce4-notifyd and LXQt", .serialized)
struct DoNotDisturbServerTests {
    enum Server: String, CaseIterable, CustomTestStringConvertible {
        case xfce = "/usr/lib/x86_64-linux-gnu/xfce4/notifyd/xfce4-notifyd"
        case lxqt = "/usr/bin/lxqt-notificationd"

        var testDescription: String { self == .xfce ? "xfce4-notifyd" : "lxqt-notificationd" }
        var installed: Bool {
            FileManager.default.isExecutableFile(atPath: rawValue) && FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb")
                && (self == .lxqt || FileManager.default.isExecutableFile(atPath: "/usr/bin/xfconf-query"))
        }
        /// How doctor names where the state was read.
        var source: String { self == .xfce ? "xfce4-notifyd (the xfconf property /do-not-disturb)" : "LXQt (doNotDisturb in " }
    }

    /// Xvfb, a private session bus (which activates xfconfd), the server, and dbus-monitor.
    final class Desktop {
        let environment: [String: String]
        let calls: URL
        private var processes: [ChildProcess] = []

        init(_ uvd: DaemonHarness, server: Server, display: Int) throws {
            let bus = uvd.root.appendingPathComponent("bus").path
            environment = [
                "PATH": "/usr/bin:/bin", "DISPLAY": ":\(display)", "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(bus)", "HOME": uvd.root.path,
                "XDG_CONFIG_HOME": uvd.root.appendingPathComponent("config").path,
                "XDG_RUNTIME_DIR": uvd.root.appendingPathComponent("run").path,
            ]
            calls = uvd.root.appendingPathComponent("calls.txt")
            processes.append(
                try ChildProcess(
                    "/usr/bin/Xvfb", [":\(display)", "-nolisten", "tcp"], environment: environment, stdout: "/dev/null", stderr: "/dev/null"
                ))
            processes.append(
                try ChildProcess(
                    "/usr/bin/dbus-daemon", ["--session", "--nofork", "--nopidfile", "--address=unix:path=\(bus)"],
                    environment: environment, stdout: "/dev/null", stderr: "/dev/null"))
            try uvd.waitFor("the bus and the display") {
                FileManager.default.fileExists(atPath: bus) && FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display)")
            }
            processes.append(
                try ChildProcess(
                    server.rawValue, [], environment: environment, stdout: "/dev/null",
                    stderr: uvd.root.appendingPathComponent("server.err").path))
            // Asked of the bus, which starts nothing: a call to the name itself would have the bus
            // start another installed server (dunst) before this one takes the name.
            try uvd.waitFor("the server on the bus", timeout: 30) {
                try ToolRunner.run(
                    URL(fileURLWithPath: "/usr/bin/gdbus"),
                    [
                        "call", "--session", "-d", "org.freedesktop.DBus", "-o", "/org/freedesktop/DBus",
                        "-m", "org.freedesktop.DBus.NameHasOwner", "org.freedesktop.Notifications",
                    ], environment: self.environment
                ).stdout.contains("true")
            }
            processes.append(
                try ChildProcess(
                    "/usr/bin/dbus-monitor",
                    ["--address", "unix:path=\(bus)", "type='method_call',interface='org.freedesktop.Notifications'"],
                    environment: environment, stdout: calls.path, stderr: "/dev/null"))
        }

        var said: String { (try? String(contentsOf: calls, encoding: .utf8)) ?? "" }

        deinit {
            for process in processes.reversed() {
                process.signal(SIGTERM)
                _ = process.wait()
            }
        }
    }

    private func setDoNotDisturb(_ on: Bool, on server: Server, _ uvd: DaemonHarness, _ desktop: Desktop) throws {
        switch server {
        case .xfce:
            let set = try ToolRunner.run(
                URL(fileURLWithPath: "/usr/bin/xfconf-query"),
                ["-c", "xfce4-notifyd", "-p", "/do-not-disturb", "-n", "-t", "bool", "-s", on ? "true" : "false"],
                environment: desktop.environment)
            #expect(set.status == 0, "\(set.stderr)")
        case .lxqt:
            let file = uvd.root.appendingPathComponent("config/lxqt/notifications.conf")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "[General]\ndoNotDisturb=\(on)\nwidth=300\n".write(to: file, atomically: true, encoding: .utf8)
        }
    }

    @Test(arguments: Server.allCases.filter(\.installed))
    func heldThenTheNewestShownWithinTwoSeconds(_ server: Server) throws {
        let uvd = try DaemonHarness(providers: false, zone: "Etc/UTC", extraConfig: DaemonHarness.remindersWhereverYouAre)
        let desktop = try Desktop(uvd, server: server, display: 900 + Int(getpid() % 50) + (server == .xfce ? 0 : 50))
        try uvd.start(extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": desktop.environment["DBUS_SESSION_BUS_ADDRESS"] ?? ""])
        #expect(try uvd.uvctl(["location", "set", LeaveHomeTests.solarNoonPlace]).status == 0)
        #expect(try uvd.uvctl(["profile", "set", "--skin-type", "VI", "--spf", "50", "--quantity", "lots"]).status == 0)
        let reminders = { desktop.said.components(separatedBy: "string \"Reapply by ").count - 1 }
        #expect(try uvd.uvctl(["sunscreen", "apply", "--minutes-ago", "61"]).status == 0)
        try uvd.waitFor("the reminder") { reminders() == 1 }

        try setDoNotDisturb(true, on: server, uvd, desktop)
        #expect(try uvd.uvctl(["sunscreen", "apply", "--minutes-ago", "100"]).status == 0)
        // The old text is closed, unless the server closed it itself already (LXQt may).
        var doctor = ""
        do {
            try uvd.waitFor("do-not-disturb read") {
                doctor = try uvd.uvctl(["doctor"]).stdout
                return doctor.contains(server.source)
            }
        } catch {
            Issue.record("doctor said: \(doctor)")
        }
        #expect(doctor.contains("do not disturb") && doctor.contains(server.source), "\(doctor)")
        sleep(2)
        #expect(reminders() == 1, "nothing new is sent during do-not-disturb")

        let ended = ContinuousClock.now
        try setDoNotDisturb(false, on: server, uvd, desktop)
        try uvd.waitFor("the newest reminder", timeout: 5) { reminders() == 2 }
        #expect(ContinuousClock.now - ended < .seconds(2), "shown \(ContinuousClock.now - ended) after do-not-disturb ended")
        sleep(1)
        #expect(reminders() == 2, "shown once")
    }
}
