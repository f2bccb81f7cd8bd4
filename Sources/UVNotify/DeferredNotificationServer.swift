import Synchronization

/// A notification server made when it is first asked for (a call, or its events), not as uvd
/// starts: libnotify and GLib are then opened (`DesktopLibraries`) after uvd is ready, as
/// notifications are first needed, rather than before.
public final class DeferredNotificationServer: NotificationServer {
    private let make: @Sendable () -> any NotificationServer
    private let made = Mutex<(any NotificationServer)?>(nil)

    public init(_ make: @escaping @Sendable () -> any NotificationServer) {
        self.make = make
    }

    /// The server, made at the first ask, once.
    private var server: any NotificationServer {
        made.withLock { made in
            if let made { return made }
            let server = make()
            made = server
            return server
        }
    }

    public var events: AsyncStream<NotificationEvent> { server.events }

    public func show(_ notification: DesktopNotification, replacing: UInt32?) async throws(NotificationFailure) -> UInt32 {
        try await server.show(notification, replacing: replacing)
    }

    public func close(id: UInt32) async throws(NotificationFailure) { try await server.close(id: id) }

    public func info() async -> Result<NotificationServerInfo, NotificationFailure> { await server.info() }

    public func doNotDisturb() async -> DoNotDisturb? { await server.doNotDisturb() }

    public func owner() async -> Result<String?, NotificationFailure> { await server.owner() }

    public func announcesSessionBus() async -> Bool { await server.announcesSessionBus() }

    public func announcesServer() async -> Bool { await server.announcesServer() }
}
