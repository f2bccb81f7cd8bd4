import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A smoke test with a real notification server: dunst on Xvfb, on a private session bus.
@Suite("dunst", .enabled(if: ["/usr/bin/Xvfb", "/usr/bin/dunst", "/usr/bin/dbus-daemon"].allSatisfy(FileManager.default.isExecutableFile(atPath:)),
                         "needs Xvfb, dunst and dbus-daemon"))
struct DunstTests {
    @Test func uvdsNotificationsShowInDunstAndItsPauseIsSeen() throws {
        let uvd = try DaemonHarness(providers: false, zone: "Etc/UTC")
        let display = ":\(100 + getpid() % 800)"
        let busPath = uvd.root.appendingPathComponent("bus").path
        let environment = ["PATH": "/usr/bin:/bin", "DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(busPath)", "HOME": uvd.root.path]
        let x = try ChildProcess("/usr/bin/Xvfb", [display, "-nolisten", "tcp"], environment: environment, stdout: "/dev/null", stderr: "/dev/null")
        defer { x.signal(SIGTERM); _ = x.wait() }
        let bus = try ChildProcess(
            "/usr/bin/dbus-daemon", ["--session", "--nofork", "--nopidfile", "--address=unix:path=\(busPath)"],
            environment: environment, stdout: "/dev/null", stderr: "/dev/null")
        defer { bus.signal(SIGTERM); _ = bus.wait() }
        try uvd.waitFor("the bus and the display") {
            FileManager.default.fileExists(atPath: busPath) && FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(display.dropFirst())")
        }
        let config = uvd.root.appendingPathComponent("dunstrc")
        try "[global]\nfont = Monospace 8\n".write(to: config, atomically: true, encoding: .utf8)
        let startDunst = {
            try ChildProcess("/usr/bin/dunst", ["-config", config.path], environment: environment, stdout: "/dev/null", stderr: uvd.root.appendingPathComponent("dunst.err").path)
        }
        var dunst = try startDunst()
        defer { dunst.signal(SIGTERM); _ = dunst.wait() }
        let dunstctl = { (arguments: [String]) throws -> ToolRunner.Result in
            try ToolRunner.run(URL(fileURLWithPath: "/usr/bin/dunstctl"), arguments, environment: environment)
        }
        let displayed = { Int(try dunstctl(["count", "displayed"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 }
        try uvd.waitFor("dunst") { try dunstctl(["is-paused"]).stdout.hasPrefix("false") }

        try uvd.start(extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(busPath)"])
        #expect(try uvd.uvctl(["location", "set", LeaveHomeTests.solarNoonPlace]).status == 0)
        try uvd.waitFor("uvd's alerts on screen") { try displayed() >= 1 }

        // dunst restarted (an upgrade, a crash): what was on screen comes back, fresh.
        dunst.signal(SIGTERM)
        _ = dunst.wait()
        dunst = try startDunst()
        try uvd.waitFor("uvd's alerts on the new dunst") { try displayed() >= 1 }
        #expect(uvd.log.contains("the server changed"))

        #expect(try dunstctl(["set-paused", "true"]).status == 0)
        let doctor = try uvd.uvctl(["doctor"]).stdout
        #expect(doctor.contains("notification server: dunst"))
        #expect(doctor.contains("warn  do not disturb"))
    }
}
