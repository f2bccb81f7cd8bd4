import CGLib
import FoundationEssentials
import UVBus
import UVCore

/// Desktop notifications through libnotify, every call on one GLib thread; uvd's own questions to
/// the bus (who serves notifications, do-not-disturb) are sent from that thread without blocking
/// it, their replies coming back through its loop.
///
/// Each notification shown is kept alive (a strong reference) until the server says it closed,
/// because libnotify reports presses only to live objects. A session bus is never started:
/// without `DBUS_SESSION_BUS_ADDRESS` or `$XDG_RUNTIME_DIR/bus`, every call fails at once.
public final class LibNotifyServer: NotificationServer, @unchecked Sendable {
    public let events: AsyncStream<NotificationEvent>
    /// Yields `events`; also from the C callbacks (`LibNotifyServer+Callbacks.swift`).
    let continuation: AsyncStream<NotificationEvent>.Continuation
    let glib = GLibThread(name: "uvd-notify")
    private let appName: String
    /// Where a notification's picture is written as `uvd-wheel.png` to serve as its icon too.
    private let iconDirectory: String?

    // Touched only on the GLib thread (hence @unchecked Sendable).
    /// The session bus, shared with libnotify, once reached.
    var bus: BusConnection?
    private var initialised = false
    private var watchingOwner = false
    private var watchingForBus = false
    private var live: [UInt32: UnsafeMutablePointer<NotifyNotification>] = [:]
    /// The ways of following do-not-disturb set up so far (`.other`: the bus signals).
    var followsDoNotDisturb: Set<DoNotDisturbReader> = []
    /// Ids uvd closed itself, so their close is reported as `byRequest`.
    private var closing: Set<UInt32> = []

    public init(appName: String = "uvd", iconDirectory: String? = nil) {
        self.appName = appName
        self.iconDirectory = iconDirectory
        (events, continuation) = AsyncStream.makeStream(of: NotificationEvent.self)
    }

    /// Shows it; a task cancelled before the server answers (uvd stopping past its wait for the
    /// delivery) gets a failure at once.
    public func show(_ notification: DesktopNotification, replacing: UInt32?) async throws(NotificationFailure) -> UInt32 {
        try await serverRuns().get()
        guard let shown = await glib.runUnlessCancelled({ self.showOnLoop(notification, replacing: replacing) }) else {
            throw .server(tr("uvd stopped before the server answered"))
        }
        return try shown.get()
    }

    public func close(id: UInt32) async throws(NotificationFailure) {
        try await serverRuns().get()
        try await glib.run { self.closeOnLoop(id) }.get()
    }

    public func owner() async -> Result<String?, NotificationFailure> {
        let bus: BusConnection
        switch await glib.run({ self.ready() }) {
        case .success(let connection): bus = connection
        case .failure(let failure): return .failure(failure)
        }
        switch await glib.call(Self.ownerQuestion, on: bus, within: .milliseconds(500)) {
        case .success(let reply): return .success(reply[0]?.string)
        case .failure(let error) where error.name == "org.freedesktop.DBus.Error.NameHasNoOwner": return .success(nil)
        case .failure(let error): return .failure(.server(error.message))
        }
    }

    public func info() async -> Result<NotificationServerInfo, NotificationFailure> {
        if case .failure(let failure) = await serverRuns() { return .failure(failure) }
        return await glib.runUnlessCancelled { self.infoOnLoop() } ?? .failure(.server(tr("the question was withdrawn")))
    }

    /// Who owns org.freedesktop.Notifications now.
    private static let ownerQuestion = BusCall.messageBus("GetNameOwner", [.string("org.freedesktop.Notifications")], reply: "(s)")

    /// Whether a notification server runs. When none does, the bus is asked to start one, without
    /// waiting (an installed server that never comes up would hold every call for the bus's 25 s);
    /// the owner watch says when one arrives. A bus that cannot say in time is that failure.
    private func serverRuns() async -> Result<Void, NotificationFailure> {
        switch await owner() {
        case .success(.some): return .success(())
        case .failure(let failure): return .failure(failure)
        case .success(.none):
            guard let bus = await glib.run({ self.bus }) else { return .failure(.server(tr("the session bus does not answer"))) }
            bus.post(.messageBus("StartServiceByName", [.string("org.freedesktop.Notifications"), .uint32(0)], reply: nil))
            return .failure(.server(tr("none runs yet; the session bus was asked to start one")))
        }
    }

    // MARK: On the GLib thread

    public func announcesServer() async -> Bool {
        await glib.run { self.watchingOwner }
    }

