import FoundationEssentials
import Logging
import ServiceLifecycle
import UVCore
import UVEngine
import UVNotify
import UVPlatform
import UVStore

/// Makes the desktop show what the engine wants shown: one notification per subject, replaced
/// in place, closed when withdrawn. A slow or failing server is retried with backoff (1 s
/// doubling to 5 min, on the core's one timer) until it answers; while no server owns the name
/// at all, nothing is retried on a timer: the owner watch (NameOwnerChanged) starts delivery
/// when one comes, and so does the next alert. With no session bus at all, the server's watch on the runtime directory's
/// `bus` does the same when one starts. Nothing is lost, and since each subject's
/// server id is kept in the store, nothing is doubled, across restarts too. It never writes the
/// store nor reads the clock: what it did goes back to the core as a `DeliveryReport`, which the
/// core keeps in one transaction. While the server's
/// own do-not-disturb is on (each server's, as `LibNotifyServer.doNotDisturb` reads it), only
/// critical notifications go through, and its end (the server's signal) lets the rest go.
actor NotificationOutbox {
    let server: any NotificationServer
    let log: Logger
    /// Where presses and closes go: the subject and what became of it.
    private let onAnswer: @Sendable (Subject, AlertAnswer) async -> Void
    /// Where what a delivery did goes, for the store: what was sent and withdrawn, the ids.
    private let onReport: @Sendable (DeliveryReport) async -> Void
    /// What was done since the last report.
    private var unreported = DeliveryReport()

    var ids: [Subject: UInt32]
    /// The server that gave `ids` (its unique bus name): ids of any other are never used.
    var idsOwner: String?
    /// What is on screen, by subject: shown again, fresh, when the server is replaced.
    var shown: [Subject: PresentedAlert] = [:]
    /// Alerts waiting to be shown, by subject (a newer alert replaces a waiting one).
    var waiting: [Subject: PresentedAlert] = [:]
    /// Subjects withdrawn while on screen, waiting to be closed.
    private var closing: Set<Subject> = []
    /// Notifications to close that no longer stand for a subject (a prompt clicked in GNOME's
    /// tray, shown again afresh): their close is no answer.
    var strays: Set<UInt32> = []
    /// Subjects the user asked to see again: shown even while do-not-disturb holds the rest.
    var askedFor: Set<Subject> = []
    /// Subjects do-not-disturb held: their history entry takes the time they were at last sent.
    var heldByDoNotDisturb: Set<Subject> = []
    /// Closes the server sent without a button, not yet passed on: one that comes as the server
    /// stops (its name's owner leaving within `closeVerdictDelay`) is the server's, not the user's,
    /// and what it closed is shown again on the next server.
    private var closesAwaitingVerdict: [Subject: AlertClosing] = [:]
    /// When the rules withdrew each subject, and on which clock, for the history.
    var withdrawals: [Subject: (at: Date, zone: ZoneName)] = [:]
    private var serverInfo: NotificationServerInfo?
    var backoff = DeliveryBackoff()
    /// Whether the core holds a deadline this outbox asked for (so that its end is said once).
    private var askedToTryAgain = false
    private var delivering = false
    /// The server signalled a change of its do-not-disturb while a delivery was under way: what
    /// that delivery read before is stale, and is read again before the next notification.
    private var doNotDisturbChangedMidway = false
    /// The test notification's id and who waits for its end (`NotificationOutbox+Test.swift`).
    var testWaiter: (id: UInt32, continuation: CheckedContinuation<TestEnd, Never>)?
    /// A test notification whose wait ended with its call cancelled (uvd stopping): closed by
    /// `withdrawTest`, whose task is not cancelled, as the call's own cannot ask the server.
    var testToWithdraw: UInt32?
    /// What the core posted, in order, for `deliverPosted()`: posting never waits, so an engine
    /// step runs to its end without giving way to another.
    private let posted: AsyncStream<Posting>
    private let postings: AsyncStream<Posting>.Continuation
    /// Asks for a delivery (`kick()`); one asked while one runs makes one more after it.
    private let kicks: AsyncStream<Void>
    private let kickings: AsyncStream<Void>.Continuation
    /// Closes whose verdict is awaited (`awaitVerdict`), for `passOnCloses()`.
    private let verdicts: AsyncStream<Subject>
    private let verdictsAwaited: AsyncStream<Subject>.Continuation

    /// A change the core hands over: what the rules decided at `at`, on `zone`'s clock; a
    /// notification to show carries the day's mini-wheel as it was then.
    struct Posting: Sendable {
        var change: NotificationChange<PresentedAlert>
        var at: Date
        var zone: ZoneName
        var picture: DesktopNotification.Image?

        init(change: NotificationChange<PresentedAlert>, at: Date, zone: ZoneName, picture: DesktopNotification.Image? = nil) {
            (self.change, self.at, self.zone, self.picture) = (change, at, zone, picture)
        }
    }

    /// Each subject's picture, as posted with it.
    private var pictures: [Subject: DesktopNotification.Image] = [:]

    /// `saved`: the ids a previous uvd kept, and their server.
    init(
        server: any NotificationServer, saved: NotificationIDs, log: Logger,
        onAnswer: @escaping @Sendable (Subject, AlertAnswer) async -> Void,
        onReport: @escaping @Sendable (DeliveryReport) async -> Void
    ) {
        self.server = server
        self.log = log
        self.onAnswer = onAnswer
        self.onReport = onReport
        ids = saved.ids
        idsOwner = saved.owner
        (posted, postings) = AsyncStream.makeStream(of: Posting.self)
        (kicks, kickings) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        (verdicts, verdictsAwaited) = AsyncStream.makeStream(of: Subject.self)
    }

    /// How long a stop waits for the delivery under way: a server answers within milliseconds.
    static let stopWait = Duration.seconds(2)

    /// The outbox's work, every part a child of this task: the server's presses and closes (and
    /// the wait on each close's verdict), what the core posts, and the deliveries, one at a time. At graceful shutdown it takes no more
    /// deliveries and waits for the one under way (at most `stopWait`; a server that has not
    /// answered by then is left, its call abandoned), reports what was done, and returns.
    func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask { await self.listen() }
            group.addTask { await self.deliverPosted() }
            group.addTask { await self.passOnCloses() }
            await withTaskGroup(of: Void.self) { deliveries in
                deliveries.addTask {
                    await withGracefulShutdownHandler {
                        for await _ in self.kicks {
                            await self.deliver()
                            await self.report()
                        }
                    } onGracefulShutdown: {
                        self.kickings.finish()
                    }
                }
                deliveries.addTask {
                    // Only once a stop begins does the wait for the delivery under way count.
                    guard (try? await gracefulShutdown()) != nil else { return }
                    try? await EventLoop.sleep(for: Self.stopWait)
                }
                await deliveries.next()
                deliveries.cancelAll()
            }
            await report()
            group.cancelAll()
        }
    }

    /// Hands a change to the outbox from anywhere, at once; it is applied in posting order.
    nonisolated func post(_ change: Posting) {
        postings.yield(change)
    }

    /// Applies posted changes in order until the task is cancelled.
    func deliverPosted() async {
        for await posting in posted {
            switch posting.change {
            case .show(var alert):
                (alert.decidedAt, alert.zone) = (posting.at, posting.zone)
                pictures[alert.subject] = posting.picture
                notify(alert)
            case .withdraw(let subject):
                withdrawals[subject] = (posting.at, posting.zone)
                withdraw(subject)
            }
        }
    }

    /// How long a close without a button waits for its server's name to change hands before it
    /// is taken as the user's: a server that stops closes what it shows, then leaves the bus, in
    /// the milliseconds its exit takes.
    static let closeVerdictDelay = Duration.milliseconds(300)

    /// Passes `subject`'s close on to the rules once `closeVerdictDelay` has gone by without the
    /// server leaving, and the subject was not shown afresh meanwhile (a child of `run()`).
    private func awaitVerdict(on subject: Subject) {
        verdictsAwaited.yield(subject)
    }

    /// Waits out each close's verdict delay, each beside the others, until cancelled.
    private func passOnCloses() async {
        await withDiscardingTaskGroup { group in
            for await subject in verdicts {
                group.addTask {
                    guard (try? await EventLoop.sleep(for: Self.closeVerdictDelay)) != nil else { return }
                    await self.passOnClose(of: subject)
                }
            }
        }
    }

    private func passOnClose(of subject: Subject) async {
        guard let closing = closesAwaitingVerdict.removeValue(forKey: subject) else { return }
        shown[subject] = nil
        await onAnswer(subject, .closed(closing))
    }

    /// Queues `alert` for showing (replacing a queued or shown one with its subject); returns at once.
    func notify(_ alert: PresentedAlert) {
        // A newer alert takes the place of one whose close is awaiting its verdict.
        closesAwaitingVerdict[alert.subject] = nil
        closing.remove(alert.subject)
        waiting[alert.subject] = alert
        kick()
    }

    /// Queues closing `subject`'s notification, if one is shown; returns at once.
    func withdraw(_ subject: Subject) {
        waiting[subject] = nil
        if ids[subject] != nil { closing.insert(subject) }
        kick()
    }

    /// The server as last seen, or why it could not be reached; for `uvctl doctor`.
    func serverState() async -> Result<NotificationServerInfo, NotificationFailure> {
        let result = await server.info()
        if case .success(let info) = result { serverInfo = info }
        return result
    }

    func doNotDisturb() async -> DoNotDisturb? { await server.doNotDisturb() }

    var currentServerInfo: NotificationServerInfo? { serverInfo }

    /// Takes presses and closes from the server until the task is cancelled.
    func listen() async {
        for await event in server.events {
            switch event {
            case .action(let id, let key):
                if key == DesktopNotification.defaultActionKey, let subject = subject(of: id) {
                    reopen(subject, from: id)
                    continue
                }
                endTest(id, .pressed(key: key))
                guard let subject = subject(of: id) else { continue }
                // The server sends back only the keys uvd gave it; another is no answer.
                guard let action = AlertAction(key: key) else {
                    log.warning("notifications: the server answered \(subject) with a key uvd never gave (\(key)); ignored")
                    continue
                }
                await onAnswer(subject, .pressed(action))
            case .closed(let id, let reason):
                endTest(id, .closed(reason))
                guard let subject = subject(of: id) else { continue }
                ids[subject] = nil
                reportIDs()
                guard let closing = AlertClosing(reason) else {
                    shown[subject] = nil
                    await report()
                    continue
                }
                closesAwaitingVerdict[subject] = closing
                awaitVerdict(on: subject)
                await report()
            case .serverChanged(let owner):
                serverChanged(to: owner)
                await report()
            case .doNotDisturbChanged:
                if delivering { doNotDisturbChangedMidway = true }
                kick()
            case .sessionBusAppeared:
                kick()
            }
        }
    }

    /// Another server, or none: the old one's ids mean nothing there (closing one would close
    /// another application's notification), so they are forgotten, nothing is closed, and what
    /// was on screen is shown again, fresh, once a server is there.
    private func serverChanged(to owner: String?) {
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
        reportIDs()
        if owner != nil { kick() }
    }

    private func subject(of id: UInt32) -> Subject? {
        ids.first { $0.value == id }?.key
    }

    /// Asks for a delivery, run by `run()`, unless one is under way: that one picks up what was
    /// queued meanwhile.
    func kick() {
        guard !delivering else { return }
        kickings.yield()
    }

    /// Asks for a delivery from anywhere, without waiting: the core's timer, when a retry or a
    /// do-not-disturb check is due. One asked while a delivery runs makes one more after it.
    nonisolated func kickSoon() {
        kickings.yield()
    }

    /// Closes, then shows, one at a time in queue order, until the queue is empty, the server
    /// fails (retry with backoff) or only what its do-not-disturb holds is left (delivered again
    /// on the server's signal that it ended; asked again each second where it has none).
    private func deliver() async {
        delivering = true
        defer { delivering = false }
        var doNotDisturb: DoNotDisturb??
        var answered = false
        if !(waiting.isEmpty && closing.isEmpty && strays.isEmpty) {
            // A bus too busy to say who owns the name says nothing of the server: the ids stand.
            if case .success(let owner) = await server.owner(), owner != idsOwner { serverChanged(to: owner) }
        }
        while true {
            if serverInfo == nil, !(waiting.isEmpty && closing.isEmpty && strays.isEmpty) {
                switch await server.info() {
                case .success(let info): serverInfo = info
                case .failure(let failure): return await retryLater(failure)
                }
            }
            if let stray = strays.min() {
                // Most often gone already (GNOME closes what is clicked): a refusal is no failure.
                try? await server.close(id: stray)
                strays.remove(stray)
                continue
            }
            if let subject = closing.sorted().first {
                guard let id = ids[subject] else {
                    closing.remove(subject)
                    continue
                }
                do {
                    try await server.close(id: id)
                } catch {
                    return await retryLater(error)
                }
                closing.remove(subject)
                if ids[subject] == id {
                    ids[subject] = nil
                    shown[subject] = nil
                }
                reportIDs()
                // A withdrawal (not the closing of an older text whose update waits).
                if waiting[subject] == nil, let withdrawal = withdrawals.removeValue(forKey: subject) {
                    unreported.done.append(.withdrawn(subject, at: withdrawal.at, zone: withdrawal.zone))
                }
                answered = true
                continue
            }
            if doNotDisturbChangedMidway {
                doNotDisturbChangedMidway = false
                doNotDisturb = nil
            }
            if waiting.values.contains(where: { $0.urgency != .critical }), doNotDisturb == nil {
                doNotDisturb = .some(await server.doNotDisturb())
            }
            let held = doNotDisturb??.isOn ?? false
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
                break
            }
            do {
                var notification = Self.presentation(alert, on: serverInfo)
                notification.image = pictures[alert.subject]
                let id = try await server.show(notification, replacing: ids[alert.subject])
                ids[alert.subject] = id
                shown[alert.subject] = alert
                askedFor.remove(alert.subject)
                // When it was sent: as decided, unless do-not-disturb held it until now.
                unreported.done.append(.sent(alert, heldUntilNow: heldByDoNotDisturb.remove(alert.subject) != nil))
                // Replaced meanwhile by a newer alert: that one still waits.
                if waiting[alert.subject] == alert { waiting[alert.subject] = nil }
                reportIDs()
                answered = true
                // What comes next may have been posted while this was shown, and do-not-disturb
                // may have come on meanwhile before the server's signal says so (LXQt's comes from
                // a file watch): it is read again for it.
                doNotDisturb = nil
            } catch {
                // The one it was to replace may be gone (a server that never says so): show afresh.
                ids[alert.subject] = nil
                reportIDs()
                serverInfo = nil
                return await retryLater(error)
            }
        }
        if answered, backoff.answered() { log.info("notifications: the server answers again") }
        backoff.restart()
        // Held by do-not-disturb: the server's signal (or its file's watch) kicks delivery when it
        // ends; only a server with no signal (mako's modes) is asked again, and only while
        // something waits.
        if !waiting.isEmpty, let state = doNotDisturb ?? nil, !state.changesAreSignalled {
            askToTryAgain(after: Self.unsignalledRecheck)
        } else {
            askToTryAgain(after: nil)
        }
    }

    /// Asks the core to call `kick()` after `delay` (nil: no longer): said in the next report,
    /// only when it changes what the core holds.
    func askToTryAgain(after delay: Duration?) {
        guard delay != nil || askedToTryAgain else { return }
        askedToTryAgain = delay != nil
        unreported.tryAgain = delay.map { .after($0) } ?? .notNeeded
    }

    /// The ids changed: the next report carries them.
    func reportIDs() {
        unreported.ids = NotificationIDs(ids: ids, owner: idsOwner)
    }

    /// Hands what was done since the last report to the core, which keeps it in one transaction.
    private func report() async {
        guard !unreported.isEmpty else { return }
        let done = unreported
        unreported = DeliveryReport()
        await onReport(done)
    }
}
