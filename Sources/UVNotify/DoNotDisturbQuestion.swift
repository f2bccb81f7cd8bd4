import UVBus
import UVCore

/// One way a notification server says whether it holds pop-ups back, asked over the session bus:
/// the call, and what its answer means. Each read has a 500 ms deadline and starts no service but
/// xfconfd (which xfce4-notifyd's own settings need anyway).
enum DoNotDisturbQuestion: Equatable, CaseIterable {
    /// dunst's `paused` (org.dunstproject.cmd0 on the server's object).
    case dunstPaused
    /// KDE Plasma's `Inhibited` (org.freedesktop.Notifications on the server's object).
    case plasmaInhibited
    /// SwayNotificationCenter's `GetDnd`.
    case swayncDnd
    /// xfce4-notifyd's xfconf property /do-not-disturb.
    case xfceProperty
    /// mako's active modes (`ListModes`, what `makoctl mode` shows).
    case makoModes

    private static let server = "org.freedesktop.Notifications"
    private static let serverPath = "/org/freedesktop/Notifications"

    var call: BusCall {
        switch self {
        case .dunstPaused: .property("paused", of: "org.dunstproject.cmd0", at: Self.serverPath, on: Self.server)
        case .plasmaInhibited: .property("Inhibited", of: Self.server, at: Self.serverPath, on: Self.server)
        case .swayncDnd:
            BusCall(
                destination: "org.erikreider.swaync.cc", path: "/org/erikreider/swaync/cc", interface: "org.erikreider.swaync.cc",
                method: "GetDnd", reply: "(b)")
        case .xfceProperty:
            BusCall(
                destination: "org.xfce.Xfconf", path: "/org/xfce/Xfconf", interface: "org.xfce.Xfconf", method: "GetProperty",
                arguments: [.string("xfce4-notifyd"), .string("/do-not-disturb")], reply: "(v)", startsService: true)
        case .makoModes:
            BusCall(destination: Self.server, path: "/fr/emersion/Mako", interface: "fr.emersion.Mako", method: "ListModes", reply: "(as)")
        }
    }

    /// Whether do-not-disturb is on, from the answer; nil when the answer says nothing (no such
    /// server or property, a value of another type, no answer in time).
    func answer(_ reply: Result<BusValue, BusError>) -> Bool? {
        switch (self, reply) {
        // Absent until first set, which is off.
        case (.xfceProperty, .failure(let error)): error.name == "org.xfce.Xfconf.Error.PropertyNotFound" ? false : nil
        case (_, .failure): nil
        case (.makoModes, .success(let value)): value[0]?.strings.map { $0.contains("do-not-disturb") }
        case (.dunstPaused, .success(let value)), (.plasmaInhibited, .success(let value)), (.swayncDnd, .success(let value)),
            (.xfceProperty, .success(let value)):
            value[0]?.unboxed.boolean
        }
    }

    /// How the answer was read, as `uvctl doctor` says it.
    var source: String {
        switch self {
        case .dunstPaused: tr("dunst (its paused property)")
        case .plasmaInhibited: tr("KDE Plasma (its Inhibited property)")
        case .swayncDnd: tr("swaync (GetDnd)")
        case .xfceProperty: tr("xfce4-notifyd (the xfconf property /do-not-disturb)")
        case .makoModes: tr("mako (a mode named do-not-disturb)")
        }
    }

    /// How the user turns it off there: a command where the server has one.
    var turningOff: String {
        switch self {
        case .dunstPaused: "dunstctl set-paused false"
        case .plasmaInhibited: tr("the bell of Plasma's system tray: Do Not Disturb off")
        case .swayncDnd: "swaync-client --dnd-off"
        case .xfceProperty: "xfconf-query -c xfce4-notifyd -p /do-not-disturb -s false"
        case .makoModes: "makoctl mode -r do-not-disturb"
        }
    }

    /// The signals by which servers say their do-not-disturb changed (the bus delivers only
    /// these: nothing wakes uvd otherwise): PropertiesChanged of the server's object (dunst's
    /// `paused`, KDE Plasma's `Inhibited`), swaync's control-center signals (`Subscribe`,
    /// `SubscribeV2`) and xfconf's PropertyChanged for the channel xfce4-notifyd. mako has none.
    static let signals: [SignalMatch] = [
        SignalMatch(interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged", path: serverPath),
        SignalMatch(interface: "org.erikreider.swaync.cc", path: "/org/erikreider/swaync/cc"),
        SignalMatch(interface: "org.xfce.Xfconf", member: "PropertyChanged", path: "/org/xfce/Xfconf", firstArgument: "xfce4-notifyd"),
    ]
}
