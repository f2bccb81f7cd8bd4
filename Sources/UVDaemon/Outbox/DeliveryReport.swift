import FoundationEssentials
import UVCore
import UVEngine
import UVStore

/// What the outbox did since it last said, for the core to keep in one transaction: the outbox
/// talks to the notification server and reports back; only the core writes the store and reads
/// the clock.
struct DeliveryReport: Sendable {
    /// One thing done, in the order it was done.
    enum Done: Sendable {
        /// Sent to the server; `heldUntilNow` when do-not-disturb held it until now (its history
        /// entry then takes the time it went, not the time it was decided).
        case sent(PresentedAlert, heldUntilNow: Bool)
        /// Closed on the server as the rules withdrew it: when they did, on which clock.
        case withdrawn(Subject, at: Date, zone: ZoneName)
    }

    var done: [Done] = []
    /// The server's ids for what is on screen now, when they changed.
    var ids: NotificationIDs?
    /// When the outbox asks to be told to try again, when that changed: the core keeps the
    /// deadline on its one timer.
    var tryAgain: TryAgain?

    /// Whether, and how soon, a delivery that could not finish is to be tried again.
    enum TryAgain: Sendable, Equatable {
        /// The server failed, or a do-not-disturb with no change signal holds something.
        case after(Duration)
        /// Nothing is left to try again.
        case notNeeded

        /// The instant to try again at, for one told at `now`.
        func deadline(now: Date) -> Date? {
            switch self {
            case .after(let delay):
                let (seconds, attoseconds) = delay.components
                return now.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
            case .notNeeded: return nil
            }
        }
    }

    var isEmpty: Bool { done.isEmpty && ids == nil && tryAgain == nil }

    /// The history entries it adds, in order; one held until now is stamped `now`.
    func history(now: Date) -> [HistoryEntry] {
        done.map { done in
            switch done {
            case .sent(let alert, let heldUntilNow):
                HistoryEntry(
                    time: heldUntilNow ? now : alert.decidedAt ?? now, kind: .notified, subject: alert.subject, summary: alert.summary,
                    body: alert.body, zone: alert.zone?.name)
            case .withdrawn(let subject, let at, let zone):
                HistoryEntry(time: at, kind: .withdrawn, subject: subject, zone: zone.name)
            }
        }
    }
}
