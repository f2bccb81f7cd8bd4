import Foundation
import Testing
import UVCore

@testable import UVPlatform

/// The default route read from procfs and sysfs, and how its interface is classified, against a
/// made-up /proc/net and /sys/class/net.
@Suite struct NetworkClassificationTests {
    /// A scratch tree standing for /proc/net and /sys/class/net.
    final class FakeSystem {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-net-\(UUID().uuidString)")
        var procNet: URL { root.appendingPathComponent("proc") }
        var sysfs: URL { root.appendingPathComponent("sys") }

        init() throws {
            try FileManager.default.createDirectory(at: procNet, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: sysfs, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        /// An interface with its operstate and any further sysfs files (path → content, nil for a directory).
        func link(_ name: String, _ operstate: String = "up", files: [String: String?] = [:]) throws {
            let directory = sysfs.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try operstate.write(to: directory.appendingPathComponent("operstate"), atomically: true, encoding: .utf8)
            for (path, content) in files {
                let url = directory.appendingPathComponent(path)
                if let content {
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try content.write(to: url, atomically: true, encoding: .utf8)
                } else {
                    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                }
            }
        }

        func write(_ file: String, _ text: String) throws {
            try text.write(to: procNet.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }

        var reader: RouteReader { RouteReader(procNet: procNet, sysfs: sysfs) }
        var classifier: InterfaceClassifier { InterfaceClassifier(sysfs: sysfs) }
    }

    static let routeHeader = "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n"
    /// A default route as /proc/net/route writes it, the gateway in little-endian hex (0101A8C0 is 192.168.1.1).
    static func ipv4Default(_ interface: String, gateway: String, metric: Int) -> String {
        "\(interface)\t00000000\t\(gateway)\t0003\t0\t0\t\(metric)\t00000000\t0\t0\t0\n"
    }

    @Test func theLowestMetricOverALinkThatIsUpCarriesTheDefaultRoute() throws {
        let system = try FakeSystem()
        try system.link("eth0", "down")
        try system.link("wlan0")
        try system.write(
            "route",
            Self.routeHeader + Self.ipv4Default("eth0", gateway: "0100000A", metric: 100)
                + Self.ipv4Default("wlan0", gateway: "0101A8C0", metric: 600))
        try system.write(
            "arp",
            """
            IP address       HW type     Flags       HW address            Mask     Device
            192.168.1.1      0x1         0x2         aa:bb:cc:dd:ee:ff     *        wlan0

            """)
        // eth0 lost its carrier: its route stays, but the link is down.
        #expect(system.reader.current() == DefaultRoute(interface: "wlan0", networkID: "gateway aa:bb:cc:dd:ee:ff"))
        try system.link("eth0", "up")
        #expect(system.reader.current() == DefaultRoute(interface: "eth0", networkID: nil))
    }

    @Test func anIPv6OnlyDefaultRouteCountsAndARejectRouteDoesNot() throws {
        let system = try FakeSystem()
        try system.link("wwan0")
        try system.write("route", Self.routeHeader)
        try system.write(
            "ipv6_route",
            """
            00000000000000000000000000000000 00 00000000000000000000000000000000 00 00000000000000000000000000000000 ffffffff 00000001 00000000 00200200 lo
            00000000000000000000000000000000 00 00000000000000000000000000000000 00 fe800000000000000000000000000001 00000400 00000001 00000000 00000003 wwan0

            """)
        #expect(system.reader.current() == DefaultRoute(interface: "wwan0", networkID: nil))
        try system.write("ipv6_route", "")
        #expect(system.reader.current() == .none)
    }

    @Test func eachInterfaceIsClassifiedByWhatTheKernelSaysOfIt() throws {
        let system = try FakeSystem()
        try system.link("wlan0", files: ["uevent": "DEVTYPE=wlan\nINTERFACE=wlan0\n"])
        try system.link("wwan0", files: ["uevent": "DEVTYPE=wwan\n"])
        try system.link("wlx0", files: ["phy80211": nil])
        try system.link("rmnet0", files: ["type": "519\n"])
        try system.link("eth0", files: ["device": nil])
        try system.link("veth0")
        try system.link("wlp9s0")
        try system.link("wwp0s20")
        try system.link("ifb0", "down")
        try system.link("eth1", "down", files: ["device": nil])
        try FileManager.default.createDirectory(
            at: system.root.appendingPathComponent("drivers/rndis_host"), withIntermediateDirectories: true)
        try system.link("usb0", files: ["device": nil])
        try FileManager.default.createSymbolicLink(
            at: system.sysfs.appendingPathComponent("usb0/device/driver"),
            withDestinationURL: system.root.appendingPathComponent("drivers/rndis_host"))

        let kinds = Dictionary(uniqueKeysWithValues: system.reader.interfaces().map { ($0.name, system.classifier.classify($0.name).kind) })
        #expect(
            kinds == [
                "wlan0": .wifi, "wwan0": .cellular, "wlx0": .wifi, "rmnet0": .cellular, "eth0": .wired, "veth0": .wired,
                "wlp9s0": .wifi, "wwp0s20": .cellular, "usb0": .cellular, "eth1": .wired,
            ], "a virtual link that is down (ifb0) is left out; a device that is down (eth1) is listed")
        #expect(system.classifier.classify("usb0").reason == "tethered phone (rndis_host)")
        #expect(system.classifier.classify("veth0").reason == "virtual link")
        #expect(system.classifier.classify("wlan0").isConfigured == false)
    }

    @Test func theConfigurationsPatternsWinOverSysfsAndNetworkManager() throws {
        let system = try FakeSystem()
        try system.link("wlan0", files: ["uevent": "DEVTYPE=wlan\n"])
        let classifier = InterfaceClassifier(cellularPatterns: ["wlan*"], sysfs: system.sysfs)
        let route = DefaultRoute(interface: "wlan0", networkID: "gateway aa:bb:cc:dd:ee:ff")
        let connection = Connection(
            route: route, classifier: classifier, networkManager: .init(type: "802-11-wireless", name: "Blue House"))
        #expect(connection.kind == .cellular)
        #expect(connection.reason == "configured (network.cellular \"wlan*\")")
        #expect(connection.networkID == "gateway aa:bb:cc:dd:ee:ff")
    }

    @Test func networkManagerKnowsBluetoothTetheringAndNamesTheWifi() throws {
        let system = try FakeSystem()
        try system.link("bnep0")
        try system.link("wlan0", files: ["uevent": "DEVTYPE=wlan\n"])
        let bluetooth = Connection(
            route: DefaultRoute(interface: "bnep0", networkID: nil), classifier: system.classifier,
            networkManager: .init(type: "bluetooth", name: "Phone"))
        #expect(bluetooth.kind == .cellular && bluetooth.reason == "NetworkManager: bluetooth")
        let wifi = Connection(
            route: DefaultRoute(interface: "wlan0", networkID: "gateway aa:bb:cc:dd:ee:ff"), classifier: system.classifier,
            networkManager: .init(type: "802-11-wireless", name: "Blue House"))
        #expect(wifi.kind == .wifi && wifi.networkID == "Wi-Fi \"Blue House\"")
        let without = Connection(
            route: DefaultRoute(interface: "bnep0", networkID: nil), classifier: system.classifier, networkManager: nil)
        #expect(without.kind == .wired && without.reason == "virtual link")
        #expect(Connection(route: .none, classifier: system.classifier, networkManager: .init(type: "gsm", name: "x")) == .none)
    }
}
