import CLibNotify
import Foundation

/// Whether the notification server holds back pop-ups, asked of each server the way it says it.
extension LibNotifyServer {
    /// The first source that answers: dunst's `paused`, KDE Plasma's `Inhibited`, then for mako its
    /// modes (`makoctl mode`) and for GNOME Shell `show-banners`; nil when none does.
    public func doNotDisturb() async -> DoNotDisturb? {
        let fromBus: (DoNotDisturb?, String) = await glib.run {
            guard self.sessionBusReachable() else { return (nil, "") }
            if let paused = Self.flag(uvd_dunst_paused()) { return (DoNotDisturb(isOn: paused, source: "dunst (paused)"), "dunst") }
            if let inhibited = Self.flag(uvd_plasma_inhibited()) { return (DoNotDisturb(isOn: inhibited, source: "KDE Plasma (Inhibited)"), "plasma") }
            guard case .success(let info) = self.infoOnLoop() else { return (nil, "") }
            if info.name == "gnome-shell", let hidden = Self.flag(uvd_gnome_banners_hidden()) {
                return (DoNotDisturb(isOn: hidden, source: "GNOME (show-banners)"), info.name)
            }
            return (nil, info.name)
        }
        if let found = fromBus.0 { return found }
        if fromBus.1 == "mako", let modes = Self.makoModes() {
            return DoNotDisturb(isOn: modes.contains("do-not-disturb"), source: "mako (mode)")
        }
        return nil
    }

    private static func flag(_ value: Int32) -> Bool? {
        value < 0 ? nil : value == 1
    }

    /// mako's active modes, from `makoctl mode` (nil without makoctl or when it fails).
    private static func makoModes() -> [String]? {
        let makoctl = "/usr/bin/makoctl"
        guard FileManager.default.isExecutableFile(atPath: makoctl) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: makoctl)
        process.arguments = ["mode"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
    }
}
