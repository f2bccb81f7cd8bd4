import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The whole path, for real: uvd in a network namespace with veth links named wlan0 and wwan0,
/// libnotify talking to a recording notification server on a private session bus.
@Suite(
    "Leave home, press Applied, get reminded", .serialized,
    .enabled(
        if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip"), "needs root and iproute2 for a network namespace"
    ),
    .enabled(if: RecordingNotificationServer.available, "needs dbus-daemon and python3-gi"))
struct LeaveHomeTests {
    /// A place where the sun is at its highest right now (longitude), in late-year subsolar
    /// latitudes: the modelled UV is high whenever the test runs.
    static var solarNoonPlace: String {
        let hours = Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) / 3600
        var longitude = (12 - hours) * 15
        if longitude < -180 { longitude += 360 }
        return String(format: "-15.0,%.1f", longitude)
    }

    /// A family of two: the user (skin type VI) and a fair-skinned child. Leaving home, the
    /// prompt names the child, who burns first, with the minutes `uvctl status` gives her.
    @Test func theLeaveHomePromptNamesTheChildWhoBurnsFirst() throws {
        let namespace = try NetworkNamespace()
        try namespace.link("wlan0", address: "10.1.0.2/24")
        try namespace.link("wwan0", address: "10.2.0.2/24")
        try namespace.ip(["route", "add", "default", "via", "10.1.0.1", "dev", "wlan0"])
        let uvd = try DaemonHarness(providers: false, zone: "Etc/UTC", extraConfig: "[leave_home]\ndebounce_seconds = 2")
        let notifications = try RecordingNotificationServer(in: uvd.root)
        try uvd.start(
            extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": notifications.address],
            wrapper: ["/usr/sbin/ip", "netns", "exec", namespace.name])
        #expect(try uvd.uvctl(["location", "set", Self.solarNoonPlace]).status == 0)
        #expect(try uvd.uvctl(["profile", "set", "--skin-type", "VI"]).status == 0)
        #expect(try uvd.uvctl(["family", "add", "Mia", "--skin-type", "I", "--born", "2019-06"]).status == 0)
        try uvd.waitFor("the Wi-Fi route") { uvd.log.contains("default route: wlan0 (wifi") }

        try namespace.ip(["route", "replace", "default", "via", "10.2.0.1", "dev", "wwan0"])
        let leaveHome = {
            notifications.notifications().filter { ($0["hints"] as? [String: Any])?["category"] as? String == "x-uvd.leave-home" }
        }
        try uvd.waitFor("the leave-home notification") { !leaveHome().isEmpty }
        let body = try #require(leaveHome().first?["body"] as? String)
        #expect(body.hasPrefix("Apply sunscreen before you leave — Mia burns in "), "\(body)")
        let family = try #require(try uvd.uvctl(["status", "--json"]).json()["family"] as? [String: Any])
        #expect(family["firstToBurn"] as? String == "Mia")
        #expect(!uvd.log.contains("Mia"), "a name is the user's own text, not the journal's")
    }

    @Test func movingTheDefaultRouteToCellularGivesOneNotificationWhoseButtonsWork() throws {
        let namespace = try NetworkNamespace()
        try namespace.link("wlan0", address: "10.1.0.2/24")
        try namespace.link("wwan0", address: "10.2.0.2/24")
        try namespace.ip(["route", "add", "default", "via", "10.1.0.1", "dev", "wlan0"])

        let uvd = try DaemonHarness(
            providers: false, zone: "Etc/UTC", extraConfig: "[leave_home]\ndebounce_seconds = 2\n[morning]\ntime = \"first-activity\"")
        let notifications = try RecordingNotificationServer(in: uvd.root)
        try uvd.start(
            extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": notifications.address],
            wrapper: ["/usr/sbin/ip", "netns", "exec", namespace.name])
        #expect(try uvd.uvctl(["location", "set", Self.solarNoonPlace]).status == 0)
        // SPF 50, lots, skin type VI: the two-hour interval decides the reapply time, not the dose.
        #expect(try uvd.uvctl(["profile", "set", "--skin-type", "VI", "--spf", "50", "--quantity", "lots"]).status == 0)
        try uvd.waitFor("the Wi-Fi route") { uvd.log.contains("default route: wlan0 (wifi") }

        try namespace.ip(["route", "replace", "default", "via", "10.2.0.1", "dev", "wwan0"])
        let leaveHome = {
            notifications.notifications().filter { ($0["hints"] as? [String: Any])?["category"] as? String == "x-uvd.leave-home" }
        }
        try uvd.waitFor("the leave-home notification") { !leaveHome().isEmpty }
        // Wi-Fi comes back briefly and goes again: still one notification.
        try namespace.ip(["route", "replace", "default", "via", "10.1.0.1", "dev", "wlan0"])
        try namespace.ip(["route", "replace", "default", "via", "10.2.0.1", "dev", "wwan0"])
        sleep(4)
        let shown = leaveHome()
        #expect(shown.count == 1)
        let notification = try #require(shown.first)
        #expect(
            notification["actions"] as? [String] == [
                "applied", "Applied", "remind", "In 15 min", "not-today", "Not today", "inside", "I'm inside",
            ])
        // A prompt: it stays until answered.
        #expect(notification["timeout"] as? Int == 0)
        #expect((notification["summary"] as? String)?.hasPrefix("UV up to ") == true)

        // Press "Applied sunscreen": the sunscreen is recorded and the notification withdrawn.
        let id = try #require(notification["id"] as? Int)
        try notifications.press("applied", on: id)
        try uvd.waitFor("the sunscreen") { (try uvd.uvctl(["status", "--json"]).json()["sunscreen"] as? [String: Any]) != nil }
        let sunscreen = try #require(try uvd.uvctl(["status", "--json"]).json()["sunscreen"] as? [String: Any])
        #expect(sunscreen["spf"] as? String == "50" && sunscreen["reapplyReason"] as? String == "interval")
        try uvd.waitFor("the withdrawal") {
            notifications.calls().contains { $0["call"] as? String == "CloseNotification" && $0["id"] as? Int == id }
        }

        let history = try uvd.uvctl(["history", "--json"]).json()["entries"] as? [[String: Any]] ?? []
        #expect(
            history.contains {
                $0["kind"] as? String == "pressed" && $0["key"] as? String == "applied" && $0["subject"] as? String == "leave-home"
            })

        // Applied 119 minutes ago: due in a minute, away from home. The countdown is in the
        // glance: one pop-up, "now", at the reapply time (critical: out).
        #expect(try uvd.uvctl(["sunscreen", "apply", "--minutes-ago", "119"]).status == 0)
        let reapplyAt = try #require((try uvd.uvctl(["status", "--json"]).json()["sunscreen"] as? [String: Any])?["reapplyAt"] as? String)
        let due = try #require(ISO8601DateFormatter().date(from: reapplyAt))
        let reapply = {
            notifications.notifications().filter { ($0["hints"] as? [String: Any])?["category"] as? String == "x-uvd.reapply" }
        }
        try uvd.waitFor("the reapply reminder", timeout: 90) { reapply().contains { $0["summary"] as? String == "Reapply sunscreen now" } }
        let now = try #require(reapply().first { $0["summary"] as? String == "Reapply sunscreen now" })
        let firedAt = Date(timeIntervalSince1970: try #require(now["time"] as? Double))
        #expect(firedAt.timeIntervalSince(due) > -1 && firedAt.timeIntervalSince(due) < 5, "fired at \(firedAt), due \(due)")
        let reminders = reapply()
        #expect(reminders.count == 1, "one pop-up, no countdown: \(reminders)")
        #expect((now["hints"] as? [String: Any])?["urgency"] as? Int == 2)
    }
}

