import FoundationEssentials
import Glibc
import UVBus
import UVCore

/// What a tray item shows: its texts, its icon at several sizes and its menu. Knows nothing of
/// UV: the daemon decides the content (`TrayView`).
public struct TrayContent: Sendable, Equatable {
    /// The item's `Status`: hosts may hide a passive item.
    public enum Status: String, Sendable {
        case passive = "Passive"
        case active = "Active"
        case needsAttention = "NeedsAttention"
    }

    /// One square icon, ARGB32 bytes in network byte order (the specification's `IconPixmap`).
    public struct Pixmap: Sendable, Equatable {
        public var size: Int
        public var argb: [UInt8]

        public init(size: Int, argb: [UInt8]) {
            self.size = size
            self.argb = argb
        }

        /// From rows of RGBA bytes (not premultiplied), as the wheel is drawn.
        public init(size: Int, rgba: [UInt8]) {
            var argb = [UInt8](repeating: 0, count: rgba.count)
            for pixel in stride(from: 0, to: rgba.count - 3, by: 4) {
                argb[pixel] = rgba[pixel + 3]
                argb[pixel + 1] = rgba[pixel]
                argb[pixel + 2] = rgba[pixel + 1]
                argb[pixel + 3] = rgba[pixel + 2]
            }
            self.init(size: size, argb: argb)
        }
    }

    /// A menu entry: its id (what a click reports), its label, whether it can be clicked. An
    /// empty label is a separator.
    public struct MenuEntry: Sendable, Equatable {
        public var id: Int32
        public var label: String
        public var enabled: Bool

        public init(id: Int32, label: String, enabled: Bool = true) {
            self.id = id
            self.label = label
            self.enabled = enabled
        }
    }

    public var title: String
    public var status: Status
    public var tooltipTitle: String
    public var tooltipText: String
    public var menu: [MenuEntry]

    public init(title: String, status: Status, tooltipTitle: String, tooltipText: String, menu: [MenuEntry]) {
        self.title = title
        self.status = status
        self.tooltipTitle = tooltipTitle
        self.tooltipText = tooltipText
        self.menu = menu
    }
}

/// What happens to the tray item.
public enum TrayEvent: Sendable, Equatable {
    /// The icon was clicked (`Activate`).
    case activated
    /// A menu entry was clicked (dbusmenu's `Event` "clicked").
    case clicked(Int32)
    /// A watcher (tray host) is on the bus, by its unique name and process name, or none is (nil).
    case host(TrayHost?)
}

/// The program showing the tray item: the watcher's bus name and, where the bus says, its
/// process's name (`plasmashell`, `waybar`, `gnome-shell`).
public struct TrayHost: Sendable, Equatable {
    public var busName: String
    public var program: String?

    public init(busName: String, program: String?) {
        self.busName = busName
        self.program = program
    }
}

/// A StatusNotifierItem (KDE's and freedesktop's tray protocol) with a com.canonical.dbusmenu
/// menu on the session bus, served on a GLib thread of its own that never waits on the bus: no
/// GTK, no Qt, no libappindicator. What it shows and how it answers is `TrayItemModel`.
///
/// Registered only while a watcher (org.kde.StatusNotifierWatcher) is on the bus: when one
/// appears (plasmashell, waybar, the GNOME extension, restarted or not) the item takes its name
/// org.kde.StatusNotifierItem-PID-1, exports /StatusNotifierItem and /MenuBar, and calls
/// RegisterStatusNotifierItem once what it shows has been set; when the watcher goes, the name and
/// the objects go with it. Without a watcher nothing is registered and nothing polls.
///
/// The item registers under its connection's unique name, not the well-known one it owns. Both
/// are its full name on the bus, which is what the specification asks for, and every watcher
/// takes either; but a watcher given a well-known name may follow that name's owner as well as
/// the item: GNOME's AppIndicator extension (53) then clears the item's Id and Menu when its
/// owner lookup answers after the item's own GetAll did, reads them again, and drops the item on
/// a GJS error in that path (in about half of the sessions tried). Under the unique name it never
/// follows a name, and the well-known one stays for whoever looks items up by it.
public final class StatusNotifierItem: @unchecked Sendable {
    private let glib = GLibThread(name: "uvd-tray")
    public let events: AsyncStream<TrayEvent>
    private let continuation: AsyncStream<TrayEvent>.Continuation

    // Touched only on `glib`'s thread (hence @unchecked Sendable).
    private var bus: BusConnection?
    private var model = TrayItemModel()
    /// The watcher's unique name while one is on the bus.
    private var watcherOwner: String?
    /// The registrations of /StatusNotifierItem and /MenuBar while a watcher is there.
    private var exports: [UInt32] = []
    /// The request for the item's well-known name while a watcher is there.
    private var nameRequest: UInt32?
    private var ownsName = false

    private static let watcherName = "org.kde.StatusNotifierWatcher"
    private static let itemInterface = "org.kde.StatusNotifierItem"
    private static let menuInterface = "com.canonical.dbusmenu"
    private static let described = BusInterfaces(xml: TrayItemModel.interfaces)

