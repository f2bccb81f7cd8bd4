import FoundationEssentials
import UVCore

#if canImport(Glibc)
    import Glibc
#endif

/// What kind of connection a network interface is, from what the kernel says of it in sysfs,
/// the user's patterns, and predictable interface names, in that order of trust.
public struct InterfaceClassifier: Sendable {
    /// Glob patterns (`usb*`) from `[network] wifi` and `cellular` in the configuration; they win.
    public var wifiPatterns: [String]
    public var cellularPatterns: [String]
    public var sysfs: URL

    public init(wifiPatterns: [String] = [], cellularPatterns: [String] = [], sysfs: URL = URL(fileURLWithPath: "/sys/class/net")) {
        self.wifiPatterns = wifiPatterns
        self.cellularPatterns = cellularPatterns
        self.sysfs = sysfs
    }

    /// An interface's kind, why (shown by `uvctl doctor` and `uvctl home`), and whether the
    /// configuration named it (then nothing else overrides it).
    public struct Classification: Sendable, Equatable {
        public var kind: NetworkKind
        public var reason: String
        public var isConfigured = false
    }

    public func classify(_ name: String) -> Classification {
        if let pattern = wifiPatterns.first(where: { Self.matches($0, name) }) {
            return Classification(kind: .wifi, reason: tr("configured (network.wifi \"%1$@\")", pattern), isConfigured: true)
        }
        if let pattern = cellularPatterns.first(where: { Self.matches($0, name) }) {
            return Classification(kind: .cellular, reason: tr("configured (network.cellular \"%1$@\")", pattern), isConfigured: true)
        }
        let directory = sysfs.appendingPathComponent(name)
        let uevent = (try? String(contentsOf: directory.appendingPathComponent("uevent"), encoding: .utf8)) ?? ""
        let devtype = uevent.split(separator: "\n").first { $0.hasPrefix("DEVTYPE=") }.map { String($0.dropFirst(8)) }
        if devtype == "wlan" { return Classification(kind: .wifi, reason: "DEVTYPE=wlan") }
        if devtype == "wwan" { return Classification(kind: .cellular, reason: "DEVTYPE=wwan") }
        let exists = { FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path) }
        if exists("phy80211") || exists("wireless") { return Classification(kind: .wifi, reason: tr("wireless device")) }
        // ARPHRD_RAWIP: the raw-IP links of QMI and MBIM modems.
        if (try? String(contentsOf: directory.appendingPathComponent("type"), encoding: .utf8))?.trimmingWhitespace() == "519" {
            return Classification(kind: .cellular, reason: tr("raw-IP modem (type 519)"))
        }
        // A phone sharing its connection over USB.
        if let driver = try? FileManager.default.destinationOfSymbolicLink(atPath: directory.appendingPathComponent("device/driver").path),
            let tethering = ["rndis_host", "ipheth"].first(where: { driver.hasSuffix("/" + $0) })
        {
            return Classification(kind: .cellular, reason: tr("tethered phone (%1$@)", tethering))
        }
        if name.hasPrefix("wl") { return Classification(kind: .wifi, reason: tr("name wl*")) }
        if name.hasPrefix("ww") { return Classification(kind: .cellular, reason: tr("name ww*")) }
        return Classification(kind: .wired, reason: exists("device") ? tr("wired device") : tr("virtual link"))
    }

    static func matches(_ pattern: String, _ name: String) -> Bool {
        fnmatch(pattern, name, 0) == 0
    }
}