extension LeaveHomeTests {
    /// With NetworkManager running, its connection type and Wi-Fi name decide: `uvctl home set`
    /// marks that network, and leaving it is what counts.
    @Test func networkManagerNamesTheHomeWifi() throws {
        let namespace = try NetworkNamespace()
        try namespace.link("wlan0", address: "10.1.0.2/24")
        try namespace.ip(["route", "add", "default", "via", "10.1.0.1", "dev", "wlan0"])
        let uvd = try DaemonHarness(providers: false, zone: "Etc/UTC", extraConfig: "[location]\ngeoclue = false")
        let busPath = uvd.root.appendingPathComponent("system-bus").path
        let bus = try ChildProcess(
            "/usr/bin/dbus-daemon", ["--session", "--nofork", "--nopidfile", "--address=unix:path=\(busPath)"],
            environment: ["PATH": "/usr/bin:/bin"], stdout: "/dev/null", stderr: "/dev/null")
        defer {
            bus.signal(SIGTERM)
            _ = bus.wait()
        }
        try uvd.waitFor("the bus") { FileManager.default.fileExists(atPath: busPath) }
        let log = uvd.root.appendingPathComponent("nm.log")
        let script = ProviderFixture.packageRoot.appendingPathComponent("Tests/TestSupport/fake_networkmanager.py")
        let manager = try ChildProcess(
            "/usr/bin/python3", [script.path, "unix:path=\(busPath)", "802-11-wireless", "Blue House", log.path],
            environment: ["PATH": "/usr/bin:/bin"], stdout: "/dev/null", stderr: uvd.root.appendingPathComponent("nm.err").path)
        defer {
            manager.signal(SIGTERM)
            _ = manager.wait()
        }
        try uvd.waitFor("NetworkManager") { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("ready") }

        try uvd.start(
            extraEnvironment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(busPath)"],
            wrapper: ["/usr/sbin/ip", "netns", "exec", namespace.name])
        try uvd.waitFor("the Wi-Fi route") { uvd.log.contains("default route: wlan0 (wifi: NetworkManager: 802-11-wireless)") }
        let set = try uvd.uvctl(["home", "set"])
        #expect(set.status == 0 && set.stdout.contains("Wi-Fi \"Blue House\""), "\(set.stderr)")
        let home = try uvd.uvctl(["home", "--json"]).json()
        #expect(home["marked"] as? String == "Wi-Fi \"Blue House\"" && home["current"] as? String == "Wi-Fi \"Blue House\"")
        #expect(try uvd.uvctl(["home", "clear"]).status == 0)
        #expect(try uvd.uvctl(["home", "--json"]).json()["marked"] is NSNull)
    }
}

/// A network namespace of the test's own, removed at the end.
final class NetworkNamespace {
    let name = "uvd-\(getpid())-\(UInt16.random(in: 0...UInt16.max))"

    init() throws {
        try Self.run(["netns", "add", name])
        try ip(["link", "set", "lo", "up"])
    }

    /// A veth pair `name`/`name-p` in the namespace, both up, `address` on `name`.
    func link(_ link: String, address: String) throws {
        try ip(["link", "add", link, "type", "veth", "peer", "name", link + "-p"])
        try ip(["link", "set", link + "-p", "up"])
        try ip(["link", "set", link, "up"])
        try ip(["address", "add", address, "dev", link])
    }

    func ip(_ arguments: [String]) throws {
        try Self.run(["-n", name] + arguments)
    }

    struct Failed: Error { let command: [String] }

    static func run(_ arguments: [String]) throws {
        let process = try ChildProcess(
            "/usr/sbin/ip", arguments, environment: ["PATH": "/usr/sbin:/usr/bin:/bin"], stdout: "/dev/null", stderr: "/dev/null")
        guard process.wait() == 0 else { throw Failed(command: arguments) }
    }

    deinit {
        try? Self.run(["netns", "delete", name])
    }
}