    private init() {
        (events, continuation) = AsyncStream.makeStream(of: TrayEvent.self)
    }

    /// Starts watching for a tray host; nil without a session bus.
    public static func start() async -> StatusNotifierItem? {
        // Kept for the process's life: GDBus may call back on the tray's thread until exit, after
        // the daemon's services have let go of it.
        let item = StatusNotifierItem()
        let started = await item.glib.run { () -> Bool in
            guard case .success(let bus) = BusConnection.session() else { return false }
            item.bus = bus
            _ = bus.watch(Self.watcherName) { owner in
                if let owner { item.watcherAppeared(owner) } else { item.watcherVanished() }
            }
            return true
        }
        return started ? item : nil
    }

    /// Shows `content`; signals what changed.
    public func show(_ content: TrayContent) async {
        await glib.run { [self] in
            let first = !model.isComplete
            emit(model.show(content))
            if first { register() }
        }
    }

    /// Shows the icon at every size given; signals `NewIcon`.
    public func show(icon pixmaps: [TrayContent.Pixmap]) async {
        await glib.run { [self] in
            let first = !model.isComplete
            emit(model.show(icon: pixmaps))
            if first { register() }
        }
    }

    // MARK: On the tray's thread

    private func emit(_ signals: [TraySignal]) {
        guard let bus, !exports.isEmpty else { return }
        for signal in signals {
            switch signal {
            case .newTitle: bus.emit(path: "/StatusNotifierItem", interface: Self.itemInterface, signal: "NewTitle")
            case .newStatus(let status):
                bus.emit(path: "/StatusNotifierItem", interface: Self.itemInterface, signal: "NewStatus", arguments: [.string(status)])
            case .newToolTip: bus.emit(path: "/StatusNotifierItem", interface: Self.itemInterface, signal: "NewToolTip")
            case .newIcon: bus.emit(path: "/StatusNotifierItem", interface: Self.itemInterface, signal: "NewIcon")
            case .newAttentionIcon: bus.emit(path: "/StatusNotifierItem", interface: Self.itemInterface, signal: "NewAttentionIcon")
            case .layoutUpdated(let revision):
                bus.emit(
                    path: "/MenuBar", interface: Self.menuInterface, signal: "LayoutUpdated", arguments: [.uint32(revision), .int32(0)])
            }
        }
    }

    /// Tells the watcher about the item, once it owns its name and has something to show.
    private func register() {
        guard let bus, ownsName, watcherOwner != nil, model.isComplete else { return }
        bus.post(
            BusCall(
                destination: Self.watcherName, path: "/StatusNotifierWatcher", interface: Self.watcherName,
                method: "RegisterStatusNotifierItem", arguments: [.string(bus.uniqueName)]))
    }

    private func watcherAppeared(_ owner: String) {
        guard let bus, let described = Self.described else { return }
        watcherOwner = owner
        if exports.isEmpty {
            let item = BusObjectHandlers(call: { [self] in answerItem($0) }, property: { [self] in model.itemProperty($1) })
            let menu = BusObjectHandlers(call: { [self] in answerMenu($0) }, property: { TrayItemModel.menuProperty($1) })
            exports = [
                bus.export(Self.itemInterface, of: described, at: "/StatusNotifierItem", handlers: item),
                bus.export(Self.menuInterface, of: described, at: "/MenuBar", handlers: menu),
            ].compactMap { $0 }
        }
        if nameRequest == nil {
            nameRequest = bus.own(
                "org.kde.StatusNotifierItem-\(getpid())-1",
                acquired: { [self] in
                    ownsName = true
                    register()
                }, lost: { [self] in ownsName = false })
        } else {
            // A watcher that restarted forgets every item: register again.
            register()
        }
        // Which program hosts the tray, asked without waiting: the reply comes through the loop.
        bus.send(.messageBus("GetConnectionUnixProcessID", [.string(owner)], reply: "(u)"), within: .seconds(1)) { [self] answer in
            guard watcherOwner == owner else { return }
            let pid = (try? answer.get())?[0]?.uint32 ?? 0
            let program = pid == 0 ? nil : (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingWhitespace()
            continuation.yield(.host(TrayHost(busName: owner, program: program)))
        }
    }

    private func watcherVanished() {
        guard watcherOwner != nil || nameRequest != nil, let bus else { return }
        watcherOwner = nil
        if let nameRequest { bus.disown(nameRequest) }
        nameRequest = nil
        ownsName = false
        for id in exports { bus.unexport(id) }
        exports = []
        continuation.yield(.host(nil))
    }

    private func answerItem(_ call: BusMethodCall) -> BusReply {
        if let method = ItemMethod(rawValue: call.member), TrayItemModel.isActivation(method) { continuation.yield(.activated) }
        return .values([])
    }

    private func answerMenu(_ call: BusMethodCall) -> BusReply {
        guard let menuCall = MenuCall(call) else {
            return .error(name: "org.freedesktop.DBus.Error.UnknownMethod", message: call.member)
        }
        let (reply, clicked) = model.answer(menuCall)
        for id in clicked { continuation.yield(.clicked(id)) }
        return reply
    }
}
