import Foundation
import TestSupport
import Testing
import UVCore
import UVProviderPolicy
import UVProviders

@Suite("Fetch policy under a virtual clock")
struct FetchPolicyTests {
    static let sydney = Coordinate(latitude: -33.87, longitude: 151.21)
    static let zone = Zone(identifier: "Australia/Sydney")!
    static let policy = FetchPolicy()

    /// Simulated days from `day`, every `step` seconds: every time a provider is due it is asked;
    /// answers succeed or fail as `outcome` says. Returns the request times per provider.
    private func simulate(
        day: String, days: Int = 1, step: TimeInterval = 60, measuredValueNeeded: Bool = true, near: Bool = true,
        outcome: (UVSource, Int) -> (ok: Bool, retryAfter: TimeInterval?) = { _, _ in (true, nil) }
    ) -> [UVSource: [Date]] {
        let start = ProviderFixture.instant("\(day)T00:00:00+11:00")
        var budget = RequestBudget(day: day)
        var health: [UVSource: ProviderHealth] = [.cams: ProviderHealth(), .openMeteo: ProviderHealth(), .arpansa: ProviderHealth()]
        var requests: [UVSource: [Date]] = [:]
        var jitter = SystemRandomNumberGenerator()
        for tick in 0..<Int(Double(days) * 86_400 / step) {
            let now = start.addingTimeInterval(Double(tick) * step)
            let context = FetchContext(now: now, coordinate: Self.sydney, timeZone: Self.zone, policy: Self.policy)
            // Each one asked after the one before it is counted, as the daemon's round holds back
            // a forecast the ones already planned leave no request for.
            let due: [(UVSource, (RequestBudget) -> Date?)] = [
                (.cams, { Self.policy.nextForecast(.cams, health[.cams]!, budget: $0, context: context) }),
                (.openMeteo, { Self.policy.nextForecast(.forecastEndpoint, health[.openMeteo]!, budget: $0, context: context) }),
                (
                    .arpansa,
                    {
                        Self.policy.nextARPANSA(
                            health[.arpansa]!, budget: $0, context: context, nearStation: near, measuredValueNeeded: measuredValueNeeded)
                    }
                ),
            ]
            for (source, next) in due {
                guard let time = next(budget), time <= now else { continue }
                budget.record(on: context.day, forecast: source.isForecast)
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

    /// The requests of each local day, all providers and forecasts apart.
    private func perDay(_ requests: [UVSource: [Date]]) -> [String: (all: Int, forecasts: Int)] {
        var days: [String: (all: Int, forecasts: Int)] = [:]
        for (source, times) in requests {
            for time in times {
                let key = LocalDay.key(time, in: Self.zone)
                days[key, default: (0, 0)].all += 1
                if source.isForecast { days[key, default: (0, 0)].forecasts += 1 }
            }
        }
        return days
    }

    @Test(arguments: ["2026-01-15", "2026-06-21", "2026-10-04"])
    func withinBudgetOnAWatchedDay(day: String) {
        let requests = simulate(day: day)
        let total = requests.values.map(\.count).reduce(0, +)
        #expect(total <= Self.policy.dailyBudget - Self.policy.manualReserve)
        #expect((requests[.arpansa]?.count ?? 0) > 0)
        // The first of each at once, then each run as it comes out: 2 CAMS, 4 of the forecast endpoint.
        #expect(requests[.cams]?.count == 3)
        #expect(requests[.openMeteo]?.count == 5)
    }

    @Test func withinBudgetOverASimulatedYear() {
        let days = perDay(simulate(day: "2026-01-01", days: 365, step: 900))
        #expect(days.count >= 365)
        for (day, count) in days {
            #expect(count.forecasts <= Self.policy.dailyForecastBudget, "\(day)")
            #expect(count.all <= Self.policy.dailyBudget - Self.policy.manualReserve, "\(day)")
        }
    }

    @Test func withinBudgetWhileProvidersFail() {
        let requests = simulate(day: "2026-01-15", days: 3) { _, _ in (false, nil) }
        for (day, count) in perDay(requests) {
            #expect(count.forecasts <= Self.policy.dailyForecastBudget, "\(day)")
            #expect(count.all <= Self.policy.dailyBudget - Self.policy.manualReserve, "\(day)")
        }
        // Backoff spaces the failures out (the growth itself is `backoffGrowsAndIsCapped`).
        for times in requests.values {
            let gaps = zip(times, times.dropFirst()).map { $1.timeIntervalSince($0) }
            #expect(gaps.allSatisfy { $0 >= Self.policy.backoffBase })
        }
    }

    /// After an answer, a forecast is asked again only once its model's next run is out.
    @Test(arguments: [(UVSource.cams, ModelSchedule.cams), (.openMeteo, .forecastEndpoint)])
    func forecastsFollowTheRuns(source: UVSource, schedule: ModelSchedule) throws {
        let times = try #require(simulate(day: "2026-01-15", days: 2, near: false)[source])
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(later >= schedule.nextOut(after: earlier))
            #expect(later.timeIntervalSince(schedule.latestOut(at: later)) < 60)
        }
    }

    @Test func aRunComesOutOnItsSchedule() {
        let tenUTC = ProviderFixture.instant("2026-01-15T10:00:00Z")
        #expect(ModelSchedule.cams.latestOut(at: tenUTC) == tenUTC)
        #expect(ModelSchedule.cams.latestOut(at: tenUTC.addingTimeInterval(-1)) == tenUTC.addingTimeInterval(-12 * 3600))
        #expect(ModelSchedule.cams.nextOut(after: tenUTC) == tenUTC.addingTimeInterval(12 * 3600))
        #expect(ModelSchedule.forecastEndpoint.latestOut(at: tenUTC) == ProviderFixture.instant("2026-01-15T06:00:00Z"))
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
        // The second request fails asking for 9 hours: the run that comes out meanwhile waits.
        let requests = simulate(day: "2026-01-15", near: false) { _, count in count == 2 ? (false, 9 * 3600) : (true, nil) }
        let times = try #require(requests[.openMeteo])
        #expect(times[2].timeIntervalSince(times[1]) >= 9 * 3600)
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
        #expect(
            Self.policy.manualRefresh(lastManual: now.addingTimeInterval(-120), budget: budget, context: context)
                == .tooSoon(retryAt: now.addingTimeInterval(180)))
        #expect(
            Self.policy.manualRefresh(lastManual: nil, budget: RequestBudget(day: "2026-01-15", used: 30), context: context)
                == .budgetSpent(resetsAt: context.endOfDay))
        // A new day starts with a fresh count.
        #expect(
            Self.policy.manualRefresh(lastManual: nil, budget: RequestBudget(day: "2026-01-14", used: 30), context: context) == .allowed)
    }

    @Test func freshness() {
        let now = ProviderFixture.instant("2026-01-15T10:00:00Z")
        #expect(Freshness(updatedAt: now.addingTimeInterval(-89 * 60), now: now) == .fresh)
        #expect(Freshness(updatedAt: now.addingTimeInterval(-91 * 60), now: now) == .stale)
        #expect(Freshness(updatedAt: now.addingTimeInterval(-7 * 3600), now: now) == .expired)
    }
}

