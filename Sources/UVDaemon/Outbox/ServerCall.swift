import FoundationEssentials
import UVCore
import UVEngine
import UVNotify
import UVStore

/// A question or an order for the notification server, as the outbox decides it: the effect
/// `Effect.callServer` carries it, `NotificationDriver` makes the call, and what the server
/// answered comes back as `CoreEvent.serverAnswered` with the same number.
struct ServerCall: Sendable {
    /// Which call this is: an answer that does not carry the number of the call the outbox
    /// waits for is not its answer.
    let number: Int
    let kind: Kind

    enum Kind: Sendable {
        /// Who owns org.freedesktop.Notifications now (its unique bus name).
        case owner
        /// The server's name and capabilities.
        case info
        /// The server's own do-not-disturb.
        case doNotDisturb
        /// Show this notification, replacing the server's `replacing` if given.
        case show(DesktopNotification, replacing: UInt32?)
        case close(UInt32)
        /// Whether the server will announce what would make a failed call worth trying again.
        case announces(Announcement)
    }

    /// What a server's events may announce.
    enum Announcement: Sendable, Equatable {
        /// A server taking the bus name (`NotificationEvent.serverChanged`).
        case server
        /// A session bus starting (`NotificationEvent.sessionBusAppeared`).
        case sessionBus
    }
}

/// What the server answered to a `ServerCall`.
enum ServerAnswer: Sendable {
    case owner(Result<String?, NotificationFailure>)
    case info(Result<NotificationServerInfo, NotificationFailure>)
    case doNotDisturb(DoNotDisturb?)
    /// The id the server gave what it showed.
    case shown(Result<UInt32, NotificationFailure>)
    /// Closed, or why not.
    case closed(NotificationFailure?)
    case announces(Bool)
}

/// What the outbox decided in one step, for the core to carry on: the calls to make, what the
/// rules hear of the server's answers, what the history keeps, and whether the ids to keep
/// changed.
struct OutboxStep: Sendable {
    var calls: [ServerCall] = []
    /// Presses and closes, for the rules, in order.
    var answers: [(subject: Subject, answer: AlertAnswer)] = []
    /// What went to the server, in the order it went.
    var delivered: [Delivered] = []
    /// The server's ids for what is on screen, when they changed.
    var ids: NotificationIDs?

    /// One thing the server was sent.
    enum Delivered: Sendable {
        /// Shown; `heldUntilNow` when do-not-disturb held it until now (its history entry then
        /// takes the time it went, not the time it was decided).
        case sent(PresentedAlert, heldUntilNow: Bool)
        /// Closed as the rules withdrew it: when they did, on which clock.
        case withdrawn(Subject, at: Date, zone: ZoneName)
    }

    /// The history entries it adds, in order; one held until now is stamped `now`.
    func history(now: Date) -> [HistoryEntry] {
        delivered.map { done in
            switch done {
            case .sent(let alert, let heldUntilNow):
                HistoryEntry(
                    time: heldUntilNow ? now : alert.decidedAt ?? now, kind: .notified, subject: alert.subject, summary: alert.summary,
                    body: alert.body, zone: alert.zone)
            case .withdrawn(let subject, let at, let zone):
                HistoryEntry(time: at, kind: .withdrawn, subject: subject, zone: zone)
            }
        }
    }
}