    public func announcesSessionBus() async -> Bool {
        await glib.run { self.watchingForBus }
    }

    /// The session bus, libnotify set up and the server's owner followed; a failure when there is
    /// no session bus (then its appearance is watched for).
    private func ready() -> Result<BusConnection, NotificationFailure> {
        // No address: the bus can only come later, announced by the watch. An address that does
        // not answer (a bus starting, or gone) is a server failure, tried again on a timer: its
        // socket may already exist, and no new one will be announced.
        guard SessionBus.address() != nil else {
            watchForSessionBus()
            return .failure(.noSessionBus)
        }
        let bus: BusConnection
        switch self.bus.map({ .success($0) }) ?? BusConnection.session() {
        case .success(let connection): bus = connection
        case .failure: return .failure(.server(tr("the session bus does not answer")))
        }
        self.bus = bus
        if !initialised {
            notify_init(appName)
            initialised = true
        }
        if !watchingOwner {
            bus.subscribe(
                SignalMatch(
                    sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus", member: "NameOwnerChanged",
                    path: "/org/freedesktop/DBus",
                    firstArgument: "org.freedesktop.Notifications")
            ) { [continuation] signal in
                guard let owner = signal.arguments[2]?.string else { return }
                continuation.yield(.serverChanged(owner: owner.isEmpty ? nil : owner))
            }
            watchingOwner = true
        }
        return .success(bus)
    }

    /// With no session bus at all, the one place one can come from is the runtime directory's
    /// `bus` (the environment does not change): watched there, once, so that delivery resumes
    /// when it appears instead of on a timer. A bus that appeared while the watch was being set
    /// up is announced at once.
    private func watchForSessionBus() {
        guard !watchingForBus, let runtime = SessionBus.runtimeDirectory() else { return }
        watchingForBus = SessionBus.watchForBus(in: runtime) { [continuation] in continuation.yield(.sessionBusAppeared) }
        if watchingForBus, SessionBus.address() != nil { continuation.yield(.sessionBusAppeared) }
    }

    /// The picture as a PNG file for the icon (written beside, then renamed over the last one,
    /// so a server never reads half a file); nil where it cannot be written.
    private func iconPath(for image: DesktopNotification.Image?) -> String? {
        guard let iconDirectory, let image, image.width > 0, image.height > 0, image.rgba.count == image.width * image.height * 4 else {
            return nil
        }
        let path = "\(iconDirectory)/uvd-wheel.png"
        let partial = "\(path).partial"
        guard Self.writePNG(image, to: partial), rename(partial, path) == 0 else {
            unlink(partial)
            return nil
        }
        return path
    }

    /// Writes RGBA rows (not premultiplied) as a PNG through GdkPixbuf, which libnotify already
    /// brings; false when it cannot.
    private static func writePNG(_ image: DesktopNotification.Image, to path: String) -> Bool {
        image.rgba.withUnsafeBufferPointer { rgba in
            guard
                let pixbuf = gdk_pixbuf_new_from_data(
                    rgba.baseAddress, GDK_COLORSPACE_RGB, 1, 8, Int32(image.width), Int32(image.height), Int32(image.width * 4), nil, nil)
            else { return false }
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            return gdk_pixbuf_savev(pixbuf, path, "png", nil, nil, nil) != 0
        }
    }

    /// The freedesktop `image-data` hint, `(iiibiiay)`: width, height, row stride, has alpha,
    /// bits per sample, channels, then the rows of RGBA bytes.
    private static func imageData(_ image: DesktopNotification.Image) -> BusValue {
        .tuple([
            .int32(Int32(image.width)), .int32(Int32(image.height)), .int32(Int32(image.width * 4)), .boolean(true), .int32(8), .int32(4),
            .bytes(image.rgba),
        ])
    }

