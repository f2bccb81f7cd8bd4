import CLibNotify
import FoundationEssentials
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

/// A StatusNotifierItem on the session bus with a com.canonical.dbusmenu menu, through GDBus on a
/// GLib thread of its own (`Sources/CLibNotify/status_notifier.h`). It is registered only while
/// a watcher is there, and again whenever the watcher's owner changes; without one, nothing is
/// registered and nothing polls.
public final class StatusNotifierItem: @unchecked Sendable {
    /// Touched only on `glib`'s thread.
    private nonisolated(unsafe) var tray: UnsafeMutablePointer<uvd_tray>?
    private let glib = GLibThread(name: "uvd-tray")
    public let events: AsyncStream<TrayEvent>
    private let continuation: AsyncStream<TrayEvent>.Continuation

    private init() {
        (events, continuation) = AsyncStream.makeStream(of: TrayEvent.self)
    }

    /// Starts watching for a tray host; nil without a session bus.
    public static func start() async -> StatusNotifierItem? {
        let item = StatusNotifierItem()
        // Retained for the process's life: GDBus may call back on the tray's thread until exit,
        // after the daemon's services have let go of it.
        let context = Unmanaged.passRetained(item).toOpaque()
        nonisolated(unsafe) let opaque = context
        let started = await item.glib.run { () -> Bool in
            let tray = uvd_tray_new(StatusNotifierItem.clicked, StatusNotifierItem.hostChanged, opaque)
            item.tray = tray
            return tray != nil
        }
        return started ? item : nil
    }

    /// Shows `content`; signals what changed.
    public func show(_ content: TrayContent) async {
        await glib.run { [self] in
            guard let tray else { return }
            uvd_tray_set_texts(tray, content.title, content.status.rawValue, content.tooltipTitle, content.tooltipText)
            let ids = content.menu.map(\.id)
            let labels = content.menu.map { $0.label.replacing("\n", with: " ") }.joined(separator: "\n")
            let enabled = content.menu.map { UInt8($0.enabled ? 1 : 0) }
            uvd_tray_set_menu(tray, Int32(ids.count), ids, labels, enabled)
        }
    }

    /// Shows the icon at every size given; signals `NewIcon`.
    public func show(icon pixmaps: [TrayContent.Pixmap]) async {
        await glib.run { [self] in
            guard let tray else { return }
            let sizes = pixmaps.map { Int32($0.size) }
            let bytes = pixmaps.flatMap(\.argb)
            uvd_tray_set_icon(tray, Int32(sizes.count), sizes, bytes)
        }
    }

    // Static members, not closures in place: a C callback must not inherit an actor.
    private static let clicked: uvd_tray_clicked_fn = { item, context in
        guard let context else { return }
        let tray = Unmanaged<StatusNotifierItem>.fromOpaque(context).takeUnretainedValue()
        tray.continuation.yield(item < 0 ? .activated : .clicked(item))
    }

    private static let hostChanged: uvd_tray_host_fn = { owner, pid, context in
        guard let context else { return }
        let tray = Unmanaged<StatusNotifierItem>.fromOpaque(context).takeUnretainedValue()
        let program =
            pid == 0
            ? nil
            : (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingWhitespace()
        tray.continuation.yield(.host(owner.map { TrayHost(busName: String(cString: $0), program: program) }))
    }
}
