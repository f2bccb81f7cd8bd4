import FoundationEssentials
import UVCore

/// The default route as the kernel has it: the link that carries it and the network behind it.
public struct DefaultRoute: Sendable, Equatable {
    /// nil when there is no default route over a link that is up.
    public var interface: String?
    /// Names the network, for marking home: the IPv4 gateway's hardware address, when known.
    public var networkID: String?

    public init(interface: String?, networkID: String?) {
        self.interface = interface
        self.networkID = networkID
    }

    public static let none = DefaultRoute(interface: nil, networkID: nil)
}

/// Reads the routing tables and link states from procfs and sysfs, which show the network
/// namespace of the reader: the default route with the lowest metric whose link is up (a link
/// that lost carrier keeps its route, marked `linkdown`, so the link's operstate decides).
public struct RouteReader: Sendable {
    public var procNet: URL
    public var sysfs: URL

    public init(procNet: URL = URL(fileURLWithPath: "/proc/net"), sysfs: URL = URL(fileURLWithPath: "/sys/class/net")) {
        self.procNet = procNet
        self.sysfs = sysfs
    }

    /// A default route candidate: interface, metric, IPv4 gateway if any.
    struct Candidate: Equatable {
        var interface: String
        var metric: UInt32
        var gateway: String?
    }

    public func current() -> DefaultRoute {
        let up = candidates().filter { isUp($0.interface) }
        guard let best = up.min(by: { ($0.metric, $0.gateway == nil ? 1 : 0) < ($1.metric, $1.gateway == nil ? 1 : 0) }) else {
            return .none
        }
        let gateway = best.gateway ?? up.first { $0.interface == best.interface && $0.gateway != nil }?.gateway
        return DefaultRoute(interface: best.interface, networkID: gateway.flatMap(hardwareAddress).map { "gateway \($0)" })
    }

    /// The interfaces that could carry a default route, and whether they are up, for `uvctl
    /// doctor`: every one but loopback and virtual links that are down (no `device` in sysfs: ifb,
    /// dummy, a stopped VPN), which carry nothing until something sets them up.
    public func interfaces() -> [(name: String, up: Bool)] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: sysfs.path)) ?? []).filter { $0 != "lo" }.sorted()
        return names.map { (name: $0, up: isUp($0)) }.filter { interface in
            interface.up
                || FileManager.default.fileExists(
                    atPath: sysfs.appendingPathComponent(interface.name).appendingPathComponent("device").path)
        }
    }

    func candidates() -> [Candidate] {
        Self.ipv4Defaults(read("route")) + Self.ipv6Defaults(read("ipv6_route"))
    }

    private func read(_ file: String) -> String {
        (try? String(contentsOf: procNet.appendingPathComponent(file), encoding: .utf8)) ?? ""
    }

    private func isUp(_ interface: String) -> Bool {
        let state = (try? String(contentsOf: sysfs.appendingPathComponent(interface).appendingPathComponent("operstate"), encoding: .utf8))?
            .trimmingWhitespace()
        return state == "up" || state == "unknown"
    }

    /// The gateway's MAC from the neighbour table (`/proc/net/arp`).
    private func hardwareAddress(of gateway: String) -> String? {
        for line in read("arp").split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            if fields.count >= 4, fields[0] == gateway, fields[3] != "00:00:00:00:00:00" { return fields[3] }
        }
        return nil
    }

    /// `/proc/net/route`: `Iface Destination Gateway Flags RefCnt Use Metric Mask …`, addresses in
    /// little-endian hex; a default route has destination and mask 0 and the RTF_UP flag.
    static func ipv4Defaults(_ text: String) -> [Candidate] {
        text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(whereSeparator: { $0 == "\t" || $0 == " " })
            guard fields.count >= 8, fields[1] == "00000000", fields[7] == "00000000",
                let flags = UInt32(fields[3], radix: 16), flags & 0x1 != 0, flags & 0x200 == 0,
                let metric = UInt32(fields[6]), let gateway = UInt32(fields[2], radix: 16)
            else { return nil }
            let address = gateway == 0 ? nil : (0..<4).map { String((gateway >> ($0 * 8)) & 0xff) }.joined(separator: ".")
            return Candidate(interface: String(fields[0]), metric: metric, gateway: address)
        }
    }

    /// `/proc/net/ipv6_route`: `dest destlen src srclen nexthop metric refcnt use flags iface`, hex;
    /// a default route is `::/0`, up (RTF_UP) and not a reject route (RTF_REJECT, as on `lo`).
    static func ipv6Defaults(_ text: String) -> [Candidate] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 10, fields[0].allSatisfy({ $0 == "0" }), fields[1] == "00",
                let flags = UInt32(fields[8], radix: 16), flags & 0x1 != 0, flags & 0x200 == 0,
                let metric = UInt32(fields[5], radix: 16)
            else { return nil }
            return Candidate(interface: String(fields[9]), metric: metric, gateway: nil)
        }
    }
}