    private func showOnLoop(_ content: DesktopNotification, replacing: UInt32?) -> Result<UInt32, NotificationFailure> {
        if case .failure(let failure) = ready() { return .failure(failure) }
        guard let notification = notify_notification_new(content.summary, content.body, iconPath(for: content.image) ?? content.icon) else {
            return .failure(.server(Self.noNotificationObject))
        }
        let urgency =
            switch content.urgency {
            case .low: NOTIFY_URGENCY_LOW
            case .normal: NOTIFY_URGENCY_NORMAL
            case .critical: NOTIFY_URGENCY_CRITICAL
            }
        notify_notification_set_urgency(notification, urgency)
        notify_notification_set_category(notification, content.category)
        notify_notification_set_hint(notification, "desktop-entry", g_variant_new_string(appName))
        if let replacing { uvd_notification_set_id(notification, gint(bitPattern: replacing)) }
        if content.staysUntilAnswered { notify_notification_set_timeout(notification, NOTIFY_EXPIRES_NEVER) }
        if content.resident { notify_notification_set_hint(notification, "resident", g_variant_new_boolean(1)) }
        if let image = content.image, image.width > 0, image.height > 0, image.rgba.count == image.width * image.height * 4 {
            notify_notification_set_hint(notification, "image-data", Self.imageData(image).makeVariant())
        }
        let clickAction =
            content.opensOnClick
            ? [DesktopNotification.Button(key: DesktopNotification.defaultActionKey, label: tr("Show the buttons"))] : []
        for action in content.buttons + clickAction {
            notify_notification_add_action(
                notification, action.key, action.label,
                Self.actionInvoked, Unmanaged.passRetained(ActionTarget(server: self, key: action.key)).toOpaque(), Self.releaseTarget)
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(notification), "closed", unsafeBitCast(Self.notificationClosed, to: GCallback.self),
            Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(rawValue: 0))

        var error: UnsafeMutablePointer<GError>?
        guard notify_notification_show(notification, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_error_free(error)
            g_object_unref(notification)
            restart()
            return .failure(.server(message))
        }
        let id = UInt32(bitPattern: uvd_notification_get_id(notification))
        if let previous = live.updateValue(notification, forKey: id), previous != notification { g_object_unref(previous) }
        return .success(id)
    }

    /// After a failure the bus or the server may have gone: the next call connects afresh (GLib
    /// gives a new shared connection once the old one closed) and follows the owner there.
    private func restart() {
        notify_uninit()
        initialised = false
        bus = nil
        watchingOwner = false
    }

    private func closeOnLoop(_ id: UInt32) -> Result<Void, NotificationFailure> {
        if case .failure(let failure) = ready() { return .failure(failure) }
        // One shown by an earlier uvd has no object here: a stand-in with its id closes it.
        guard let notification = live[id] ?? notify_notification_new("", nil, nil) else {
            return .failure(.server(Self.noNotificationObject))
        }
        if live[id] == nil { uvd_notification_set_id(notification, gint(bitPattern: id)) }
        closing.insert(id)
        var error: UnsafeMutablePointer<GError>?
        let closed = notify_notification_close(notification, &error) != 0
        if live[id] == nil { g_object_unref(notification) }
        guard closed else {
            closing.remove(id)
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_error_free(error)
            return .failure(.server(message))
        }
        return .success(())
    }

    func infoOnLoop() -> Result<NotificationServerInfo, NotificationFailure> {
        if case .failure(let failure) = ready() { return .failure(failure) }
        var name: UnsafeMutablePointer<CChar>?
        var vendor: UnsafeMutablePointer<CChar>?
        var version: UnsafeMutablePointer<CChar>?
        var spec: UnsafeMutablePointer<CChar>?
        guard notify_get_server_info(&name, &vendor, &version, &spec) != 0 else {
            return .failure(.server(tr("no notification server answers on the session bus")))
        }
        defer { for text in [name, vendor, version, spec] { g_free(text) } }
        var capabilities: [String] = []
        let list = notify_get_server_caps()
        var node = list
        while let item = node {
            if let text = item.pointee.data { capabilities.append(String(cString: text.assumingMemoryBound(to: CChar.self))) }
            node = item.pointee.next
        }
        g_list_free_full(list, g_free)
        return .success(
            NotificationServerInfo(
                name: name.map { String(cString: $0) } ?? "", vendor: vendor.map { String(cString: $0) } ?? "",
                version: version.map { String(cString: $0) } ?? "", capabilities: capabilities))
    }

    func pressed(_ notification: UnsafeMutablePointer<NotifyNotification>?, key: String) {
        guard let notification else { return }
        continuation.yield(.action(id: UInt32(bitPattern: uvd_notification_get_id(notification)), key: key))
    }

    func closed(_ notification: UnsafeMutablePointer<NotifyNotification>?) {
        guard let notification else { return }
        let id = UInt32(bitPattern: uvd_notification_get_id(notification))
        let reason: CloseReason =
            if closing.remove(id) != nil { .byUvd } else {
                switch notify_notification_get_closed_reason(notification) {
                case 1: .expired
                case 2: .dismissed
                case 3: .byUvd
                default: .undefined
                }
            }
        continuation.yield(.closed(id: id, reason: reason))
        if live[id] == notification {
            live[id] = nil
            g_object_unref(notification)
        }
    }
}
