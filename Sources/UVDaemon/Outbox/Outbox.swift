import FoundationEssentials
import Logging
import UVCore
import UVEngine
import UVNotify
import UVStore

/// What the desktop is to show of what the rules say, decided as a value the core holds: one
/// notification per subject, replaced in place, closed when withdrawn. Each input (a change the
/// rules posted, a server's signal, an answer to a call, a deadline come) is a method that takes
/// the time and returns an `OutboxStep`: the next call to make, the presses and closes for the
/// rules, what the history keeps. It makes no call, keeps no timer and reads no clock.
///
/// Delivery goes in passes, one call out at a time (`Pass`): who owns the server's name, what it
/// can do, the closes, then do-not-disturb, then the shows, in subject order. A slow or failing
/// server is tried again after `DeliveryBackoff`'s delay (1 s doubling to 5 min, `retryAt`, on
/// the core's one timer); while no server owns the name at all, or there is no session bus, and
/// the server's events will say when one comes, nothing is tried on a timer: that news starts the
/// next pass. Since each subject's server id is kept in the store, nothing is doubled across
/// restarts. While the server's own do-not-disturb is on, only critical notifications go through,
/// and its end (the server's signal; mako's, asked again each second while something waits) lets
/// the rest go.
struct Outbox: Sendable {
    /// The server's id for each subject on screen.
    private(set) var ids: [Subject: UInt32]
    /// The server that gave `ids` (its unique bus name): ids of any other are never used.
    private(set) var idsOwner: String?
    /// What is on screen, by subject: shown again, fresh, when the server is replaced.
    private(set) var shown: [Subject: PresentedAlert] = [:]
    /// Alerts waiting to be shown, by subject (a newer alert replaces a waiting one).
    private(set) var waiting: [Subject: PresentedAlert] = [:]
    /// Subjects withdrawn while on screen, waiting to be closed.
    private var closing: Set<Subject> = []
    /// Notifications to close that no longer stand for a subject (a prompt clicked in GNOME's
    /// tray, shown again afresh): their close is no answer.
    private var strays: Set<UInt32> = []
    /// Subjects the user asked to see again: shown even while do-not-disturb holds the rest.
    private var askedFor: Set<Subject> = []
    /// Subjects do-not-disturb held: their history entry takes the time they were at last sent.
    private var heldByDoNotDisturb: Set<Subject> = []
    /// Closes the server sent without a button, not yet passed on, and when their verdict is
    /// due: one that comes as the server stops (its name's owner leaving within
    /// `closeVerdictDelay`) is the server's, not the user's, and what it closed is shown again on
    /// the next server.
    private var closesAwaitingVerdict: [Subject: (closing: AlertClosing, due: Date)] = [:]
    /// When the rules withdrew each subject, and on which clock, for the history.
    private var withdrawals: [Subject: (at: Date, zone: ZoneName)] = [:]
    /// Each subject's picture (the day's mini-wheel), as posted with it.
    private var pictures: [Subject: DesktopNotification.Image] = [:]
    /// The server as last asked, for how an alert is drawn; nil once it changed or failed.
    private(set) var serverInfo: NotificationServerInfo?
    private var backoff = DeliveryBackoff()
    /// When a pass is to be tried again: a failing server's backoff, or a do-not-disturb with no
    /// change signal holding something.
    private(set) var retryAt: Date?
    /// The pass under way, if one is.
    private var pass: Pass?
    /// The number the next call takes.
    private var nextCallNumber = 1

    /// `saved`: the ids a previous uvd kept, and their server.
    init(saved: NotificationIDs) {
        ids = saved.ids
        idsOwner = saved.owner
    }

