import FoundationEssentials
import Logging
import Synchronization
import UVConfig
import UVCore
import UVEngine
import UVNotify
import UVPlatform
import UVProtocol
import UVProviderPolicy
import UVProviders
import UVStore
import UVWheel

/// The thin shell around the core: it turns what reaches uvd into a `CoreEvent`, hands it to
/// `Core.handle(_:at:)` with the time, and does the effects that come out, in order: writes the
/// store, hands the notification server's calls to its driver, arms the timer, asks providers, tells watchers and
/// the tray, answers the caller. It decides nothing. An actor, so one event at a time; a handle
/// never suspends, so no other event runs in the middle of one.
///
/// What it holds is what cannot be a value: the streams of watchers and the tray, the requests
/// to send and the `uvctl refresh` calls waiting for their round, the notification driver, the timer, the
/// store.
actor CoreShell {
    /// The core: every decision, and the state it decides on.
    private(set) var core: Core
    let store: Store
    private let configFile: URL
    private let lastGoodConfig: URL
    private let httpClient: any HTTPClient
    private let timer: any DeadlineTimer
    /// The wall clock, the time suspended and the retries' draw: the machine's, or a test's.
    nonisolated let clocks: CoreClocks
    let log: Logger
    /// Makes the notification server's calls (buffered until its service runs).
    let driver: NotificationDriver
    private var statusStreams: [UUID: AsyncStream<StatusInfo>.Continuation] = [:]
    private var trayStream: AsyncStream<TraySituation>.Continuation?
    /// The requests the core's rounds send, asked by `sendRequests()`.
    nonisolated let requests: AsyncStream<ProviderFetcher.Request>
    private let requestsToSend: AsyncStream<ProviderFetcher.Request>.Continuation
    /// `uvctl refresh` calls waiting for the round they started or joined (`Effect.refreshed`).
    private let refreshWaiters = RefreshWaiters()
    /// systemd's watchdog, where the unit has one: it shares the timer.
    private var watchdog: WatchdogPing?
    /// Sends `WATCHDOG=1` (a test's stand-in records it).
    private let pingWatchdog: @Sendable () -> Void
    /// What the core has done, counted outside it (`SettleCountTests`).
    nonisolated let counter = CoreCounter()

    init(
        store: Store, driver: NotificationDriver, configFile: URL, lastGoodConfig: URL, loaded: ConfigLoader.Loaded,
        configTrouble: ConfigTrouble? = nil,
        httpClient: any HTTPClient, timer: any DeadlineTimer, systemPlace: Place, log: Logger, now: Date,
        clocks: CoreClocks = .system, watchdog: Duration? = nil,
        pingWatchdog: @escaping @Sendable () -> Void = { Systemd.notify("WATCHDOG=1") }
    ) throws {
        self.store = store
        self.driver = driver
        self.watchdog = watchdog.map { WatchdogPing(interval: $0, now: now) }
        self.pingWatchdog = pingWatchdog
        self.configFile = configFile
        self.lastGoodConfig = lastGoodConfig
        self.httpClient = httpClient
        self.timer = timer
        self.clocks = clocks
        self.log = log
        (requests, requestsToSend) = AsyncStream.makeStream(of: ProviderFetcher.Request.self)
        core = Core(
            start: try CoreStart.read(from: store, now: now, log: log), configFile: configFile.path, loaded: loaded,
            configTrouble: configTrouble,
            sources: CoreSources(jitter: clocks.jitter, log: log, counter: counter), systemPlace: systemPlace, now: now)
    }

    /// Hands `event` to the core at the wall clock's now (`CoreClocks.wall`): how the daemon's
    /// services send what they hear.
    @discardableResult
    func send(_ event: CoreEvent) -> CoreReply? { send(event, at: clocks.wall()) }

    /// The wall clock's now (`CoreClocks.wall`), for what is read or asked outside an event.
    nonisolated var now: Date { clocks.wall() }

    /// Hands `event` to the core and does what it decides; the answer, when the event has a
    /// caller. A watcher found gone is told to the core as it is found: no task of its own waits
    /// for a stream to end.
    @discardableResult
    func send(_ event: CoreEvent, at now: Date) -> CoreReply? {
        let before = core
        var gone: [UUID] = []
        let reply = perform(core.handle(event, at: now), now: now, before: before, gone: &gone)
        for id in gone {
            statusStreams[id] = nil
            send(.watcherLeft(id), at: now)
        }
        return reply
    }

    /// Does `effects` in order. A refused write goes back to the core; when it took back a
    /// command, the core is put back as it was `before` the event (a copy of the value), the rest
    /// is not done, and the core's answer to the refusal is done instead.
    private func perform(_ effects: [Effect], now: Date, before: Core, gone: inout [UUID]) -> CoreReply? {
        var reply: CoreReply?
        for effect in effects {
            switch effect {
            case .save(let save):
                do { try store.save(save.changes) } catch {
                    if save.onRefusal == .takeBack { core = before }
                    let refused = core
                    let afterRefusal = perform(
                        core.handle(.saveRefused(save, problem: "\(error)"), at: now), now: now, before: refused, gone: &gone)
                    if save.onRefusal == .takeBack { return afterRefusal }
                }
            case .callServer(let call): driver.make(call)
            case .armTimer(let instant): arm(instant)
            case .ask(let request): requestsToSend.yield(request)
            case .refreshed(let outcomes): refreshWaiters.resumeAll(with: .success(outcomes))
            case .serviceStatus(let line): Systemd.notify("STATUS=\(line)")
            case .publish(let status, .everyone):
                for (id, stream) in statusStreams {
                    if case .terminated = stream.yield(status) { gone.append(id) }
                }
            case .publish(let status, .newcomer(let id)): statusStreams[id]?.yield(status)
            case .presentTray(let situation): trayStream?.yield(situation)
            case .answer(let answer): reply = answer
            }
        }
        return reply
    }

    /// Arms the timer for the core's `instant`, or for the watchdog's next ping if that is
    /// sooner. A timer the kernel will not arm leaves uvd blind (no fetch, no alert, ever): uvd
    /// says so and stops with a failure, for its service manager to start it again.
    private func arm(_ instant: Date) {
        do { try timer.arm(at: watchdog?.deadline(before: instant) ?? instant) } catch {
            DaemonStop.fail(
                because: "the kernel refused uvd's timer (\(error)); without it nothing would ever be fetched or said", log: log)
        }
    }

    /// Sends `command` and gives its answer in the type the caller reads it as (`CommandAnswer`),
    /// or throws its refusal.
    func command<Answer: CommandAnswer>(_ command: CoreCommand, now: Date) throws(Refusal) -> Answer {
        let reply = send(.command(command), at: now)
        if case .refused(let refusal) = reply { throw refusal }
        guard let answer = reply.flatMap(Answer.init(answering:)) else { throw Refusal.unanswered(command) }
        return answer
    }

    /// Sends `command` for what it changes, or throws its refusal; its answer is not read.
    func run(_ command: CoreCommand, now: Date) throws(Refusal) {
        if case .refused(let refusal) = send(.command(command), at: now) { throw refusal }
    }

    /// `uvctl home set`: the route read again as it comes, then the command.
    func markHome(now: Date) throws(Refusal) -> String {
        send(.routeReadAgain(RouteReader().current()), at: now)
        return try command(.markHome, now: now)
    }

    /// Re-reads the file on a thread of its own (a file near the 1 MiB cap takes a while, and
    /// calls keep being answered meanwhile), then hands the core what it read.
    func reload() async throws(Refusal) -> String {
        let reading = await OffThread.run { [configFile, lastGoodConfig] () -> ConfigurationReading in
            let (fresh, problem) = ConfigLoader.loadKeepingLastGood(file: configFile, lastGood: lastGoodConfig)
            if let problem { return .refused(problem) }
            return .loaded(fresh, key: OpenWeatherMapKey.load(keyFile: fresh.configuration.openWeatherMapKeyFile))
        }
        switch send(.configurationRead(reading), at: clocks.wall()) {
        case .refused(let refusal): throw refusal
        case .answered(let text as String): return text
        default: return ""
        }
    }
}

