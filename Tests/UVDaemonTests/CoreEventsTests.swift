import Foundation
import Logging
import Testing
import UVConfig
import UVCore
import UVEngine
import UVNotify
import UVPlatform
import UVProtocol
import UVProviderPolicy
import UVProviders
import UVStore

@testable import UVDaemon

/// The core alone: no actor, no bus, no store. A list of events goes in with their times, a list
/// of effects comes out, and nothing else happens: it starts from an empty store's start value,
/// and every provider is off, so the day's UV is the clear-sky model's.
@Suite("The core: events in, effects out")
struct CoreEventsTests {
    /// 10:00 on a clear January morning in Sydney: the model's UV is past every threshold.
    static let morning = ISO8601DateFormatter().date(from: "2026-01-15T10:00:00+11:00")!
    static let homeWifi = DefaultRoute(interface: "wlan0", networkID: "gateway aa:bb:cc:dd:ee:ff")
    static let phone = DefaultRoute(interface: "wwan0", networkID: nil)

    /// Sydney as the system's time zone gives it.
    static let sydneyByZone = Place(
        name: "Sydney", coordinate: InProcessCore.sydney.coordinate, zone: ZoneName("Australia/Sydney"), source: .timeZone)

    /// A core in Sydney with every provider off, started at `now`.
    static func started(
        at now: Date = morning, family: [FamilyMember] = [], manualPlace: Place? = InProcessCore.sydney, openMeteo: Bool = false
    ) throws -> (Core, [Effect]) {
        let configuration = """
            [providers.cams]
            enabled = false
            [providers.open-meteo]
            enabled = \(openMeteo)
            [providers.arpansa]
            enabled = false
            """
        var log = Logger(label: "core-test")
        log.logLevel = .critical
        let start = CoreStart(
            manualPlace: manualPlace, profile: Profile(skinType: .II), family: family, sunscreen: SunscreenOn(), stations: nil,
            providerState: ProviderState(),
            homeNetwork: nil, outsideNow: OutsideNow(), engine: nil, engineProblem: nil, recovery: nil, storePath: "uvd.sqlite")
        var core = Core(
            start: start, configFile: "config.toml", loaded: try ConfigLoader.parse(configuration, path: "config.toml"),
            configTrouble: nil,
            sources: CoreSources(jitter: { 0.5 }, log: log), systemPlace: sydneyByZone,
            now: now)
        let effects = core.handle(.start(pendingPresses: [], suspendedSoFar: 0), at: now)
        return (core, effects)
    }

    /// Whether the leave-home prompt waits in the outbox to be shown (no server answers these
    /// tests, so nothing posted leaves it).
    static func promptPosted(_ core: Core) -> Bool {
        core.outbox.waiting[.rule(.leaveHome)] != nil
    }

    static func saves(_ effects: [Effect]) -> [Save] {
        effects.compactMap { if case .save(let save) = $0 { save } else { nil } }
    }

    static func timers(_ effects: [Effect]) -> [Date] {
        effects.compactMap { if case .armTimer(let instant) = $0 { instant } else { nil } }
    }

    static func reply(_ effects: [Effect]) -> CoreReply? {
        effects.compactMap { if case .answer(let reply) = $0 { reply } else { nil } }.last
    }

    /// Starting: one write of the rules' state, a refresh round due at once, one timer.
    @Test func startingKeepsTheRulesAndArmsTheOneTimer() throws {
        let (_, effects) = try Self.started()
        #expect(Self.saves(effects).count == 1)
        #expect(Self.saves(effects).first?.changes.engine != nil)
        #expect(Self.timers(effects).count == 1)
        #expect(try #require(Self.timers(effects).first) <= Self.morning, "the first refresh round is due at once")
        #expect(Self.reply(effects) == nil)
    }

    /// Home Wi-Fi, then the phone's connection a minute later under a high UV. The timer's first
    /// firing starts the refresh round (the shell's to run). Returns the effects of the step that
    /// confirmed the leave, at the instant the core armed the timer for.
    static func leftHome(_ core: inout Core) throws -> (effects: [Effect], at: Date) {
        _ = core.handle(.timer(clockChanged: false, suspendedSoFar: 0), at: morning)
        _ = core.handle(.route(homeWifi, primary: nil), at: morning)
        #expect(!promptPosted(core))
        let left = core.handle(.route(phone, primary: nil), at: morning.addingTimeInterval(60))
        #expect(!promptPosted(core), "a leave is confirmed only once the connection has held")
        #expect(saves(left).first?.changes.outside.count == 1, "time outside opens with the phone's connection")
        let confirm = try #require(timers(left).last)
        return (core.handle(.timer(clockChanged: false, suspendedSoFar: 0), at: confirm), confirm)
    }