    /// A delivery under way: the call it waits for, and what it learnt so far.
    private struct Pass: Sendable {
        var awaiting: Awaiting
        /// The call `awaiting` waits for the answer of.
        var call = 0
        /// The server's do-not-disturb as read in this pass: nil until read, `.some(nil)` where
        /// the server has none uvd can read.
        var doNotDisturb: DoNotDisturb??
        /// The server signalled a change of its do-not-disturb during this pass: what was read
        /// before is stale, and is read again before the next notification.
        var doNotDisturbChanged = false
        /// Whether the server answered anything in this pass.
        var answered = false
    }

    /// What a pass waits for.
    private enum Awaiting: Sendable {
        case nothing
        case ownerBeforePass
        case info
        case closeStray(UInt32)
        case close(Subject, id: UInt32)
        case doNotDisturb
        case show(PresentedAlert)
        /// After `failure`: whether nobody owns the name (then its coming will be announced).
        case ownerAfterFailure
        /// After a failure: whether what would make it worth trying again will be announced.
        case announcement
    }

    /// How long a close without a button waits for its server's name to change hands before it
    /// is taken as the user's: a server that stops closes what it shows, then leaves the bus, in
    /// the milliseconds its exit takes.
    static let closeVerdictDelay: TimeInterval = 0.3

    /// How often a do-not-disturb with no change signal (mako's modes) is asked again while it
    /// holds something: within the 2 s in which a held notification should follow its end.
    static let unsignalledRecheck: TimeInterval = 1

    /// The earliest instant the outbox must hear of (`due(now:)`): a close's verdict, a retry.
    var wake: Date? {
        let verdict = closesAwaitingVerdict.values.map(\.due).min()
        return [verdict, retryAt].compactMap { $0 }.min()
    }

    /// Whether a call is out, waiting for the server's answer.
    var isDelivering: Bool { pass != nil }

    private var queueIsEmpty: Bool { waiting.isEmpty && closing.isEmpty && strays.isEmpty }

    private var savedIDs: NotificationIDs { NotificationIDs(ids: ids, owner: idsOwner) }
}

/// What comes in: the rules' changes, the server's signals, the deadlines.
extension Outbox {
    /// The rules decided at `at`, on `zone`'s clock, to show `alert` (with the day's mini-wheel
    /// `picture`): it waits in place of any waiting or shown one of its subject.
    mutating func show(_ alert: PresentedAlert, at: Date, zone: ZoneName, picture: DesktopNotification.Image?, log: Logger) -> OutboxStep {
        var step = OutboxStep()
        var alert = alert
        (alert.decidedAt, alert.zone) = (at, zone)
        pictures[alert.subject] = picture
        // A newer alert takes the place of one whose close is awaiting its verdict.
        closesAwaitingVerdict[alert.subject] = nil
        closing.remove(alert.subject)
        waiting[alert.subject] = alert
        startPass(into: &step, log: log)
        return step
    }

    /// The rules withdrew `subject` at `at`, on `zone`'s clock: it is closed, if shown.
    mutating func withdraw(_ subject: Subject, at: Date, zone: ZoneName, log: Logger) -> OutboxStep {
        var step = OutboxStep()
        withdrawals[subject] = (at, zone)
        waiting[subject] = nil
        if ids[subject] != nil { closing.insert(subject) }
        startPass(into: &step, log: log)
        return step
    }

    /// What the server said of itself or its notifications, at `now`.
    mutating func heard(_ event: NotificationEvent, now: Date, log: Logger) -> OutboxStep {
        var step = OutboxStep()
        switch event {
        case .action(let id, let key):
            guard let subject = subject(of: id) else { break }
            if key == DesktopNotification.defaultActionKey {
                reopen(subject, from: id, into: &step, log: log)
                break
            }
            // The server sends back only the keys uvd gave it; another is no answer.
            guard let action = AlertAction(key: key) else {
                log.warning("notifications: the server answered \(subject) with a key uvd never gave (\(key)); ignored")
                break
            }
            step.answers.append((subject, .pressed(action)))
        case .closed(let id, let reason):
            guard let subject = subject(of: id) else { break }
            ids[subject] = nil
            step.ids = savedIDs
            guard let closing = AlertClosing(reason) else {
                shown[subject] = nil
                break
            }
            closesAwaitingVerdict[subject] = (closing, now.addingTimeInterval(Self.closeVerdictDelay))
        case .serverChanged(let owner):
            serverChanged(to: owner, into: &step, log: log)
        case .doNotDisturbChanged:
            if pass != nil { pass?.doNotDisturbChanged = true } else { startPass(into: &step, log: log) }
        case .sessionBusAppeared:
            startPass(into: &step, log: log)
        }
        return step
    }