/// What the rest of the daemon reports: each one event (`send(_:at:)`); these few need the
/// shell's own part (the pending presses read, the boot clock read, a stream kept).
extension CoreShell {
    /// Brings the engine up to date with what changed while uvd was not running, with any press
    /// kept but not handled before a restart: one step.
    func startEngine(now: Date) {
        send(.start(pendingPresses: (try? store.pendingPresses()) ?? [], suspendedSoFar: clocks.suspendedSoFar()), at: now)
    }

    var wantsGeoClue: Bool { core.wantsGeoClue }

    /// The timer fired or the clock changed: systemd's watchdog is pinged when due, and the core
    /// looks at its deadlines (it arms the timer again, for the earlier of its own and the
    /// watchdog's).
    func timerFired(clockChanged: Bool, now: Date) {
        if watchdog?.isDue(at: now) == true { pingWatchdog() }
        send(.timer(clockChanged: clockChanged, suspendedSoFar: clocks.suspendedSoFar()), at: now)
    }

    /// uvd stops: what waits for a delivery to end is kept now.
    func stop(now: Date) { send(.stopping, at: now) }

    /// A stream of the status as it changes. `wantsMeasurements`: a bar that shows the measured
    /// value (stations are then asked more often); the tray is not one. A watcher that goes
    /// (its stream ended) is forgotten when the next status finds it gone.
    func subscribe(now: Date, wantsMeasurements: Bool = true) -> AsyncStream<StatusInfo> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: StatusInfo.self, bufferingPolicy: .bufferingNewest(4))
        statusStreams[id] = continuation
        send(.watcherJoined(id, wantsMeasurements: wantsMeasurements), at: now)
        return stream
    }

    /// The situation as it changes: given at once, then after each event that changes it (a
    /// prompt shown or answered, quiet hours set, sunscreen put on), for the tray's menu.
    func traySituations(now: Date) -> AsyncStream<TraySituation> {
        let (stream, continuation) = AsyncStream.makeStream(of: TraySituation.self, bufferingPolicy: .bufferingNewest(1))
        trayStream = continuation
        send(.trayWatched, at: now)
        return stream
    }
}

