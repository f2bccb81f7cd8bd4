import UVBus

/// The notification server as uvd sees it when the desktop libraries cannot be opened
/// (`DesktopLibraries.problem`): every call fails with why, naming the package to install, and
/// the daemon goes on with everything else (the status, the tray's glance through uvctl and
/// waybar, the store, the providers).
public struct UnreachableNotificationServer: NotificationServer {
    /// Why, as `DesktopLibraries` said it.
    public let reason: String
    public let events: AsyncStream<NotificationEvent>
    /// Kept, never finished: the events' reader waits for news that will not come, as it would
    /// on a quiet bus, rather than end.
    private let continuation: AsyncStream<NotificationEvent>.Continuation

    public init(reason: String) {
        self.reason = reason
        (events, continuation) = AsyncStream.makeStream(of: NotificationEvent.self)
    }

    public func show(_ notification: DesktopNotification, replacing: UInt32?) async throws(NotificationFailure) -> UInt32 {
        throw .server(reason)
    }

    public func close(id: UInt32) async throws(NotificationFailure) { throw .server(reason) }

    public func info() async -> Result<NotificationServerInfo, NotificationFailure> { .failure(.server(reason)) }

    public func doNotDisturb() async -> DoNotDisturb? { nil }

    public func owner() async -> Result<String?, NotificationFailure> { .failure(.server(reason)) }

    public func announcesServer() async -> Bool { false }
}