    /// The core's timer came to `now`: each close whose verdict is due is the user's, and a
    /// retry that is due starts a pass.
    mutating func due(now: Date, log: Logger) -> OutboxStep {
        var step = OutboxStep()
        for (subject, verdict) in closesAwaitingVerdict.sorted(by: { $0.key < $1.key }) where verdict.due <= now {
            closesAwaitingVerdict[subject] = nil
            shown[subject] = nil
            step.answers.append((subject, .closed(verdict.closing)))
        }
        if let retryAt, retryAt <= now {
            self.retryAt = nil
            startPass(into: &step, log: log)
        }
        return step
    }

    private func subject(of id: UInt32) -> Subject? {
        ids.first { $0.value == id }?.key
    }

    /// Another server, or none: the old one's ids mean nothing there (closing one would close
    /// another application's notification), so they are forgotten, nothing is closed, and what
    /// was on screen is shown again, fresh, once a server is there.
    private mutating func serverChanged(to owner: String?, into step: inout OutboxStep, log: Logger) {
        guard owner != idsOwner else { return }
        let again = shown.filter { waiting[$0.key] == nil && !closing.contains($0.key) }
        // Said whenever something was on screen: a show that failed as the old server went
        // away has already let go of its id, but not of what it showed.
        if !ids.isEmpty || !shown.isEmpty { log.info("notifications: the server changed; \(again.count) shown again") }
        if !closesAwaitingVerdict.isEmpty {
            let subjects = closesAwaitingVerdict.keys.sorted().map(\.description).joined(separator: ", ")
            log.info("notifications: \(subjects) closed by the server as it went, not by the user")
            closesAwaitingVerdict = [:]
        }
        waiting.merge(again) { queued, _ in queued }
        ids = [:]
        closing = []
        strays = []
        shown = [:]
        idsOwner = owner
        serverInfo = nil
        step.ids = savedIDs
        if owner != nil { startPass(into: &step, log: log) }
    }

    /// A click on a prompt, which in GNOME Shell's message tray has lost its buttons: it is shown
    /// again afresh, a banner with its buttons, and the clicked entry closed. Not an answer, and
    /// not a withdrawal: the rules never hear of it.
    private mutating func reopen(_ subject: Subject, from id: UInt32, into step: inout OutboxStep, log: Logger) {
        guard let alert = shown[subject], !alert.buttons.isEmpty else { return }
        ids[subject] = nil
        shown[subject] = nil
        strays.insert(id)
        step.ids = savedIDs
        if waiting[subject] == nil { waiting[subject] = alert }
        askedFor.insert(subject)
        startPass(into: &step, log: log)
    }
}

/// A pass: one call at a time, each answer taking it on.
extension Outbox {
    /// Starts a pass unless one is under way: that one takes up what was queued meanwhile.
    private mutating func startPass(into step: inout OutboxStep, log: Logger) {
        guard pass == nil else { return }
        pass = Pass(awaiting: .nothing)
        if queueIsEmpty {
            goOn(into: &step, now: nil, log: log)
        } else {
            // A bus too busy to say who owns the name says nothing of the server: the ids stand.
            call(.owner, awaiting: .ownerBeforePass, into: &step)
        }
    }

