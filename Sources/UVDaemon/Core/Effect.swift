import FoundationEssentials
import UVCore
import UVNotify
import UVProtocol
import UVStore

/// What the core decided is to be done, in order: the shell (`CoreShell`) does each and decides
/// nothing. One rule binds the shell: when a `save` whose `Save.onRefusal` is `.takeBack` is
/// refused, the core is put back as it was before the event, the effects after it are not done,
/// the core is told (`CoreEvent.saveRefused`) and what it returns is done instead (a command the
/// store could not save changes nothing). "Save" is always the store's transaction.
enum Effect: Sendable {
    /// Save these changes in the store, in one transaction.
    case save(Save)
    /// Make this call on the notification server (its answer comes back as
    /// `CoreEvent.serverAnswered`).
    case callServer(ServerCall)
    /// Arm the one timer for this instant.
    case armTimer(at: Date)
    /// Ask one provider: the request as it leaves (its answer comes back as
    /// `CoreEvent.providerAnswered`).
    case ask(ProviderFetcher.Request)
    /// The round `uvctl refresh` started ended: what each provider came to, for every caller
    /// that waits for it.
    case refreshed([SourceOutcome])
    /// systemd's status line (`STATUS=`), after a scheduled round.
    case serviceStatus(String)
    /// Send the status to watchers.
    case publish(StatusInfo, to: Audience)
    /// Give the tray what its menu offers now.
    case presentTray(TraySituation)
    /// Answer whoever sent the event.
    case answer(CoreReply)

    /// Who a status goes to.
    enum Audience: Sendable, Equatable {
        /// Every watcher.
        case everyone
        /// One that just came, for its first status.
        case newcomer(UUID)
    }
}

/// A save the core asked for: the changes, what the core does when the store refuses them, and
/// the deadline to save by that this save cleared (restored on refusal).
struct Save: Sendable {
    let changes: StoreChanges
    let onRefusal: OnRefusal
    /// When what waited for a delivery to end was due to be saved (`CoreSchedule.saveBy`).
    let saveDue: Date

    /// What a refused save means.
    enum OnRefusal: Sendable, Equatable {
        /// The changes wait in the core (`unsaved`), and are saved with the next event's.
        case saveWithNextEvent
        /// A command the user is answered for: nothing of it stays, and the user is told.
        case takeBack
    }
}

/// The answer to an event that has a caller: a command's reply in its own type, or why the
/// command was refused.
enum CoreReply: Sendable {
    /// The command's answer, which its caller reads as the type it expects (`CommandAnswer`).
    case answered(any CommandAnswer)
    case refused(Refusal)
}
