import CLibNotify
import FoundationEssentials
import UVCore

/// Desktop notifications through libnotify, every call on one GLib thread.
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
        guard let shown = await glib.runUnlessCancelled({ self.showOnLoop(notification, replacing: replacing) }) else {
            throw .server(tr("uvd stopped before the server answered"))
        }
        return try shown.get()
    }

    public func close(id: UInt32) async throws(NotificationFailure) {
        try await glib.run { self.closeOnLoop(id) }.get()
    }

    public func owner() async -> String? {
        await glib.run {
            guard self.sessionBusReachable(), let owner = uvd_notifications_owner() else { return nil }
            defer { g_free(owner) }
            return String(cString: owner)
        }
    }

    public func info() async -> Result<NotificationServerInfo, NotificationFailure> {
        await glib.run { self.infoOnLoop() }
    }

    // MARK: On the GLib thread

    /// The session bus's address: `DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus` if that
    /// socket exists; nil when there is none (and uvd never starts one).
    public static func sessionBusAddress(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let runtime = runtimeDirectory(environment), FileManager.default.fileExists(atPath: runtime + "/bus") else { return nil }
        return "unix:path=" + runtime + "/bus"
    }

    /// `$XDG_RUNTIME_DIR`, where the user's session bus listens as `bus`; nil when unset or empty.
    private static func runtimeDirectory(_ environment: [String: String]) -> String? {
        environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether there is a session bus to talk to, without letting GLib autolaunch one: GLib is
    /// given the address found, so it never looks for one itself.
    func sessionBusReachable() -> Bool {
        guard let address = Self.sessionBusAddress() else { return false }
        setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
        return true
    }

    public func announcesSessionBus() async -> Bool {
        await glib.run { self.watchingForBus }
    }

    private func ready() -> Result<Void, NotificationFailure> {
        guard sessionBusReachable() else {
            watchForSessionBus()
            return .failure(.noSessionBus)
        }
        if !initialised {
            guard uvd_session_bus_survive_close() != 0 else { return .failure(.server(tr("the session bus does not answer"))) }
            notify_init(appName)
            initialised = true
        }
        if !watchingOwner {
            watchingOwner = uvd_watch_notifications_owner(Self.ownerChanged, Unmanaged.passUnretained(self).toOpaque()) != 0
        }
        // No server yet: the bus is asked to start one, without waiting on this thread (an
        // installed server that never comes up held every call here for 25 s); the owner watch
        // says when one arrives.
        guard let owner = uvd_notifications_owner() else {
            uvd_request_notifications_start()
            return .failure(.server(tr("none runs yet; the session bus was asked to start one")))
        }
        g_free(owner)
        return .success(())
    }

    /// With no session bus at all, the one place one can come from is the runtime directory's
    /// `bus` (the environment does not change): watched there, once, so that delivery resumes
    /// when it appears instead of on a timer. A bus that appeared while the watch was being set
    /// up is announced at once.
    private func watchForSessionBus() {
        guard !watchingForBus, let runtime = Self.runtimeDirectory(ProcessInfo.processInfo.environment) else { return }
        watchingForBus = uvd_watch_for_session_bus(runtime, Self.sessionBusAppeared, Unmanaged.passUnretained(self).toOpaque()) != 0
        if watchingForBus, Self.sessionBusAddress() != nil { continuation.yield(.sessionBusAppeared) }
    }

    /// The picture as a PNG file for the icon (written beside, then renamed over the last one,
    /// so a server never reads half a file); nil where it cannot be written.
    private func iconPath(for image: DesktopNotification.Image?) -> String? {
        guard let iconDirectory, let image, image.width > 0, image.height > 0, image.rgba.count == image.width * image.height * 4 else {
            return nil
        }
        let path = "\(iconDirectory)/uvd-wheel.png"
        let partial = "\(path).partial"
        guard uvd_write_png(partial, image.rgba, gint(image.width), gint(image.height)) != 0, rename(partial, path) == 0 else {
            unlink(partial)
            return nil
        }
        return path
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
            uvd_notification_set_image_rgba(notification, image.rgba, gint(image.width), gint(image.height))
        }
        let clickAction =
            content.opensOnClick
            ? [DesktopNotification.Button(key: DesktopNotification.defaultActionKey, label: tr("Show the buttons"))] : []
        for action in content.buttons + clickAction {
            notify_notification_add_action(
                notification, action.key, action.label,
                Self.actionInvoked, Unmanaged.passRetained(ActionTarget(server: self, key: action.key)).toOpaque(), Self.releaseTarget)
        }
        uvd_notification_on_closed(notification, Self.notificationClosed, Unmanaged.passUnretained(self).toOpaque())

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

    /// After a failure the bus or the server may have gone: the next call connects afresh.
    private func restart() {
        notify_uninit()
        initialised = false
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
