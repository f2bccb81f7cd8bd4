import CLibNotify
import FoundationEssentials
import UVCore

/// Whether the notification server holds back pop-ups, asked of each server the way it offers it
/// (by the name it gives in GetServerInformation), and followed by its own signal or a watch on
/// its file, so that what was held goes the moment do-not-disturb ends.
extension LibNotifyServer {
    /// How a server's do-not-disturb is read.
    enum DoNotDisturbReader: Equatable {
        /// dunst's `paused` (org.dunstproject.cmd0), signalled with PropertiesChanged.
        case dunst
        /// KDE Plasma's `Inhibited`, signalled with PropertiesChanged.
        case plasma
        /// GNOME's `show-banners` setting, followed through GSettings.
        case gnome
        /// swaync's `GetDnd`, signalled with `Subscribe`.
        case swaync
        /// xfce4-notifyd's xfconf property, signalled with xfconf's PropertyChanged.
        case xfce
        /// LXQt's notifications.conf, followed with a file watch.
        case lxqt
        /// mako's modes (`ListModes`): no signal, so asked again while something waits.
        case mako
        /// Any other server: dunst's and KDE's properties, where it has them.
        case other

        init(serverName: String) {
            self =
                switch serverName {
                case "dunst": .dunst
                case "Plasma": .plasma
                case "gnome-shell": .gnome
                case "SwayNotificationCenter": .swaync
                case "Xfce Notify Daemon": .xfce
                case "lxqt-notificationd": .lxqt
                case "mako": .mako
                default: .other
                }
        }
    }

    /// LXQt's settings file: `$XDG_CONFIG_HOME/lxqt/notifications.conf`.
    static func lxqtSettingsPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        return configHome + "/lxqt/notifications.conf"
    }

    /// The server's do-not-disturb and how it was read; nil where it has none uvd can read.
    public func doNotDisturb() async -> DoNotDisturb? {
        let reader: DoNotDisturbReader? = await glib.run {
            guard self.sessionBusReachable(), case .success(let info) = self.infoOnLoop() else { return nil }
            let reader = DoNotDisturbReader(serverName: info.name)
            self.followDoNotDisturb(reader)
            return reader
        }
        guard let reader else { return nil }
        switch reader {
        case .lxqt:
            let path = Self.lxqtSettingsPath()
            let contents = SmallFile.read(path, maximumSize: 1 << 20)
            if let on = LXQtNotificationSettings.doNotDisturb(in: contents) {
                return DoNotDisturb(isOn: on, source: tr("LXQt (doNotDisturb in %1$@)", path))
            }
            // A file its own user cannot read is one LXQt cannot read either: off, and said why.
            let why = if case .unreadable(let reason) = contents { reason } else { tr("larger than 1 MiB") }
            return DoNotDisturb(
                isOn: false, source: tr("LXQt (%1$@ cannot be read: %2$@; LXQt cannot read it either, so it is taken as off)", path, why))
        default:
            return await glib.run { Self.read(reader) }
        }
    }

    /// On the GLib thread: the state as the D-Bus-speaking servers give it.
    private static func read(_ reader: DoNotDisturbReader) -> DoNotDisturb? {
        switch reader {
        case .dunst: flag(uvd_dunst_paused()).map { DoNotDisturb(isOn: $0, source: tr("dunst (its paused property)")) }
        case .plasma: flag(uvd_plasma_inhibited()).map { DoNotDisturb(isOn: $0, source: tr("KDE Plasma (its Inhibited property)")) }
        case .gnome: flag(uvd_gnome_banners_hidden()).map { DoNotDisturb(isOn: $0, source: tr("GNOME (the show-banners setting)")) }
        case .swaync: flag(uvd_swaync_dnd()).map { DoNotDisturb(isOn: $0, source: tr("swaync (GetDnd)")) }
        case .xfce: flag(uvd_xfce_dnd()).map { DoNotDisturb(isOn: $0, source: tr("xfce4-notifyd (the xfconf property /do-not-disturb)")) }
        case .mako:
            flag(uvd_mako_dnd()).map {
                DoNotDisturb(isOn: $0, source: tr("mako (a mode named do-not-disturb)"), changesAreSignalled: false)
            }
        case .other:
            flag(uvd_dunst_paused()).map { DoNotDisturb(isOn: $0, source: tr("dunst (its paused property)")) }
                ?? flag(uvd_plasma_inhibited()).map { DoNotDisturb(isOn: $0, source: tr("KDE Plasma (its Inhibited property)")) }
        case .lxqt: nil
        }
    }

    /// On the GLib thread, once each: the bus signals (for every server; the bus delivers only
    /// those), and GNOME's setting or LXQt's file where that is the server.
    private func followDoNotDisturb(_ reader: DoNotDisturbReader) {
        let data = Unmanaged.passUnretained(self).toOpaque()
        if !followsDoNotDisturb.contains(.other), uvd_watch_dnd_signals(Self.doNotDisturbChanged, data) != 0 {
            followsDoNotDisturb.insert(.other)
        }
        guard reader == .gnome || reader == .lxqt, !followsDoNotDisturb.contains(reader) else { return }
        let following =
            reader == .gnome
            ? uvd_watch_gnome_banners(Self.doNotDisturbChanged, data) != 0
            : uvd_watch_file(Self.lxqtSettingsPath(), Self.doNotDisturbChanged, data) != 0
        if following { followsDoNotDisturb.insert(reader) }
    }

    private static func flag(_ value: Int32) -> Bool? {
        value < 0 ? nil : value == 1
    }
}