    /// The leave-home prompt is posted at the instant the core asked to be woken; what its step
    /// changed waits for its delivery to end, and while the server does not answer is kept alone
    /// 2 s later.
    @Test func leavingHomePostsThePromptAndKeepsItWithItsDelivery() throws {
        var (core, _) = try Self.started()
        let (confirmed, at) = try Self.leftHome(&core)
        #expect(Self.promptPosted(core))
        #expect(Self.saves(confirmed).isEmpty)
        #expect(Self.timers(confirmed) == [at.addingTimeInterval(Core.deliveryWait)])
        #expect(core.outside.network)
        let alone = core.handle(.timer(clockChanged: false, suspendedSoFar: 0), at: at.addingTimeInterval(Core.deliveryWait))
        #expect(Self.saves(alone).first?.changes.engine?.live.contains(.rule(.leaveHome)) == true)
    }

    /// With a family, the prompt names who burns first: a fair-skinned child before the user.
    @Test func theLeaveHomePromptNamesTheChildWhoBurnsFirst() throws {
        var (core, _) = try Self.started(family: [FamilyMember(name: "Mia", skinType: .I, born: BirthMonth(parsing: "2019-06"))])
        let (_, at) = try Self.leftHome(&core)
        let prompt = try #require(core.outbox.waiting[.rule(.leaveHome)])
        // The minutes are the party's burn times, the computation `uvctl status` shows.
        let first = try #require(
            FirstToBurn.of(core.engine.facts(now: at), you: .II, family: core.user.family, zone: InProcessCore.sydney.timeZone))
        #expect(first.name == "Mia")
        #expect(prompt.body == "Apply sunscreen before you leave — Mia burns in \(first.minutes) min.")
    }

    /// A command is kept before it is answered; the store's refusal takes all of it back (the
    /// shell puts back the core's value as it was before the command) and the answer becomes
    /// the refusal, with the timer armed again for the core as it was.
    @Test func aRefusedCommandIsTakenBack() throws {
        var (core, _) = try Self.started()
        let before = core
        let quiet = core.handle(.command(.quietFor(minutes: 60)), at: Self.morning)
        let keep = try #require(Self.saves(quiet).first)
        #expect(keep.onRefusal == .takeBack)
        guard case .answered(let info as QuietInfo) = Self.reply(quiet) else {
            Issue.record("expected quiet hours in the answer: \(quiet)")
            return
        }
        #expect(info.quietNow)
        #expect(core.engine.isQuiet(at: Self.morning))

        core = before
        let refused = core.handle(.saveRefused(keep, problem: "database is locked"), at: Self.morning)
        guard case .refused(let refusal) = Self.reply(refused) else {
            Issue.record("expected a refusal: \(refused)")
            return
        }
        #expect(refusal.reason == .storeFailed)
        #expect(refusal.message.contains("database is locked") && refusal.message.contains("nothing was changed"))
        #expect(Self.timers(refused).count == 1)
        #expect(!core.engine.isQuiet(at: Self.morning))
    }

    /// `uvctl home set` on a Wi-Fi whose gateway is not known yet is refused and changes
    /// nothing; the route read again as it came is a report of its own, and once it names the
    /// network the command marks it. (It used to take the route inside the command, settle it,
    /// then throw: a refused command that changed the rules.)
    @Test func aRefusedHomeSetChangesNothingAndTheRouteReadAgainIsItsOwnEvent() throws {
        var (core, _) = try Self.started()
        let unknown = DefaultRoute(interface: "wlan0", networkID: nil)
        _ = core.handle(.route(unknown, primary: nil), at: Self.morning)

        let refused = core.handle(.command(.markHome), at: Self.morning.addingTimeInterval(1))
        guard case .refused(let refusal) = Self.reply(refused) else {
            Issue.record("expected a refusal: \(refused)")
            return
        }
        #expect(refusal.reason == .networkUnknown)
        #expect(refused.count == 1, "nothing but the refusal: \(refused)")

        _ = core.handle(.routeReadAgain(Self.homeWifi), at: Self.morning.addingTimeInterval(2))
        let marked = core.handle(.command(.markHome), at: Self.morning.addingTimeInterval(2))
        guard case .answered(let said as String) = Self.reply(marked) else {
            Issue.record("expected home marked: \(marked)")
            return
        }
        #expect(said.contains("gateway aa:bb:cc:dd:ee:ff"))
        #expect(core.network.home == "gateway aa:bb:cc:dd:ee:ff")
        // Read again once the network is known, the route is not taken a second time.
        #expect(core.handle(.routeReadAgain(unknown), at: Self.morning.addingTimeInterval(3)).isEmpty)
    }

    /// The system's time zone changes: the core takes the place the shell read for it (the core
    /// reads no tz database of its own), and a place set by hand stays where it is.
    @Test func aNewSystemTimeZoneMovesOnlyThePlaceItGave() throws {
        let perth = Place(
            name: "Perth", coordinate: Coordinate(latitude: -31.95, longitude: 115.86), zone: ZoneName("Australia/Perth"),
            source: .timeZone)
        var (core, _) = try Self.started(manualPlace: nil)
        #expect(core.currentPlace == Self.sydneyByZone)
        let moved = core.handle(.systemTimeZone(perth), at: Self.morning)
        #expect(core.currentPlace == perth)
        #expect(Self.timers(moved).count == 1)

        var (manual, _) = try Self.started()
        let manualPlace = manual.currentPlace
        _ = manual.handle(.systemTimeZone(perth), at: Self.morning)
        #expect(manual.currentPlace == manualPlace)
        // Cleared, the place by hand gives way to the system's new one.
        _ = manual.handle(.command(.clearLocation), at: Self.morning)
        #expect(manual.currentPlace == perth)
    }

    /// A refused write of an event no one is answered for stays, and goes with the next write.
    @Test func aRefusedWriteWaitsForTheNextEvent() throws {
        var (core, effects) = try Self.started()
        let first = try #require(Self.saves(effects).first)
        #expect(core.handle(.saveRefused(first, problem: "disk full"), at: Self.morning).isEmpty)
        let next = core.handle(.route(Self.homeWifi, primary: nil), at: Self.morning.addingTimeInterval(1))
        let kept = try #require(Self.saves(next).first)
        #expect(kept.changes.engine != nil)
    }

    /// The timer starts the round due: its requests leave (the budget saved before them), and
    /// while they are out nothing else is due; the answer is an event that ends the round, which
    /// says the day's UV on systemd's status line and sets the next round by the provider.
    @Test func theTimerStartsTheRoundAndItsAnswerEndsIt() throws {
        var (core, _) = try Self.started(openMeteo: true)
        let fired = core.handle(.timer(clockChanged: false, suspendedSoFar: 0), at: Self.morning)
        let asked = fired.compactMap { if case .ask(let request) = $0 { request } else { nil } }
        #expect(asked.map(\.source) == [.openMeteo])
        #expect(Self.saves(fired).first?.changes.providerState != nil, "the budget is saved before the request leaves")
        #expect(Self.timers(fired).count == 1)
        let again = core.handle(.timer(clockChanged: false, suspendedSoFar: 0), at: Self.morning.addingTimeInterval(1))
        #expect(!again.contains { if case .ask = $0 { true } else { false } }, "the round runs: no other starts")

        let failed = FetchOutcome<UVForecast>.failed("no network", retryAfter: nil)
        let answered = core.handle(
            .providerAnswered(.forecast(.openMeteo, for: InProcessCore.sydney, failed, arrivedAt: Self.morning.addingTimeInterval(2))),
            at: Self.morning.addingTimeInterval(2))
        #expect(answered.contains { if case .serviceStatus(let line) = $0 { line.contains("Sydney") } else { false } })
        #expect(Self.timers(answered).count == 1)
        #expect(core.rounds[.scheduled] == nil)
        #expect(core.rounds.lastOutcomes[.openMeteo]?.outcome.result == .failed)
    }

    /// The core keeps the zone the edge gave a place and looks up none itself: a zone no file on
    /// this system names (a fixed +05:30, "GMT+0530") is the clock of every time it shows. A core
    /// that read the zone again by its name would find no file and show UTC's times.
    @Test func aPlaceKeepsTheZoneTheEdgeReadForIt() throws {
        var (core, _) = try Self.started()
        let zone = try #require(Zone(secondsFromGMT: 19_800))
        #expect(Zone(identifier: zone.identifier) == nil, "no zone file is named \(zone.identifier)")
        let place = Place(name: "Nowhere", coordinate: Coordinate(latitude: 12, longitude: 77), zone: ZoneName(of: zone), source: .manual)
        _ = core.handle(.command(.setLocation(place)), at: Self.morning)
        let forecast = try core.forecast(now: Self.morning, location: nil, date: nil)
        #expect(forecast.location.timeZone.value.name == "GMT+0530")
        #expect(!forecast.hours.isEmpty && forecast.hours.allSatisfy { $0.time.hasSuffix("+05:30") }, "\(forecast.hours.map(\.time))")
    }

    /// A forecast that comes after the place changed is kept for the place it was asked for, as
    /// the store keeps it: not followed in the new place, found again on moving back, and shown
    /// for that place by name; the core reads no store for it.
    @Test func aForecastIsKeptForThePlaceItWasAskedFor() throws {
        var (core, _) = try Self.started(openMeteo: true)
        _ = core.handle(.timer(clockChanged: false, suspendedSoFar: 0), at: Self.morning)
        let day = LocalDay.interval(containing: Self.morning, in: InProcessCore.sydney.timeZone)
        let forecast = UVForecast(
            source: .openMeteo, coordinate: InProcessCore.sydney.coordinate, utcOffsetSeconds: 39_600, current: nil,
            hourly: LocalDay.hours(of: day).map { HourlyUV(time: $0, uvi: 9) }, daily: [])
        _ = core.handle(
            .command(try UVD.SetLocation.command(PlaceParameters(place: "Melbourne"), now: Self.morning)),
            at: Self.morning.addingTimeInterval(1))
        #expect(core.currentPlace.name.hasPrefix("Melbourne"))
        let arrived = Self.morning.addingTimeInterval(2)
        let answered = core.handle(
            .providerAnswered(
                .forecast(.openMeteo, for: InProcessCore.sydney, .fetched(forecast, etag: nil, lastModified: nil), arrivedAt: arrived)),
            at: arrived)
        #expect(Self.saves(answered).first?.changes.forecasts.map(\.placeKey) == [InProcessCore.sydney.key])
        #expect(core.knowledge(now: arrived).forecast == nil, "Melbourne does not follow Sydney's forecast")
        #expect(core.knowledge(now: arrived, for: InProcessCore.sydney).forecast == forecast)
        _ = core.handle(
            .command(try UVD.SetLocation.command(PlaceParameters(place: "Sydney"), now: Self.morning)), at: arrived.addingTimeInterval(1))
        #expect(core.knowledge(now: arrived.addingTimeInterval(1)).forecast == forecast)
    }

    /// A round that comes due while one runs (a bar came, wanting measurements) does not start
    /// beside it, nor replace it: it follows at once when the running one ends.
    @Test func aRoundDueWhileOneRunsFollowsIt() throws {
        var (core, _) = try Self.started(openMeteo: true)
        _ = core.handle(.timer(clockChanged: false, suspendedSoFar: 0), at: Self.morning)
        let started = try #require(core.rounds[.scheduled]?.startedAt)
        _ = core.handle(.watcherJoined(UUID(), wantsMeasurements: true), at: Self.morning.addingTimeInterval(5))
        let due = core.handle(.timer(clockChanged: false, suspendedSoFar: 0), at: Self.morning.addingTimeInterval(5))
        #expect(!due.contains { if case .ask = $0 { true } else { false } })
        #expect(core.rounds[.scheduled]?.startedAt == started, "the running round is kept")

        let arrived = Self.morning.addingTimeInterval(8)
        let failed = FetchOutcome<UVForecast>.failed("no network", retryAfter: nil)
        let answered = core.handle(
            .providerAnswered(.forecast(.openMeteo, for: InProcessCore.sydney, failed, arrivedAt: arrived)), at: arrived)
        #expect(core.rounds[.scheduled] == nil)
        #expect(try #require(Self.timers(answered).last) <= arrived, "the round that came due follows at once")
    }

    /// A suspend seen through the event's own reading of the boot clock: the rules hear that the
    /// machine resumed, and the step runs although no deadline has come.
    @Test func aResumeIsHeardFromTheEventsClock() throws {
        var (core, _) = try Self.started()
        let steps = core.sources.counter[.engineSteps]
        _ = core.handle(.timer(clockChanged: false, suspendedSoFar: 3 * 3600), at: Self.morning.addingTimeInterval(3 * 3600))
        #expect(core.sources.counter[.engineSteps] == steps + 1)
    }

    /// A watcher gets the status at once, alone; a bar that shows measurements has the providers
    /// asked (the timer armed now).
    @Test func aWatcherGetsTheStatusAtOnce() throws {
        var (core, _) = try Self.started()
        let id = UUID()
        let joined = core.handle(.watcherJoined(id, wantsMeasurements: true), at: Self.morning)
        guard case .publish(let status, .newcomer(let newcomer)) = joined.first else {
            Issue.record("expected the status for the newcomer first: \(joined)")
            return
        }
        #expect(newcomer == id)
        #expect(status.location.name == "Sydney")
        #expect(try #require(Self.timers(joined).first) <= Self.morning)
    }

    /// The tray's "Applied" with the leave-home prompt waiting is that prompt's button: the
    /// prompt goes, and nothing is answered (the tray has no one to answer).
    @Test func theTraysAppliedAnswersTheWaitingPrompt() throws {
        var (core, _) = try Self.started()
        _ = core.handle(.trayWatched, at: Self.morning)
        let (_, at) = try Self.leftHome(&core)
        let clicked = core.handle(.tray(.applied), at: at.addingTimeInterval(60))
        #expect(Self.reply(clicked) == nil)
        #expect(core.user.sunscreen.newest?.appliedAt == at.addingTimeInterval(60))
        #expect(!core.engine.live.contains(.rule(.leaveHome)))
        #expect(clicked.contains { if case .presentTray(let situation) = $0 { situation.sunscreenOn } else { false } })
    }
}
