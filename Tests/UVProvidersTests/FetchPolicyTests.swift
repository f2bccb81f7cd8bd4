import Foundation
import TestSupport
import Testing
import UVCore
import UVProviders
import UVProviderPolicy

@Suite("Fetch policy under a virtual clock")
struct FetchPolicyTests {
    static let sydney = Coordinate(latitude: -33.87, longitude: 151.21)
    static let zone = Zone(identifier: "Australia/Sydney")!
    static let policy = FetchPolicy()

    /// A simulated day, minute by minute: every time a provider is due it is asked; answers
    /// succeed or fail as `outcome` says. Returns the request times per provider.
    private func simulate(
        day: String, measuredValueNeeded: Bool = true, near: Bool = true,
        outcome: (UVSource, Int) -> (ok: Bool, retryAfter: TimeInterval?) = { _, _ in (true, nil) }
    ) -> [UVSource: [Date]] {
        let start = ProviderFixture.instant("\(day)T00:00:00+11:00")
        var budget = RequestBudget(day: day)
        var health: [UVSource: ProviderHealth] = [.openMeteo: ProviderHealth(), .arpansa: ProviderHealth()]
        var requests: [UVSource: [Date]] = [:]
        var jitter = SystemRandomNumberGenerator()
        for minute in 0..<(24 * 60) {
            let now = start.addingTimeInterval(Double(minute) * 60)
            let context = FetchContext(now: now, coordinate: Self.sydney, timeZone: Self.zone, policy: Self.policy)
            let due: [(UVSource, Date?)] = [
                (.openMeteo, Self.policy.nextOpenMeteo(health[.openMeteo]!, budget: budget, context: context)),
                (.arpansa, Self.policy.nextARPANSA(health[.arpansa]!, budget: budget, context: context, nearStation: near, measuredValueNeeded: measuredValueNeeded)),
            ]
            for (source, time) in due {
                guard let time, time <= now, context.day == day else { continue }
                budget.record(on: context.day)
                requests[source, default: []].append(now)
                let result = outcome(source, requests[source]!.count)
                if result.ok {
                    health[source]!.recordSuccess(at: now, etag: nil, lastModified: nil)
                } else {
                    health[source]!.recordFailure(
                        at: now, error: "HTTP 503", retryAfter: result.retryAfter,
                        jitter: Double.random(in: 0...1, using: &jitter), policy: Self.policy)
                }
            }
        }
        return requests
    }

    @Test(arguments: ["2026-01-15", "2026-06-21", "2026-10-04"])
    func withinBudgetOnAWatchedDay(day: String) {
        let requests = simulate(day: day)
        let total = requests.values.map(\.count).reduce(0, +)
        #expect(total <= Self.policy.dailyBudget - Self.policy.manualReserve)
        #expect((requests[.arpansa]?.count ?? 0) > 0)
        #expect((requests[.openMeteo]?.count ?? 0) >= 10)
    }

    @Test func withinBudgetWhileProvidersFail() {
        let requests = simulate(day: "2026-01-15") { _, _ in (false, nil) }
        let total = requests.values.map(\.count).reduce(0, +)
        #expect(total <= Self.policy.dailyBudget - Self.policy.manualReserve)
        // Backoff spaces the failures out (the growth itself is `backoffGrowsAndIsCapped`).
        for times in requests.values {
            let gaps = zip(times, times.dropFirst()).map { $1.timeIntervalSince($0) }
            #expect(gaps.allSatisfy { $0 >= Self.policy.backoffBase })
        }
    }

    @Test func openMeteoSleepsAtNight() throws {
        let requests = try #require(simulate(day: "2026-01-15", near: false)[.openMeteo])
        let sun = SunTimes(day: LocalDay.interval(year: 2026, month: 1, day: 15, in: Self.zone)!, coordinate: Self.sydney)
        let dawn = try #require(sun.sunrise).addingTimeInterval(-3600), dusk = try #require(sun.sunset)
        // The first request of a fresh start goes out at once; after that only from dawn to an
        // hour after dusk (the evening one, for tomorrow).
        let later = requests.dropFirst()
        #expect(later.allSatisfy { $0 >= dawn && $0 <= dusk.addingTimeInterval(3600) })
        #expect(later.filter { $0 > dusk }.count <= 1)
        let gaps = zip(later, later.dropFirst()).map { $1.timeIntervalSince($0) }
        #expect(gaps.allSatisfy { $0 >= 3600 })
        #expect(requests.count <= 18)
    }