/// The views: each a reading of the core, answered at once.
extension CoreShell {
    /// The core as it stands: for a reading no view gives (a test's look at the rules).
    var state: Core { core }
    var loaded: ConfigLoader.Loaded { core.loaded }
    var configFilePath: String { configFile.path }

    /// A view of the core (`Core+Views`, `+Dose`, `+Tray`), read at once: `uvctl status`,
    /// `forecast`, `dose` and the rest. A view only reads.
    func read<View: Sendable, Failure: Error>(_ view: @Sendable (Core) throws(Failure) -> View) throws(Failure) -> View {
        try view(core)
    }

    /// `uvctl history`: the core says which entries, the store gives them, the core words them.
    func history(limit: Int, days: Int?, now: Date) throws(Refusal) -> [HistoryInfo] {
        let request = try core.historyRequest(limit: limit, days: days, now: now)
        let entries: [HistoryEntry]
        do {
            switch request {
            case .latest(let limit): entries = try store.history(limit: limit)
            case .since(let start): entries = try store.history(since: start)
            }
        } catch {
            throw Refusal(.storeFailed, "\(error)")
        }
        return core.history(entries)
    }

    func diagnose(now: Date) async -> [CheckInfo] {
        await Doctor(facts: core.doctorFacts(now: now), driver: driver) {
            await self.send(.notificationServer(.doNotDisturbChanged))
        }.checks()
    }
}

