import Logging
import UVNotify
import UVPlatform

/// When the outbox tries a failed delivery again: on the server's own news where it will come
/// (a server taking the bus name, a session bus starting), else after `DeliveryBackoff`'s delay,
/// which the core keeps on its one timer (the report's `tryAgain`) and ends with `kick()`.
extension NotificationOutbox {
    func retryLater(_ failure: NotificationFailure) async {
        if backoff.failed(failure.description) { log.warning("notifications: \(failure.description); retrying") }
        if await newsWillCome(after: failure) {
            backoff.restart()
            askToTryAgain(after: nil)
        } else {
            askToTryAgain(after: backoff.nextDelay())
        }
    }

    /// Whether the server's events will say when trying again is worth it, so that no timer is
    /// needed: the bus answers, its owner is followed, and nobody owns org.freedesktop.Notifications
    /// (nor did a server come while asking, which `serverChanged` would have recorded), so the
    /// owner watch will (a bus that could not say who owns it promises nothing: the timer then);
    /// or there is no session bus at all and the server watches for one to start.
    /// A bus that is there but does not answer yet (between its `bind` and `listen`) follows
    /// nothing: that failure is retried on the timer.
    private func newsWillCome(after failure: NotificationFailure) async -> Bool {
        switch failure {
        case .server:
            guard case .success(nil) = await server.owner(), idsOwner == nil else { return false }
            return await server.announcesServer()
        case .noSessionBus: return await server.announcesSessionBus()
        }
    }

    /// How often a do-not-disturb with no change signal (mako's modes) is asked again while it
    /// holds something: within the 2 s in which a held notification should follow its end.
    static let unsignalledRecheck = Duration.seconds(1)
}
