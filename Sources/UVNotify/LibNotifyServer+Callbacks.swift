import CGLib

/// libnotify's C callbacks, as static members (a C callback must not inherit
/// an actor). Each gets back the object it was registered with through its `data` pointer.
extension LibNotifyServer {
    /// What `notify_notification_new` returning NULL (GLib out of memory) is reported as.
    static let noNotificationObject = "libnotify could not make a notification object"

    final class ActionTarget {
        let server: LibNotifyServer
        let key: String
        init(server: LibNotifyServer, key: String) {
            self.server = server
            self.key = key
        }
    }

    static let actionInvoked: NotifyActionCallback = { notification, _, data in
        guard let data else { return }
        let target = Unmanaged<ActionTarget>.fromOpaque(data).takeUnretainedValue()
        target.server.pressed(notification, key: target.key)
    }

    static let releaseTarget: GFreeFunc = { data in
        guard let data else { return }
        Unmanaged<ActionTarget>.fromOpaque(data).release()
    }

    /// The `closed` signal of a NotifyNotification.
    static let notificationClosed: @convention(c) (UnsafeMutablePointer<NotifyNotification>?, UnsafeMutableRawPointer?) -> Void = {
        notification, data in
        guard let data else { return }
        Unmanaged<LibNotifyServer>.fromOpaque(data).takeUnretainedValue().closed(notification)
    }
}
