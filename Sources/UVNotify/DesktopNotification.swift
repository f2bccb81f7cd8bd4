import UVCore

/// A notification as the freedesktop Notifications protocol carries it.
public struct DesktopNotification: Sendable, Equatable {
    /// The key a click on the notification itself comes back with (the specification's name).
    public static let defaultActionKey = "default"

    public enum Urgency: Sendable, Equatable {
        case low, normal, critical
    }

    /// A button: `key` comes back in `NotificationEvent.action` when pressed.
    public struct Button: Sendable, Equatable {
        public var key: String
        public var label: String

        public init(key: String, label: String) {
            self.key = key
            self.label = label
        }
    }

    public var summary: String
    public var body: String
    public var icon: String
    public var urgency: Urgency
    /// `x-uvd.<rule>`: lets the user's notification server style or filter each rule.
    public var category: String
    /// Exactly these buttons; a click on the notification itself is `opensOnClick`.
    public var buttons: [Button]
    /// A click on the notification (the protocol's "default" action) is reported as the key
    /// `DesktopNotification.defaultActionKey`. Only where a server needs it (GNOME Shell: its
    /// message tray keeps a prompt's text but drops its buttons, and a click without a default
    /// action opens the application the `desktop-entry` hint names); some other servers draw it
    /// as one more button.
    public var opensOnClick = false
    /// A prompt that waits for an answer: never expires (and stays in the server's history where
    /// it keeps one); informational notifications expire as the server likes.
    public var staysUntilAnswered: Bool
    /// The server keeps notifications ("persistence"): ask it to keep this one once pressed.
    public var resident: Bool
    /// A picture beside the text (the day's mini-wheel): sent as raw pixels, which servers
    /// without image support simply ignore, and (where the server was given a directory for it)
    /// written as the notification's icon.
    public var image: Image?

    /// Rows of RGBA bytes, top to bottom, not premultiplied.
    public struct Image: Sendable, Equatable {
        public var width: Int
        public var height: Int
        public var rgba: [UInt8]

        public init(width: Int, height: Int, rgba: [UInt8]) {
            self.width = width
            self.height = height
            self.rgba = rgba
        }
    }

    public init(
        summary: String, body: String, icon: String, urgency: Urgency, category: String, buttons: [Button],
        staysUntilAnswered: Bool = false,
        resident: Bool = false
    ) {
        self.summary = summary
        self.body = body
        self.icon = icon
        self.urgency = urgency
        self.category = category
        self.buttons = buttons
        self.staysUntilAnswered = staysUntilAnswered
        self.resident = resident
    }
}

/// What comes back from the notification server.
/// The desktop's do-not-disturb, and how it was read.
public struct DoNotDisturb: Sendable, Equatable {
    public var isOn: Bool
    /// The server and how its state is read: "dunst (its paused property)", "xfce4-notifyd (the
    /// xfconf property /do-not-disturb)", "LXQt (doNotDisturb in notifications.conf)" …
    public var source: String
    /// Whether a change is signalled (a D-Bus signal, a file watch), so that nothing need look
    /// again on a timer; false where it must be asked again (mako's modes).
    public var changesAreSignalled: Bool
    /// How the user turns it off on that server (`dunstctl set-paused false`).
    public var turningOff: String

    public init(isOn: Bool, source: String, changesAreSignalled: Bool = true, turningOff: String) {
        self.isOn = isOn
        self.source = source
        self.changesAreSignalled = changesAreSignalled
        self.turningOff = turningOff
    }
}

/// Why a notification went away (the specification's NotificationClosed reasons).
public enum CloseReason: Sendable, Equatable {
    /// It timed out (reason 1).
    case expired
    /// The user dismissed it (reason 2).
    case dismissed
    /// uvd closed it (CloseNotification).
    case byUvd
    /// The server did not say (reason 4, or another).
    case undefined
}