    @Test func noARPANSAAwayFromStations() {
        #expect(simulate(day: "2026-01-15", near: false)[.arpansa] == nil)
    }

    @Test func idleARPANSAIsSlower() {
        let watched = simulate(day: "2026-01-15")[.arpansa]?.count ?? 0
        let idle = simulate(day: "2026-01-15", measuredValueNeeded: false)[.arpansa]?.count ?? 0
        #expect(idle <= watched)
        #expect(idle > 0)
    }

    @Test func retryAfterIsHonoured() throws {
        let requests = simulate(day: "2026-01-15", near: false) { _, count in count == 2 ? (false, 4 * 3600) : (true, nil) }
        let times = try #require(requests[.openMeteo])
        #expect(times[2].timeIntervalSince(times[1]) >= 4 * 3600)
    }

    @Test func backoffGrowsAndIsCapped() {
        let policy = FetchPolicy()
        #expect(policy.backoff(afterFailures: 0, jitter: 1) == 0)
        #expect(policy.backoff(afterFailures: 1, jitter: 1) == 60)
        #expect(policy.backoff(afterFailures: 4, jitter: 1) == 480)
        #expect(policy.backoff(afterFailures: 40, jitter: 1) == 6 * 3600)
        #expect(policy.backoff(afterFailures: 5, jitter: 0) == 60)
        #expect(policy.backoff(afterFailures: 5, jitter: 0.5) == 480)
    }

    @Test func manualRefresh() {
        let now = ProviderFixture.instant("2026-01-15T10:00:00+11:00")
        let context = FetchContext(now: now, coordinate: Self.sydney, timeZone: Self.zone, policy: Self.policy)
        let budget = RequestBudget(day: "2026-01-15", used: 10)
        #expect(Self.policy.manualRefresh(lastManual: nil, budget: budget, context: context) == .allowed)
        #expect(Self.policy.manualRefresh(lastManual: now.addingTimeInterval(-120), budget: budget, context: context)
            == .tooSoon(retryAt: now.addingTimeInterval(180)))
        #expect(Self.policy.manualRefresh(lastManual: nil, budget: RequestBudget(day: "2026-01-15", used: 30), context: context)
            == .budgetSpent(resetsAt: context.endOfDay))
        // A new day starts with a fresh count.
        #expect(Self.policy.manualRefresh(lastManual: nil, budget: RequestBudget(day: "2026-01-14", used: 30), context: context) == .allowed)
    }

    @Test func freshness() {
        let now = ProviderFixture.instant("2026-01-15T10:00:00Z")
        #expect(Freshness(updatedAt: now.addingTimeInterval(-89 * 60), now: now) == .fresh)
        #expect(Freshness(updatedAt: now.addingTimeInterval(-91 * 60), now: now) == .stale)
        #expect(Freshness(updatedAt: now.addingTimeInterval(-7 * 3600), now: now) == .expired)
    }
}

extension FetchPolicyTests {
    /// A station measures nothing before sunrise: it is not asked then, though Open-Meteo is.
    @Test func noStationIsAskedBeforeSunrise() throws {
        let requests = simulate(day: "2026-01-15")
        let context = FetchContext(now: ProviderFixture.instant("2026-01-15T12:00:00+11:00"), coordinate: Self.sydney, timeZone: Self.zone, policy: Self.policy)
        let sunUp = try #require(FetchPolicy.sunUp(context))
        let first = try #require(requests[.arpansa]?.first)
        #expect(first >= sunUp.lowerBound)
        #expect(try #require(requests[.openMeteo]?.first) < sunUp.lowerBound)
    }
}
