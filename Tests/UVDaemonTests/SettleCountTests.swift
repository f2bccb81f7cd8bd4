import Foundation
import TestSupport
import Testing
import UVConfig
import UVCore
import UVEngine
import UVNotify
import UVProtocol
import UVProviderPolicy
import UVProviders
import UVStore

@testable import UVDaemon

/// Each event goes through the core once: one engine step, one store transaction, one day
/// blended and one status for its watchers. Counted for the two events that used to cost most: a
/// pressed "Applied" (two engine steps, four transactions) and a forecast arriving (three
/// transactions, the status computed up to three times with a watcher attached).
@Suite("One event, one settling")
struct SettleCountTests {
    /// 10:00 in Sydney, the in-process core's place.
    static let now = ISO8601DateFormatter().date(from: "2026-01-15T10:00:00+11:00")!
    /// When a provider's answer to a request made at `now` arrives.
    static let arrival = now.addingTimeInterval(35)

    private struct Tally: Equatable {
        var engineSteps = 0, transactions = 0, blendedDays = 0, statuses = 0, timerArms = 0
    }

    private func tally(_ shell: InProcessCore) async -> Tally {
        let counts = shell.core.counter
        return Tally(
            engineSteps: counts[.engineSteps], transactions: shell.store.transactionCount, blendedDays: counts[.blendedDays],
            statuses: counts[.statuses], timerArms: counts[.timerArms])
    }

    private func since(_ before: Tally, _ after: Tally) -> Tally {
        Tally(
            engineSteps: after.engineSteps - before.engineSteps, transactions: after.transactions - before.transactions,
            blendedDays: after.blendedDays - before.blendedDays, statuses: after.statuses - before.statuses,
            timerArms: after.timerArms - before.timerArms)
    }

    @Test func aPressedAppliedIsOneStepOneWriteOneStatus() async throws {
        let shell = try InProcessCore(onScreen: [.rule(.leaveHome): 1])
        await shell.startEngine(now: Self.now)
        let watching = await shell.core.subscribe(now: Self.now)
        defer { _ = watching }
        let before = await tally(shell)

        try await shell.press(.applied, on: .rule(.leaveHome), at: Self.now)

        #expect(since(before, await tally(shell)) == Tally(engineSteps: 1, transactions: 1, blendedDays: 1, statuses: 1, timerArms: 1))
        // All of it was kept in that one transaction: the press, the sunscreen and the rules' state.
        #expect(await shell.core.state.user.sunscreen.newest?.appliedAt == Self.now)
        #expect(try shell.store.sunscreenOn().newest?.appliedAt == Self.now)
        #expect(try shell.store.engineState()?.sunscreen.newest?.appliedAt == Self.now)
        #expect(try shell.store.history(limit: 5).contains { $0.kind == .pressed && $0.key == "applied" })
    }

    /// Every command the user gives is one event, kept in one transaction with the rules' state
    /// (home, places and the sunscreen on record were written on their own before it settled).
    @Test func eachCommandIsOneTransaction() async throws {
        let shell = try InProcessCore()
        let core = shell.core
        await shell.startEngine(now: Self.now)
        let steps: [(String, () async throws -> Void)] = [
            (
                "sunscreen apply",
                { try await core.run(.applySunscreen(spf: .spf30, quantity: nil, activity: nil, at: Self.now, for: nil), now: Self.now) }
            ),
            ("sunscreen water", { try await core.run(.recordWater, now: Self.now.addingTimeInterval(600)) }),
            ("sunscreen remove", { try await core.run(.removeSunscreen, now: Self.now.addingTimeInterval(1200)) }),
            (
                "location add",
                {
                    try await core.run(
                        try UVD.AddLocation.command(AddLocationParameters(name: "Work", place: "Parramatta"), now: Self.now), now: Self.now)
                }
            ),
            ("location remove", { try await core.run(.removeLocation(name: "WORK"), now: Self.now) }),
            (
                "location set",
                { try await core.run(try UVD.SetLocation.command(PlaceParameters(place: "Melbourne"), now: Self.now), now: Self.now) }
            ),
            ("location clear", { try await core.run(.clearLocation, now: Self.now) }),
            ("home clear", { try await core.run(.clearHome, now: Self.now) }),
        ]
        for (command, run) in steps {
            let before = shell.store.transactionCount
            try await run()
            #expect(shell.store.transactionCount - before == 1, "\(command)")
        }
        // What each kept is in the store.
        #expect(try shell.store.sunscreenOn().isEmpty)
        let worn = try shell.store.sunscreenWorn(within: DateInterval(start: Self.now, duration: 3600))
        #expect(worn.first?.application.waterEventAt == Self.now.addingTimeInterval(600))
        #expect(worn.first?.removedAt == Self.now.addingTimeInterval(1200))
        #expect(try shell.store.savedPlaces().isEmpty)
        #expect(try shell.store.manualPlace() == nil)
        await #expect(throws: Refusal.self) { try await core.run(.removeLocation(name: "Work"), now: Self.now) }
        await #expect(throws: Refusal.self) { try await core.run(.removeSunscreen, now: Self.now) }
    }