    private mutating func call(_ kind: ServerCall.Kind, awaiting: Awaiting, into step: inout OutboxStep) {
        let number = nextCallNumber
        nextCallNumber &+= 1
        pass?.awaiting = awaiting
        pass?.call = number
        step.calls.append(ServerCall(number: number, kind: kind))
    }

    /// The server answered call `number` at `now`.
    mutating func answered(_ number: Int, _ answer: ServerAnswer, now: Date, log: Logger) -> OutboxStep {
        var step = OutboxStep()
        guard let awaiting = pass?.awaiting, pass?.call == number else { return step }
        pass?.awaiting = .nothing
        switch (awaiting, answer) {
        case (.ownerBeforePass, .owner(let result)):
            if case .success(let owner) = result, owner != idsOwner { serverChanged(to: owner, into: &step, log: log) }
        case (.info, .info(let result)):
            switch result {
            case .success(let info): serverInfo = info
            case .failure(let failure): return failed(failure, step, log: log)
            }
        case (.closeStray(let stray), .closed):
            // Most often gone already (GNOME closes what is clicked): a refusal is no failure.
            strays.remove(stray)
        case (.close(let subject, let id), .closed(let failure)):
            if let failure { return failed(failure, step, log: log) }
            closed(subject, id: id, into: &step)
        case (.doNotDisturb, .doNotDisturb(let state)):
            pass?.doNotDisturb = .some(state)
        case (.show(let alert), .shown(let result)):
            switch result {
            case .success(let id): sent(alert, id: id, into: &step)
            case .failure(let failure):
                // The one it was to replace may be gone (a server that never says so): show afresh.
                ids[alert.subject] = nil
                step.ids = savedIDs
                serverInfo = nil
                return failed(failure, step, log: log)
            }
        case (.ownerAfterFailure, .owner(let result)):
            guard case .success(nil) = result, idsOwner == nil else { return retryLater(step, now: now) }
            call(.announces(.server), awaiting: .announcement, into: &step)
            return step
        case (.announcement, .announces(let willCome)):
            guard willCome else { return retryLater(step, now: now) }
            backoff.restart()
            retryAt = nil
            pass = nil
            return step
        default:
            log.error("notifications: an answer (\(answer)) that is not the one awaited; the pass ends")
            return retryLater(step, now: now)
        }
        goOn(into: &step, now: now, log: log)
        return step
    }

    /// Closed `subject`'s notification `id`.
    private mutating func closed(_ subject: Subject, id: UInt32, into step: inout OutboxStep) {
        pass?.answered = true
        closing.remove(subject)
        if ids[subject] == id {
            ids[subject] = nil
            shown[subject] = nil
        }
        step.ids = savedIDs
        // A withdrawal (not the closing of an older text whose update waits).
        if waiting[subject] == nil, let withdrawal = withdrawals.removeValue(forKey: subject) {
            step.delivered.append(.withdrawn(subject, at: withdrawal.at, zone: withdrawal.zone))
        }
    }

    /// Showed `alert` as notification `id`.
    private mutating func sent(_ alert: PresentedAlert, id: UInt32, into step: inout OutboxStep) {
        pass?.answered = true
        ids[alert.subject] = id
        shown[alert.subject] = alert
        askedFor.remove(alert.subject)
        // When it was sent: as decided, unless do-not-disturb held it until now.
        step.delivered.append(.sent(alert, heldUntilNow: heldByDoNotDisturb.remove(alert.subject) != nil))
        // Replaced meanwhile by a newer alert: that one still waits.
        if waiting[alert.subject] == alert { waiting[alert.subject] = nil }
        step.ids = savedIDs
        // What comes next may have been posted while this was shown, and do-not-disturb may
        // have come on meanwhile before the server's signal says so (LXQt's comes from a file
        // watch): it is read again for it.
        pass?.doNotDisturb = nil
    }

