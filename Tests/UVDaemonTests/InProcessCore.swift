import Foundation
import Logging
import Synchronization
import TestSupport
import Testing
import UVConfig
import UVCore
import UVEngine
import UVNotify
import UVPlatform
import UVProviders
import UVStore

@testable import UVDaemon

/// The daemon's core in the test's own process: a store in a temporary directory, a timer that
/// only records what it is set to, no network, and a notification server that keeps what it is
/// shown. Time is whatever the test passes: `advance(to:)` plays the timer on a virtual clock.
final class InProcessCore: Sendable {
    let core: CoreShell
    let store: Store
    let timer = RecordingTimer()
    let server = RecordingServer()
    let driver: NotificationDriver
    private let directory: URL
    /// Whether this one removes the directory at the end (not a second core over another's store).
    private let ownsDirectory: Bool

    static let sydney = Place(
        name: "Sydney", coordinate: Coordinate(latitude: -33.9, longitude: 151.2), zone: ZoneName("Australia/Sydney"), source: .manual)

    /// `place`: where the user is (the place of the system's zone);
    /// `answersArriveAt`: the time a provider's answer arrives (the wall clock unless given);
    /// `clocks`: the core's clocks and draw, all given (then `answersArriveAt` is not used);
    /// `config`: the configuration file's text;
    /// `onScreen`: the ids of notifications a previous uvd left on the recording server's screen.
    init(
        httpClient: any HTTPClient = NoNetwork(), answersArriveAt: (@Sendable () -> Date)? = nil, clocks: CoreClocks? = nil,
        directory shared: URL? = nil, place: Place = sydney, watchdog: Duration? = nil, pingWatchdog: @escaping @Sendable () -> Void = {},
        config: String = "", onScreen: [Subject: UInt32] = [:]
    ) throws {
        directory = shared ?? FileManager.default.temporaryDirectory.appendingPathComponent("uvd-core-\(UUID().uuidString)")
        ownsDirectory = shared == nil
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try Store(path: directory.appendingPathComponent("uvd.sqlite"))
        if !onScreen.isEmpty {
            try store.save(StoreChanges(notificationIDs: NotificationIDs(ids: onScreen, owner: RecordingServer.firstOwner)))
        }
        var log = Logger(label: "uvd-test")
        // The test's output is the tests', not the core's journal.
        log.logLevel = .critical
        driver = NotificationDriver(server: server)
        core = try CoreShell(
            store: store, driver: driver, configFile: directory.appendingPathComponent("config.toml"),
            lastGoodConfig: directory.appendingPathComponent("last-good.toml"), loaded: try ConfigLoader.parse(config, path: "config.toml"),
            httpClient: httpClient, timer: timer, systemPlace: place, log: log, now: Date(),
            clocks: clocks ?? CoreClocks(wall: answersArriveAt ?? { Date() }), watchdog: watchdog, pingWatchdog: pingWatchdog)
    }

    /// Starts the engine at `now` (`CoreShell.startEngine`).
    func startEngine(now: Date) async {
        await core.startEngine(now: now)
    }

    /// Plays the user pressing button `action` on `subject`'s notification, as the server says it.
    func press(_ action: AlertAction, on subject: Subject, at now: Date) async throws {
        let id = try #require(await core.state.outbox.ids[subject], "no \(subject) on the screen to press")
        await core.send(.notificationServer(.action(id: id, key: action.key)), at: now)
    }

    /// Whether the outbox's delivery under way ends (every call answered) within the usual time:
    /// after it, nothing more reaches the server until another event.
    func deliveryEnds() async -> Bool {
        await eventually { await !core.state.outbox.isDelivering }
    }

    /// Makes the outbox's calls on the recording server and hands its answers and news to the
    /// core, stamped with the core's wall clock (`CoreClocks.wall`), until the task is cancelled.
    func deliver() -> Task<Void, Never> {
        // Weak: the task must not keep the core (and the store's files) past the test.
        weak let core = core
        return Task { [driver] in await driver.run { event in await core?.send(event) } }
    }

    /// uvd 0.4's pop-ups, for the tests of how what the rules say is delivered, held and kept:
    /// the UV levels and the reapply countdown pop up wherever the person is (by default they
    /// stay in the glance while in: `AttentionDayTests`).
    static let popUpsWhereverYouAre = "[alerts]\nindoors = \"pop-up\"\n[reapply]\ncountdown = true\nindoors = \"pop-up\"\n"

    /// A second core over `other`'s store, as uvd started again on the same files.
    convenience init(sharing other: InProcessCore) throws {
        try self.init(directory: other.directory)
    }

    /// The store's database file.
    var storeFile: URL { directory.appendingPathComponent("uvd.sqlite") }
    /// The configuration file the core reloads.
    var configFile: URL { directory.appendingPathComponent("config.toml") }

    deinit { if ownsDirectory { try? FileManager.default.removeItem(at: directory) } }