/// The requests the core's rounds send, and `uvctl refresh`: the core decides every pass of a
/// round and what each answer comes to; the shell only asks, each request beside the others so
/// that one that hangs never delays another.
extension CoreShell {
    /// Asks each request the core sends, as a child task of the caller (the daemon's request
    /// service), until the caller is cancelled; a request cut short by that says nothing of its
    /// provider, and nothing is decided on it.
    func sendRequests() async {
        await withDiscardingTaskGroup { group in
            for await request in requests {
                group.addTask { await self.ask(request) }
            }
        }
    }

    /// Asks one provider away from the core, then tells the core what came back, and what the
    /// plausibility screen dropped from it, at the time it arrived.
    private func ask(_ request: ProviderFetcher.Request) async {
        let screened = ScreenedNotes()
        let client = ProviderClient(
            http: httpClient, endpoints: core.configuration.endpoints, report: { source, note in screened.add(note, from: source) })
        guard let answer = await ProviderFetcher(client: client, answerClock: clocks.wall).ask(request), !Task.isCancelled else {
            return
        }
        for (note, source) in screened.taken() { send(.screenedOut(note, from: source), at: answer.arrivedAt) }
        send(.providerAnswered(answer), at: answer.arrivedAt)
    }

    /// What the plausibility screen dropped while one answer was read, gathered from the thread
    /// that reads it.
    private final class ScreenedNotes: Sendable {
        private let notes = Mutex<[(note: String, source: UVSource)]>([])

        func add(_ note: String, from source: UVSource) { notes.withLock { $0.append((note, source)) } }

        func taken() -> [(note: String, source: UVSource)] { notes.withLock { $0 } }
    }

    /// `uvctl refresh`: one immediate round, at most every 5 minutes and within the budget (the
    /// core decides), answered with what each provider came to once the round ends. Asked while
    /// such a round runs, it joins that round.
    ///
    /// A call cancelled meanwhile (its client gone, uvd stopping) ends at once: the round goes on
    /// without it, and a stop never waits for the providers to answer.
    func requestRefresh(now: Date) async throws(Refusal) -> [SourceOutcome] {
        let id = UUID()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: CheckedContinuation<Result<[SourceOutcome], Refusal>, Never>) in
                refreshWaiters.add(id, waiter)
                if case .refused(let refusal) = send(.refreshAsked, at: now) { refreshWaiters.resume(id, with: .failure(refusal)) }
            }
        } onCancel: {
            refreshWaiters.resume(id, with: .failure(Refusal(.refreshRefused, tr("the refresh was cancelled: uvd is stopping"))))
        }
        return try result.get()
    }

    /// The `uvctl refresh` calls waiting for their round, each resumed once: with the round's
    /// outcomes, its refusal, or its cancellation (from any thread: a cancellation handler runs
    /// outside the actor). A cancellation that comes before its call is added resumes it as it
    /// is added.
    final class RefreshWaiters: Sendable {
        typealias Waiter = CheckedContinuation<Result<[SourceOutcome], Refusal>, Never>
        private let state = Mutex<(waiting: [UUID: Waiter], ended: [UUID: Result<[SourceOutcome], Refusal>])>(([:], [:]))

        func add(_ id: UUID, _ waiter: Waiter) {
            let ended = state.withLock { state -> Result<[SourceOutcome], Refusal>? in
                if let ended = state.ended.removeValue(forKey: id) { return ended }
                state.waiting[id] = waiter
                return nil
            }
            if let ended { waiter.resume(returning: ended) }
        }

        func resume(_ id: UUID, with result: Result<[SourceOutcome], Refusal>) {
            let waiter = state.withLock { state -> Waiter? in
                guard let waiter = state.waiting.removeValue(forKey: id) else {
                    state.ended[id] = result
                    return nil
                }
                return waiter
            }
            waiter?.resume(returning: result)
        }

        func resumeAll(with result: Result<[SourceOutcome], Refusal>) {
            let waiters = state.withLock { state in
                defer { state.waiting = [:] }
                return state.waiting.values
            }
            for waiter in waiters { waiter.resume(returning: result) }
        }
    }
}