public enum NotificationEvent: Sendable, Equatable {
    /// A button (or the default action, `default`) was invoked on notification `id`.
    case action(id: UInt32, key: String)
    /// Notification `id` went away, and why.
    case closed(id: UInt32, reason: CloseReason)
    /// Another process now owns the server's bus name (`owner`, its unique name), or none does:
    /// the ids the previous one gave mean nothing any more.
    case serverChanged(owner: String?)
    /// A session bus now listens where there was none (`$XDG_RUNTIME_DIR/bus` appeared): what
    /// failed for want of one is worth trying again.
    case sessionBusAppeared
    /// The server said its do-not-disturb may have changed (a signal, or its file changed):
    /// what it held back may go now.
    case doNotDisturbChanged
}

/// The notification server's name and what it can do.
public struct NotificationServerInfo: Sendable, Equatable {
    public var name: String
    public var vendor: String
    public var version: String
    public var capabilities: [String]

    public init(name: String, vendor: String, version: String, capabilities: [String]) {
        self.name = name
        self.vendor = vendor
        self.version = version
        self.capabilities = capabilities
    }

    public var supportsActions: Bool { capabilities.contains("actions") }
    public var supportsBodyMarkup: Bool { capabilities.contains("body-markup") }
    /// GNOME Shell, which moves a banner that is not critical to its message tray after a few
    /// seconds once the user is active, whatever its timeout; the tray entry draws no buttons
    /// (js/ui/messageTray.js, GNOME Shell 43).
    public var movesBannersToATray: Bool { name == "gnome-shell" }
    /// lxqt-notificationd, which gives each of three buttons about 8 characters beside a picture
    /// (1.2, measured under Xvfb) and cuts longer labels with "…".
    public var givesNarrowButtons: Bool { name == "lxqt-notificationd" }
    /// mako, which advertises "actions" but draws no buttons: they are reached through
    /// `makoctl menu` or `makoctl invoke`.
    public var drawsNoButtons: Bool { name == "mako" }
    /// The most buttons the server is given: GNOME Shell 43 draws the first three and drops the
    /// rest (`MAX_NOTIFICATION_BUTTONS` in js/ui/messageTray.js); LXQt's three are already cut
    /// to about 8 characters each. Nil where no limit is known.
    public var mostButtons: Int? { name == "gnome-shell" || givesNarrowButtons ? 3 : nil }
}

/// Why a notification could not be shown.
public enum NotificationFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// No session bus to reach (uvd never starts one).
    case noSessionBus
    /// The bus answered but the server did not (none running, or it failed).
    case server(String)

    public var description: String {
        switch self {
        case .noSessionBus: tr("no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS unset and no $XDG_RUNTIME_DIR/bus)")
        case .server(let message): tr("notification server: %1$@", message)
        }
    }
}

/// Shows, replaces and closes desktop notifications, and reports presses and closes.
public protocol NotificationServer: Sendable {
    /// Shows `notification`, replacing the one with server id `replacing` if given; returns its id.
    func show(_ notification: DesktopNotification, replacing: UInt32?) async throws(NotificationFailure) -> UInt32
    func close(id: UInt32) async throws(NotificationFailure)
    /// The server's name and capabilities, or why it cannot be reached.
    func info() async -> Result<NotificationServerInfo, NotificationFailure>
    /// The server's own do-not-disturb, where it can be read (dunst's `paused`); nil when unknown.
    func doNotDisturb() async -> DoNotDisturb?
    var events: AsyncStream<NotificationEvent> { get }
    /// The unique bus name of the server now, or nil when none runs: ids are that server's. A
    /// failure when the bus could not say (no bus, no answer in time): that is no news of the
    /// server, neither its leaving nor its absence.
    func owner() async -> Result<String?, NotificationFailure>
    /// Whether a session bus starting will be announced on `events` (`.sessionBusAppeared`),
    /// so that a failure for want of one need not be retried on a timer.
    func announcesSessionBus() async -> Bool
    /// Whether a server taking org.freedesktop.Notifications will be announced on `events`
    /// (`.serverChanged`): the bus answered and its owner is followed. A bus whose socket is there
    /// but that does not answer yet follows nothing: a failure then is retried on a timer.
    func announcesServer() async -> Bool
}

extension NotificationServer {
    public func announcesSessionBus() async -> Bool { false }
    public func announcesServer() async -> Bool { true }
}