    /// Fires the timer at each instant it is set to from `start` up to `end`, as the daemon's loop
    /// would (an instant already past fires at once, at the clock's time).
    func advance(from start: Date, to end: Date) async {
        var clock = start
        while let next = timer.armed, next <= end {
            clock = max(clock, next)
            await core.timerFired(clockChanged: false, now: clock)
        }
    }
}

/// A timer that keeps every instant it was set to.
final class RecordingTimer: DeadlineTimer {
    private let instants = Mutex<[Date]>([])
    func arm(at instant: Date) throws(TimerRefusal) { instants.withLock { $0.append(instant) } }
    /// The instant it is set to now.
    var armed: Date? { instants.withLock { $0.last } }
}

/// Every request fails at once, as without a network.
struct NoNetwork: HTTPClient {
    func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        throw .transport("no network in this test")
    }
}

/// A notification server that shows everything and keeps it; `leave()` and `arrive()` play a
/// server that is not running and then starts (the bus stays: the name has no owner).
final class RecordingServer: NotificationServer {
    private let shown = Mutex<[DesktopNotification]>([])
    /// The bus name of the server that runs from the start.
    static let firstOwner = ":1.1"
    private let owning = Mutex<String?>(firstOwner)
    private let ownerUnknown = Mutex(false)
    private let tries = Mutex(0)
    private let busless = Mutex(false)
    private let quiet = Mutex(false)
    private let refusals = Mutex(0)
    let events: AsyncStream<NotificationEvent>
    private let continuation: AsyncStream<NotificationEvent>.Continuation

    init() { (events, continuation) = AsyncStream.makeStream(of: NotificationEvent.self) }

    var notifications: [DesktopNotification] { shown.withLock { $0 } }
    /// Calls that reached for the server: shows, closes and info.
    var attempts: Int { tries.withLock { $0 } }

    func leave() {
        owning.withLock { $0 = nil }
        continuation.yield(.serverChanged(owner: nil))
    }

    /// Plays the user dismissing notification `id`.
    func dismiss(id: UInt32) { continuation.yield(.closed(id: id, reason: .dismissed)) }

    /// Plays a server that stops as dunst or Plasma may: it closes everything it shows (with the
    /// reason the user's dismissal gives), then its name's owner leaves.
    func stopClosingEverything() {
        for id in 1...UInt32(max(1, notifications.count)) { continuation.yield(.closed(id: id, reason: .dismissed)) }
        leave()
    }

    func arrive(as owner: String) {
        owning.withLock { $0 = owner }
        continuation.yield(.serverChanged(owner: owner))
    }

    /// Plays a session without a bus, then one whose bus starts (announced, as the runtime
    /// directory's watch does).
    func loseBus() { busless.withLock { $0 = true } }

    func startBus() {
        busless.withLock { $0 = false }
        continuation.yield(.sessionBusAppeared)
    }

    func announcesSessionBus() async -> Bool { true }

    /// Plays a server that owns its name but fails the next `count` calls (a server too busy
    /// to answer in time).
    func refuse(next count: Int) { refusals.withLock { $0 = count } }

    private func reach() throws(NotificationFailure) {
        tries.withLock { $0 += 1 }
        if busless.withLock({ $0 }) { throw .noSessionBus }
        if owning.withLock({ $0 }) == nil { throw .server("org.freedesktop.Notifications was not provided by any .service files") }
        let refused = refusals.withLock { left in
            defer { left = max(0, left - 1) }
            return left > 0
        }
        if refused { throw .server("Did not receive a reply") }
    }

    func show(_ notification: DesktopNotification, replacing: UInt32?) async throws(NotificationFailure) -> UInt32 {
        try reach()
        let id = shown.withLock { list in
            list.append(notification)
            return UInt32(list.count)
        }
        return id
    }

    /// Turns the server's do-not-disturb on or off without a signal (yet), as LXQt's comes late
    /// from a file watch.
    func setDoNotDisturb(_ on: Bool) { quiet.withLock { $0 = on } }

    func close(id: UInt32) async throws(NotificationFailure) { try reach() }

    func info() async -> Result<NotificationServerInfo, NotificationFailure> {
        do { try reach() } catch { return .failure(error) }
        return .success(NotificationServerInfo(name: "recording", vendor: "uvd tests", version: "1", capabilities: ["actions", "body"]))
    }

    func doNotDisturb() async -> DoNotDisturb? {
        DoNotDisturb(isOn: quiet.withLock { $0 }, source: "the recording server", turningOff: "ask the test")
    }

    func owner() async -> Result<String?, NotificationFailure> {
        ownerUnknown.withLock { $0 } ? .failure(.server("Timeout was reached")) : .success(owning.withLock { $0 })
    }

    /// Plays a bus too busy to say who owns the name in time (the owner question times out),
    /// or one that answers again.
    func ownerQuestionTimesOut(_ timesOut: Bool) { ownerUnknown.withLock { $0 = timesOut } }
}
