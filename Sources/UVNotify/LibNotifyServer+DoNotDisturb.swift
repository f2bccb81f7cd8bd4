import CGLib
import FoundationEssentials
import UVBus
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

        /// What is asked of the bus, in order, until one answers.
        var questions: [DoNotDisturbQuestion] {
            switch self {
            case .dunst: [.dunstPaused]
            case .plasma: [.plasmaInhibited]
            case .swaync: [.swayncDnd]
            case .xfce: [.xfceProperty]
            case .mako: [.makoModes]
            case .other: [.dunstPaused, .plasmaInhibited]
            case .gnome, .lxqt: []
            }
        }

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
    static func lxqtSettingsPath(environment: [String: String] = ProcessEnvironment.atStart) -> String {
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        return configHome + "/lxqt/notifications.conf"
    }

    private static var lxqtTurningOff: String { tr("LXQt's notification settings: Do Not Disturb off") }

    /// The server's do-not-disturb and how it was read; nil where it has none uvd can read.
    public func doNotDisturb() async -> DoNotDisturb? {
        guard case .success(let info) = await info() else { return nil }
        let reader = DoNotDisturbReader(serverName: info.name)
        guard
            let bus = await glib.run({ () -> BusConnection? in
                self.followDoNotDisturb(reader)
                return self.bus
            })
        else { return nil }
        switch reader {
        case .lxqt:
            let path = Self.lxqtSettingsPath()
            let contents = SmallFile.read(path, maximumSize: 1 << 20)
            if let on = LXQtNotificationSettings.doNotDisturb(in: contents) {
                return DoNotDisturb(isOn: on, source: tr("LXQt (doNotDisturb in %1$@)", path), turningOff: Self.lxqtTurningOff)
            }
            // A file its own user cannot read is one LXQt cannot read either: off, and said why.
            let why = if case .unreadable(let reason) = contents { reason } else { tr("larger than 1 MiB") }
            return DoNotDisturb(
                isOn: false, source: tr("LXQt (%1$@ cannot be read: %2$@; LXQt cannot read it either, so it is taken as off)", path, why),
                turningOff: Self.lxqtTurningOff)
        case .gnome:
            return await glib.run { GNOMEBanners.hidden() }.map {
                DoNotDisturb(
                    isOn: $0, source: tr("GNOME (the show-banners setting)"),
                    turningOff: tr("the clock's menu in the top bar: Do Not Disturb off"))
            }
        default:
            for question in reader.questions {
                let answer = await glib.call(question.call, on: bus, within: .milliseconds(500))
                if let on = question.answer(answer) {
                    return DoNotDisturb(
                        isOn: on, source: question.source, changesAreSignalled: question != .makoModes, turningOff: question.turningOff)
                }
            }
            return nil
        }
    }

    /// On the GLib thread, once each: the bus signals (for every server; the bus delivers only
    /// those), and GNOME's setting or LXQt's file where that is the server.
    private func followDoNotDisturb(_ reader: DoNotDisturbReader) {
        let changed = { [continuation] in _ = continuation.yield(.doNotDisturbChanged) }
        if !followsDoNotDisturb.contains(.other), let bus {
            for match in DoNotDisturbQuestion.signals { bus.subscribe(match) { _ in changed() } }
            followsDoNotDisturb.insert(.other)
        }
        guard reader == .gnome || reader == .lxqt, !followsDoNotDisturb.contains(reader) else { return }
        let following = reader == .gnome ? GNOMEBanners.follow(changed) : FileChanges.follow(Self.lxqtSettingsPath(), changed)
        if following { followsDoNotDisturb.insert(reader) }
    }
}