    @Test func aForecastArrivingIsOneStepOneWriteOneStatus() async throws {
        let http = GatedHTTP(response: HTTPResponse(status: 200, body: Self.sydneyForecast()))
        // The answer arrives 35 s after the round began: it is settled at that time.
        let shell = try InProcessCore(httpClient: http, answersArriveAt: { Self.arrival }, config: Self.openMeteoAlone)
        await shell.startEngine(now: Self.now)
        let watching = await shell.core.subscribe(now: Self.now)
        defer { _ = watching }
        let asking = Task { await shell.core.sendRequests() }
        defer { asking.cancel() }

        // The timer starts the round: the request is out (and counted in the budget, kept before it
        // went), and the answer is the event.
        await shell.core.timerFired(clockChanged: false, now: Self.now)
        await http.requestArrived()
        let before = await tally(shell)
        http.answer()
        #expect(await eventually { await shell.core.state.rounds.lastOutcomes[.openMeteo]?.outcome.result == .fresh })

        // Its step shows an alert, so what it changed waits for that delivery to end, to be kept
        // with it; no server answers here, so it never ends, and once `deliveryWait`
        // has passed the one timer keeps it alone.
        #expect(since(before, await tally(shell)) == Tally(engineSteps: 1, transactions: 0, blendedDays: 1, statuses: 1, timerArms: 1))
        #expect(await !shell.core.state.engine.samples.isEmpty)
        #expect(try shell.store.forecast(for: InProcessCore.sydney.key) == nil)
        _ = await shell.core.timerFired(clockChanged: false, now: Self.arrival.addingTimeInterval(Core.deliveryWait - 0.5))
        #expect(try shell.store.forecast(for: InProcessCore.sydney.key) == nil)
        _ = await shell.core.timerFired(clockChanged: false, now: Self.arrival.addingTimeInterval(Core.deliveryWait))
        #expect(try shell.store.forecast(for: InProcessCore.sydney.key)?.fetchedAt == Self.arrival)
        #expect(try shell.store.providerState()[.openMeteo].lastSuccess == Self.arrival)
        #expect(try shell.store.engineState()?.samples.isEmpty == false)
    }

    /// A forecast whose UV is already past the alert levels: the answer settles once, the outbox
    /// shows the alert, and the core keeps the answer and what the delivery did in one
    /// transaction as its last answer comes (what the server was sent and the id it gave come only
    /// once it has answered). The request's budget as it leaves, then the answer with its
    /// delivery: two, where the outbox used to write the history and then the ids twice more
    /// (five). The timer is armed three times: the timer that starts the round, the answer, and
    /// the delivery's end (the server's other answers change no deadline).
    @Test func aForecastThatShowsANotificationIsOneStepAndOneDelivery() async throws {
        let http = GatedHTTP(response: HTTPResponse(status: 200, body: Self.sydneyForecast()))
        // The answer arrives 35 s after the round began: it is settled at that time.
        let shell = try InProcessCore(httpClient: http, answersArriveAt: { Self.arrival }, config: Self.openMeteoAlone)
        let delivering = shell.deliver()
        defer { delivering.cancel() }
        let asking = Task { await shell.core.sendRequests() }
        defer { asking.cancel() }
        await shell.startEngine(now: Self.now)
        let before = await tally(shell)
        await shell.core.timerFired(clockChanged: false, now: Self.now)
        await http.requestArrived()
        http.answer()
        #expect(await eventually { await shell.core.state.rounds.lastOutcomes[.openMeteo]?.outcome.result == .fresh })
        #expect(await eventually { shell.core.counter[.deliveries] > 0 })
        #expect(await shell.deliveryEnds())

        let deliveries = shell.core.counter[.deliveries]
        #expect(deliveries == 1)
        #expect(!shell.server.notifications.isEmpty)
        #expect(shell.server.notifications.allSatisfy { $0.image != nil }, "the day's wheel goes with each")
        #expect(since(before, await tally(shell)) == Tally(engineSteps: 1, transactions: 2, blendedDays: 1, statuses: 0, timerArms: 3))
        let history = try shell.store.history(limit: 10)
        #expect(history.contains { $0.kind == .notified && $0.subject == .uvLevel(.veryHigh) && $0.time == Self.arrival })
        #expect(try shell.store.notificationIDs().ids[.uvLevel(.veryHigh)] != nil)
        #expect(try shell.store.engineState()?.samples.isEmpty == false)
    }

