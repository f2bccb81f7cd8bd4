import Foundation
import TestSupport
import Testing
import UVCore

#if canImport(Glibc)
    import Glibc
#endif

/// The tray item on a private session bus with a watcher stand-in
/// (`Tests/TestSupport/sni_watcher.py`, the KDE/freedesktop watcher interface): registered when a
/// watcher is there and again when it is replaced, nothing without one, every property answered,
/// the icon in ARGB32 network order at five sizes, and a menu click reaching uvd.
@Suite(
    "The tray item", .serialized,
    .enabled(
        if: ["/usr/bin/dbus-daemon", "/usr/bin/gdbus"].allSatisfy(FileManager.default.isExecutableFile(atPath:)),
        "needs dbus-daemon and gdbus (Debian packages dbus, libglib2.0-bin)"))
struct TrayTests {
    /// A private session bus, and a watcher on it when asked.
    final class Bus {
        let address: String
        let registrations: URL
        private let bus: PrivateSessionBus
        private var watcher: ChildProcess?
        private let script = ProviderFixture.packageRoot.appendingPathComponent("Tests/TestSupport/sni_watcher.py").path

        init(_ uvd: DaemonHarness) throws {
            bus = try PrivateSessionBus(in: uvd.root)
            address = bus.address
            registrations = uvd.root.appendingPathComponent("registrations.jsonl")
            try uvd.waitFor("the bus") { [bus] in bus.isListening }
        }

        func startWatcher(_ uvd: DaemonHarness) throws {
            watcher = try ChildProcess(
                "/usr/bin/python3", [script, address, registrations.path], environment: ["PATH": "/usr/bin:/bin"], stdout: "/dev/null",
                stderr: uvd.root.appendingPathComponent("watcher.err").path)
            try uvd.waitFor("the watcher on the bus") { try self.hasOwner("org.kde.StatusNotifierWatcher") }
        }

        func stopWatcher() {
            watcher?.signal(SIGTERM)
            watcher?.wait()
            watcher = nil
        }