extension FetchPolicyTests {
    /// A station is asked only while the clear-sky UV is 1 or more: before, its measurement
    /// changes no advice. Forecasts are asked whatever the hour.
    @Test func noStationIsAskedWhileTheUVIsUnderOne() throws {
        let requests = simulate(day: "2026-01-15")
        let context = FetchContext(
            now: ProviderFixture.instant("2026-01-15T12:00:00+11:00"), coordinate: Self.sydney, timeZone: Self.zone, policy: Self.policy)
        let hours = try #require(context.stationHours)
        let sunUp = try #require(FetchPolicy.sunUp(daylight: context.daylight))
        #expect(hours.lowerBound > sunUp.lowerBound.addingTimeInterval(1800) && hours.upperBound < sunUp.upperBound)
        let stations = try #require(requests[.arpansa])
        #expect(stations.allSatisfy { hours.contains($0) })
        #expect(try #require(requests[.openMeteo]?.first) < hours.lowerBound)
        // A winter's day in Tromsø has no such hours, and no station request.
        let tromso = FetchContext(
            now: ProviderFixture.instant("2026-12-15T12:00:00+01:00"), coordinate: Coordinate(latitude: 69.65, longitude: 18.96),
            timeZone: Zone(identifier: "Europe/Oslo")!, policy: Self.policy)
        #expect(tromso.stationHours == nil)
    }
}
