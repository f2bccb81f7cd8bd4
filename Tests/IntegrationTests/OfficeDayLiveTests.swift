import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

private let libfaketime = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"

/// The office day, live: the real uvd on a fake clock (libfaketime, 15 January 2027 in Sydney,
/// 120 times as fast), its route moved in a network namespace at the day's times, a recording
/// notification server answering. What the server is sent is what `uvctl simulate` lists for
/// the same hours of the same day, and what fell due at the desk is in the history, held.
@Suite(
    "An office day, live", .serialized,
    .enabled(
        if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip"), "needs root and iproute2 for a network namespace"
    ),
    .enabled(if: RecordingNotificationServer.available, "needs dbus-daemon and python3-gi"),
    .enabled(if: FileManager.default.fileExists(atPath: libfaketime), "needs libfaketime (Debian package faketime)"))
struct OfficeDayLiveTests {
    /// The rules (each notification's category names its rule: `x-uvd.leave-home`).
    static let rules = ["leave-home", "uv-alert", "reapply", "morning", "dose"]

    @Test func whatTheServerIsSentIsWhatSimulateLists() throws {
        let namespace = try NetworkNamespace()
        try namespace.link("wlan0", address: "10.1.0.2/24")
        try namespace.link("wwan0", address: "10.2.0.2/24")
        try namespace.ip(["route", "add", "default", "via", "10.1.0.1", "dev", "wlan0"])
        let uvd = try DaemonHarness(providers: false, zone: "Australia/Sydney")
        let notifications = try RecordingNotificationServer(in: uvd.root)
        // The monotonic clocks stay real: uvd reads a wall clock running fast, not a machine asleep.
        try uvd.start(
            extraEnvironment: [
                "DBUS_SESSION_BUS_ADDRESS": notifications.address, "LD_PRELOAD": libfaketime,
                "FAKETIME": "@2027-01-15 08:10:00 x120", "DONT_FAKE_MONOTONIC": "1",
            ],
            wrapper: ["/usr/sbin/ip", "netns", "exec", namespace.name])
        #expect(try uvd.uvctl(["location", "set", "Sydney"]).status == 0)
        #expect(try uvd.uvctl(["profile", "set", "--skin-type", "III"]).status == 0)
        try uvd.waitFor("the Wi-Fi route") { uvd.log.contains("default route: wlan0 (wifi") }

        /// uvd's own now (the fake clock), as `uvctl status` gives it.
        func daemonNow() throws -> Date {
            let now = try #require(try uvd.uvctl(["status", "--json"]).json()["now"] as? String)
            return try #require(ISO8601DateFormatter().date(from: now))
        }
        func waitUntil(_ time: String) throws {
            let target = try #require(ISO8601DateFormatter().date(from: "2027-01-15T\(time):00+11:00"))
            // 120 fake seconds a real one, and as much again for a busy machine.
            let realSeconds = max(10, target.timeIntervalSince(try daemonNow()) / 60)
            try uvd.waitFor("uvd's clock to reach \(time)", timeout: realSeconds) { try daemonNow() >= target }
        }
        let category = { (notification: [String: Any]) in (notification["hints"] as? [String: Any])?["category"] as? String ?? "" }

        try waitUntil("08:15")
        try namespace.ip(["route", "replace", "default", "via", "10.2.0.1", "dev", "wwan0"])
        try uvd.waitFor("the leave-home prompt", timeout: 10) {
            notifications.notifications().contains { category($0) == "x-uvd.leave-home" }
        }
        let prompt = try #require(notifications.notifications().first { category($0) == "x-uvd.leave-home" })
        try notifications.press("applied", on: try #require(prompt["id"] as? Int))
        try uvd.waitFor("the sunscreen") { (try uvd.uvctl(["status", "--json"]).json()["sunscreen"] as? [String: Any]) != nil }
        try waitUntil("08:50")
        try namespace.ip(["route", "replace", "default", "via", "10.1.0.1", "dev", "wlan0"])
        try uvd.waitFor("at the desk") {
            (try uvd.uvctl(["status", "--json"]).json()["whereabouts"] as? [String: Any])?["state"] as? String == "in"
        }
        // Past the reapply time (10:17), the levels 6 and 8 (09:55, 10:37) and extreme (11:52),
        // all at the desk, with 10 minutes to spare for a busy machine.
        try waitUntil("12:10")

        let sent = notifications.notifications().map { String(category($0).dropFirst("x-uvd.".count)) }.filter(Self.rules.contains)
        // uvd started at 08:10, after the morning summary's 07:30: it says it at its start.
        let live = sent.filter { $0 != "morning" }

        let scenario = ProviderFixture.packageRoot.appendingPathComponent("Tests/Fixtures/days/office.day")
        let simulated = try uvd.uvctl([
            "simulate", "--location", "Sydney", "--date", "2027-01-15", "--skin-type", "III", "--scenario", scenario.path, "--json",
        ])
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(simulated.stdout.utf8)) as? [[String: Any]])
        let start = try #require(ISO8601DateFormatter().date(from: "2027-01-15T08:10:00+11:00"))
        let end = try #require(ISO8601DateFormatter().date(from: "2027-01-15T12:10:00+11:00"))
        let window = start..<end
        let expected = listed.filter { entry in
            (entry["time"] as? String).flatMap(ISO8601DateFormatter().date(from:)).map(window.contains) ?? false
        }.compactMap { $0["rule"] as? String }.filter { $0 != "morning" }
        #expect(live == expected, "sent \(sent); simulate lists \(expected)")
        #expect(expected == ["leave-home", "uv-alert"])
        // The extreme level, at the desk: once, at normal urgency.
        let alert = notifications.notifications().first { category($0) == "x-uvd.uv-alert" }
        #expect((alert?["summary"] as? String)?.hasSuffix("extreme") == true)
        #expect((alert?["hints"] as? [String: Any])?["urgency"] as? Int == 1)

        let history = try uvd.uvctl(["history", "--json"]).json()["entries"] as? [[String: Any]] ?? []
        let held = history.filter { $0["kind"] as? String == "held" }.compactMap { entry in
            (entry["subject"] as? String).map { "\($0) \(entry["key"] as? String ?? "")" }
        }
        #expect(held.contains("reapply in") && held.contains("uv-high in") && held.contains("uv-veryHigh in"), "\(held)")
    }
}