    /// What waits for a delivery is kept as uvd stops, whether the delivery ended or not.
    @Test func whatWaitsForADeliveryIsKeptAtStop() async throws {
        let shell = try await Self.forecastWaitingForItsDelivery()
        await shell.core.stop(now: Self.arrival)
        #expect(try shell.store.forecast(for: InProcessCore.sydney.key)?.fetchedAt == Self.arrival)
    }

    /// A core whose Sydney forecast arrived at `arrival` and showed an alert: what the answer
    /// changed waits, not yet kept, for that delivery to end, which it never does (no server
    /// answers here).
    static func forecastWaitingForItsDelivery() async throws -> InProcessCore {
        let http = GatedHTTP(response: HTTPResponse(status: 200, body: sydneyForecast()))
        let shell = try InProcessCore(httpClient: http, answersArriveAt: { arrival }, config: openMeteoAlone)
        await shell.startEngine(now: now)
        let asking = Task { await shell.core.sendRequests() }
        defer { asking.cancel() }
        await shell.core.timerFired(clockChanged: false, now: now)
        await http.requestArrived()
        http.answer()
        #expect(await eventually { await shell.core.state.rounds.lastOutcomes[.openMeteo]?.outcome.result == .fresh })
        #expect(try shell.store.forecast(for: InProcessCore.sydney.key) == nil)
        return shell
    }

    /// The pop-ups wherever the person is, with Open-Meteo the one provider: a round asks it alone.
    static let openMeteoAlone =
        InProcessCore.popUpsWhereverYouAre + "[providers.cams]\nenabled = false\n[providers.arpansa]\nenabled = false\n"

    /// An Open-Meteo answer for Sydney on 15 January 2026: a clear summer day.
    static func sydneyForecast() -> Data {
        let hours = (0..<48).map {
            String(format: "\"2026-01-%02d T%02d:00\"", 15 + $0 / 24, $0 % 24).replacingOccurrences(of: " ", with: "")
        }
        let uv = (0..<48).map { hour -> String in
            let fromNoon = Double(hour % 24) - 13
            return String(format: "%.1f", max(0, 11 * (1 - fromNoon * fromNoon / 49)))
        }
        let json = """
            {"latitude":-33.9,"longitude":151.2,"utc_offset_seconds":39600,"timezone":"Australia/Sydney",
             "hourly":{"time":[\(hours.joined(separator: ","))],"uv_index":[\(uv.joined(separator: ","))]}}
            """
        return Data(json.utf8)
    }
}

/// Answers every request with `response`, but only once `answer()` is called, and says when a
/// request has arrived: the test can count what happens at the answer alone.
final class GatedHTTP: HTTPClient {
    private let response: HTTPResponse
    private let arrivals: AsyncStream<Void>
    private let arrived: AsyncStream<Void>.Continuation
    private let answers: AsyncStream<Void>
    private let answering: AsyncStream<Void>.Continuation

    init(response: HTTPResponse) {
        self.response = response
        (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
        (answers, answering) = AsyncStream.makeStream(of: Void.self)
    }

    func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        arrived.yield()
        for await _ in answers { break }
        return response
    }

    func requestArrived() async {
        for await _ in arrivals { break }
    }

    func answer() { answering.yield() }
}