    /// Takes the pass on to its next call: closes, then shows, one at a time in queue order,
    /// until the queue is empty or only what do-not-disturb holds is left. `now`: the time of
    /// the answer that took it on (nil when nothing was asked yet, and none can be due).
    private mutating func goOn(into step: inout OutboxStep, now: Date?, log: Logger) {
        while let current = pass {
            if serverInfo == nil, !queueIsEmpty { return call(.info, awaiting: .info, into: &step) }
            if let stray = strays.min() { return call(.close(stray), awaiting: .closeStray(stray), into: &step) }
            if let subject = closing.sorted().first {
                guard let id = ids[subject] else {
                    closing.remove(subject)
                    continue
                }
                return call(.close(id), awaiting: .close(subject, id: id), into: &step)
            }
            if current.doNotDisturbChanged {
                pass?.doNotDisturbChanged = false
                pass?.doNotDisturb = nil
            }
            if waiting.values.contains(where: { $0.urgency != .critical }), pass?.doNotDisturb == nil {
                return call(.doNotDisturb, awaiting: .doNotDisturb, into: &step)
            }
            let held = pass?.doNotDisturb??.isOn ?? false
            // What do-not-disturb holds must not leave an older text of its subject on screen, for
            // the server to show again when it ends: that one is closed now (closing is allowed),
            // and the newest text goes once do-not-disturb ends.
            if held,
                let stale = waiting.keys.sorted().first(where: { subject in
                    ids[subject] != nil && !closing.contains(subject) && waiting[subject]?.urgency != .critical
                        && !askedFor.contains(subject)
                })
            {
                closing.insert(stale)
                continue
            }
            if held {
                heldByDoNotDisturb.formUnion(
                    waiting.values.filter { $0.urgency != .critical && !askedFor.contains($0.subject) }.map(\.subject))
            }
            guard
                let alert = waiting.values.sorted(by: { $0.subject < $1.subject })
                    .first(where: { $0.urgency == .critical || !held || askedFor.contains($0.subject) })
            else {
                return finish(now: now, log: log)
            }
            var notification = Self.presentation(alert, on: serverInfo)
            notification.image = pictures[alert.subject]
            return call(.show(notification, replacing: ids[alert.subject]), awaiting: .show(alert), into: &step)
        }
    }

    /// The queue is done, or only what do-not-disturb holds is left: that goes on the server's
    /// signal that it ended; only a server with no signal (mako's modes) is asked again, and
    /// only while something waits.
    private mutating func finish(now: Date?, log: Logger) {
        if pass?.answered == true, backoff.answered() { log.info("notifications: the server answers again") }
        backoff.restart()
        if !waiting.isEmpty, let now, let state = pass?.doNotDisturb ?? nil, !state.changesAreSignalled {
            retryAt = now.addingTimeInterval(Self.unsignalledRecheck)
        } else {
            retryAt = nil
        }
        pass = nil
    }

    /// A call failed: said once while it repeats; then tried again on the server's own news
    /// where it will come (a server taking the bus name, a session bus starting), else after
    /// the backoff's delay.
    private mutating func failed(_ failure: NotificationFailure, _ step: OutboxStep, log: Logger) -> OutboxStep {
        var step = step
        if backoff.failed(failure.description) { log.warning("notifications: \(failure.description); retrying") }
        switch failure {
        case .server:
            // Nobody owning org.freedesktop.Notifications (nor a server come while asking, which
            // `serverChanged` would have recorded) is announced where the bus follows its owner;
            // a bus that could not say who owns it promises nothing: the timer then.
            call(.owner, awaiting: .ownerAfterFailure, into: &step)
        case .noSessionBus:
            call(.announces(.sessionBus), awaiting: .announcement, into: &step)
        }
        return step
    }

    /// Tries the pass again after the backoff's next delay, on the core's timer.
    private mutating func retryLater(_ step: OutboxStep, now: Date) -> OutboxStep {
        let (seconds, attoseconds) = backoff.nextDelay().components
        retryAt = now.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
        pass = nil
        return step
    }
}
