import Foundation
import UVEngine
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

    /// The kind, and why (for `uvctl doctor`).
    public func classify(_ name: String) -> (kind: NetworkKind, reason: String) {
        if let pattern = wifiPatterns.first(where: { Self.matches($0, name) }) { return (.wifi, "configured (network.wifi \"\(pattern)\")") }
        if let pattern = cellularPatterns.first(where: { Self.matches($0, name) }) { return (.cellular, "configured (network.cellular \"\(pattern)\")") }
        let directory = sysfs.appendingPathComponent(name)
        let uevent = (try? String(contentsOf: directory.appendingPathComponent("uevent"), encoding: .utf8)) ?? ""
        let devtype = uevent.split(separator: "\n").first { $0.hasPrefix("DEVTYPE=") }.map { String($0.dropFirst(8)) }
        if devtype == "wlan" { return (.wifi, "DEVTYPE=wlan") }
        if devtype == "wwan" { return (.cellular, "DEVTYPE=wwan") }
        let exists = { FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path) }
        if exists("phy80211") || exists("wireless") { return (.wifi, "wireless device") }
        // ARPHRD_RAWIP: the raw-IP links of QMI and MBIM modems.
        if (try? String(contentsOf: directory.appendingPathComponent("type"), encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == "519" {
            return (.cellular, "raw-IP modem (type 519)")
        }
        // A phone sharing its connection over USB.
        if let driver = try? FileManager.default.destinationOfSymbolicLink(atPath: directory.appendingPathComponent("device/driver").path),
           let tethering = ["rndis_host", "ipheth"].first(where: { driver.hasSuffix("/" + $0) }) {
            return (.cellular, "tethered phone (\(tethering))")
        }
        if name.hasPrefix("wl") { return (.wifi, "name wl*") }
        if name.hasPrefix("ww") { return (.cellular, "name ww*") }
        return (.wired, exists("device") ? "wired device" : "virtual link")
    }

    static func matches(_ pattern: String, _ name: String) -> Bool {
        fnmatch(pattern, name, 0) == 0
    }
}