        var registered: [String] {
            ((try? String(contentsOf: registrations, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        /// The services registered, each with the connection that registered it.
        var registeredItems: [(service: String, sender: String)] {
            registered.compactMap { line in
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String],
                    let service = object["register"], let sender = object["sender"]
                else { return nil }
                return (service, sender)
            }
        }

        /// The unique name of the connection that owns `name`, or nil.
        func owner(of name: String) throws -> String? {
            let answer = try ToolRunner.run(
                URL(fileURLWithPath: "/usr/bin/gdbus"),
                [
                    "call", "--address", address, "-d", "org.freedesktop.DBus", "-o", "/org/freedesktop/DBus", "-m",
                    "org.freedesktop.DBus.GetNameOwner", name,
                ], environment: ["PATH": "/usr/bin:/bin"]
            ).stdout
            return answer.split(separator: "'").dropFirst().first.map(String.init)
        }

        func hasOwner(_ name: String) throws -> Bool {
            try ToolRunner.run(
                URL(fileURLWithPath: "/usr/bin/gdbus"),
                [
                    "call", "--address", address, "-d", "org.freedesktop.DBus", "-o", "/org/freedesktop/DBus", "-m",
                    "org.freedesktop.DBus.NameHasOwner", name,
                ], environment: ["PATH": "/usr/bin:/bin"]
            ).stdout.contains("true")
        }

        /// The host's side: `--read`, `--click ID` or `--activate` on the item.
        func host(_ arguments: [String], item: String) throws -> ToolRunner.Result {
            try ToolRunner.run(
                URL(fileURLWithPath: "/usr/bin/python3"), [script, arguments[0], address, item] + arguments.dropFirst(),
                environment: ["PATH": "/usr/bin:/bin"])
        }

        deinit {
            stopWatcher()
        }
    }

    /// UTC, unless UTC's clock is near midnight: then three hours behind it, so that the wheel's
    /// notch at now is never on the hour before midnight, whose ring the test reads.
    static func zoneAwayFromMidnight(at now: Date = Date()) -> String {
        Int(now.timeIntervalSince1970) % 86_400 >= 22 * 3600 ? "Etc/GMT+3" : "Etc/UTC"
    }

    @Test func registeredWithEveryPropertyAndAMenuThatReachesUvd() throws {
        let uvd = try DaemonHarness(providers: false, zone: Self.zoneAwayFromMidnight())
        let bus = try Bus(uvd)
        try bus.startWatcher(uvd)
        try uvd.start(extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        let pid = try #require(uvd.process?.pid)
        let item = "org.kde.StatusNotifierItem-\(pid)-1"
        try uvd.waitFor("the item registered") { !bus.registeredItems.isEmpty }
        // Registered under the connection's unique name (a watcher given the well-known name may
        // follow it and race its own reads: GNOME's extension dropped the item so), and the
        // well-known name is the same connection's.
        let registration = try #require(bus.registeredItems.first)
        #expect(registration.service == registration.sender)
        #expect(try bus.owner(of: item) == registration.sender)

        let read = try bus.host(["--read"], item: item)
        let properties = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any], "\(read.stderr)")
        #expect(properties["Category"] as? String == "ApplicationStatus")
        #expect(properties["Id"] as? String == "uvd")
        #expect((properties["Title"] as? String)?.hasPrefix("UV ") == true)
        #expect(["Passive", "Active", "NeedsAttention"].contains(properties["Status"] as? String ?? ""))
        #expect(properties["WindowId"] as? Int == 0)
        // No icon name once the wheel is drawn: hosts take a name the theme has over the pixmap,
        // and with uvd installed the theme has "uvd" (KDE showed the logo instead of the day).
        #expect(properties["IconName"] as? String == "")
        // GNOME's AppIndicator extension draws the attention icon while NeedsAttention, with no
        // fallback: it is the same wheel. It also asks for the accessible descriptions.
        #expect(properties["AttentionIconName"] as? String == "")
        #expect((properties["AttentionIconPixmap"] as? [[Any]])?.count == 5)
        #expect(properties["IconAccessibleDesc"] as? String == properties["Title"] as? String)
        #expect(properties["AttentionAccessibleDesc"] as? String == properties["Title"] as? String)
        #expect(properties["ItemIsMenu"] as? Bool == false)
        #expect(properties["Menu"] as? String == "/MenuBar")
        #expect(properties["MenuVersion"] as? Int == 3)
        let tooltip = try #require(properties["ToolTip"] as? [Any])
        // The status's lines: the window always (or that there is none); the burn time only while
        // the UV is up, so not asked for here (the test runs at any hour).
        let tooltipText = try #require(tooltip[3] as? String)
        #expect(tooltipText.contains("Sunscreen window") || tooltipText.contains("No sunscreen window"), "\(tooltipText)")

        // The icon: five square sizes, ARGB32 in network byte order: a corner is outside the
        // wheel (alpha 0); the ring in the middle of the hour before midnight (UV 0) is drawn,
        // alpha first, then the low level's colour.
        let pixmaps = try #require(properties["IconPixmap"] as? [[Any]])
        #expect(pixmaps.map { $0[0] as? Int } == [16, 22, 24, 32, 48])
        for pixmap in pixmaps {
            let size = try #require(pixmap[0] as? Int)
            let bytes = try #require(Data(base64Encoded: pixmap[2] as? String ?? ""))
            #expect(bytes.count == size * size * 4)
            #expect(bytes[0] == 0, "a corner is transparent (alpha first)")
        }
        let large = try #require(Data(base64Encoded: pixmaps[4][2] as? String ?? ""))
        let ring = (6 * 48 + 21) * 4
        let low = Int(UVLevel.low.hexColor.dropFirst(), radix: 16) ?? 0
        #expect(large[ring] > 0, "alpha first")
        #expect(
            zip(large[(ring + 1)...(ring + 3)].map(Int.init), [low >> 16 & 0xFF, low >> 8 & 0xFF, low & 0xFF]).allSatisfy {
                abs($0 - $1) <= 3
            },
            "then red, green, blue: \(Array(large[ring...(ring + 3)]))")

        // The menu: the status line (disabled), then what can be done.
        let menu = try #require(properties["MenuItems"] as? [[String: Any]])
        #expect(menu.first?["enabled"] as? Bool == false)
        let applied = try #require(menu.first { ($0["label"] as? String)?.hasPrefix("Applied sunscreen") == true })
        #expect(menu.contains { $0["label"] as? String == "Today's UV…" })
        #expect(properties["GroupProperties"] as? Int == menu.count)

        // A click, as a host sends it, reaches uvd: the sunscreen is on, and the menu now offers
        // to take it off (the layout's revision went up).
        #expect(try bus.host(["--click", String(applied["id"] as? Int ?? 0)], item: item).status == 0)
        try uvd.waitFor("the sunscreen applied") { try uvd.uvctl(["status"]).stdout.contains("Applied SPF 30") }
        try uvd.waitFor("the menu updated") {
            let now = try JSONSerialization.jsonObject(with: Data(try bus.host(["--read"], item: item).stdout.utf8)) as? [String: Any]
            let labels = (now?["MenuItems"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
            return labels.contains("Sunscreen off") && (now?["MenuRevision"] as? Int ?? 0) > (properties["MenuRevision"] as? Int ?? 0)
        }
        let doctor = try uvd.uvctl(["doctor"]).stdout
        #expect(doctor.contains("ok    tray: shown by python3"), "\(doctor)")

        // Where the person is: the tooltip says "At home" and the menu offers "I'm outside"; a
        // click on it starts time outside, and the menu then offers "I'm inside".
        func itemNow() throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(try bus.host(["--read"], item: item).stdout.utf8)) as? [String: Any])
        }
        let home = try itemNow()
        #expect(((home["ToolTip"] as? [Any])?[3] as? String)?.hasPrefix("At home") == true, "\(home["ToolTip"] ?? "")")
        let outside = try #require(
            (home["MenuItems"] as? [[String: Any]] ?? []).first { $0["label"] as? String == "I'm outside" })
        #expect(try bus.host(["--click", String(outside["id"] as? Int ?? 0)], item: item).status == 0)
        try uvd.waitFor("time outside") {
            (try uvd.uvctl(["status", "--json"]).json()["whereabouts"] as? [String: Any])?["state"] as? String == "out"
        }
        try uvd.waitFor("the menu offering I'm inside") {
            let labels = (try itemNow()["MenuItems"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
            return labels.contains("I'm inside") && !labels.contains("I'm outside")
        }
        #expect(((try itemNow()["ToolTip"] as? [Any])?[3] as? String)?.hasPrefix("Out since ") == true)
    }

    @Test func aReplacedWatcherGetsTheItemAgainAndNoWatcherMeansNothing() throws {
        let uvd = try DaemonHarness(providers: false, zone: "Etc/UTC")
        let bus = try Bus(uvd)
        try uvd.start(extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        let pid = try #require(uvd.process?.pid)
        let item = "org.kde.StatusNotifierItem-\(pid)-1"
        // No watcher: doctor says how to get a host (the tray has looked for one), and no name is
        // taken, nothing registered.
        try uvd.waitFor("the tray to find no host") { try uvd.uvctl(["doctor"]).stdout.contains("no tray host on this desktop") }
        #expect(try !bus.hasOwner(item))

        try bus.startWatcher(uvd)
        try uvd.waitFor("the item registered", timeout: 2) { bus.registered.count == 1 }
        #expect(try bus.hasOwner(item))
        // The host restarts (plasmashell, waybar): registered again within 2 s.
        bus.stopWatcher()
        try uvd.waitFor("the name let go") { try !bus.hasOwner(item) }
        try bus.startWatcher(uvd)
        try uvd.waitFor("the item registered again", timeout: 2) { bus.registered.count == 2 }
    }

    @Test func offInTheConfigurationMeansNoItem() throws {
        let uvd = try DaemonHarness(providers: false, zone: "Etc/UTC", extraConfig: "[tray]\nenabled = false\n")
        let bus = try Bus(uvd)
        try bus.startWatcher(uvd)
        // Answering means started: the tray, were it on, would own its name by then (it is made
        // before the control socket is served).
        try uvd.start(extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        let pid = try #require(uvd.process?.pid)
        #expect(try !bus.hasOwner("org.kde.StatusNotifierItem-\(pid)-1"))
        #expect(bus.registered.isEmpty)
        #expect(try !uvd.uvctl(["doctor"]).stdout.contains("tray"))
    }
}
