import FoundationEssentials
import Glibc
import UVCore

/// When to ask each provider: only for what can have changed and matters, within a daily budget.
///
/// - Forecasts (CAMS, Open-Meteo's forecast endpoint, OpenWeatherMap): when a new model run can be
///   out (`ModelSchedule`), and never more than `dailyForecastBudget` requests a local day for
///   them all, retries included. A place without a forecast is asked at once.
/// - ARPANSA: only in daylight and only near a station; every 5 minutes while a decision or a
///   `watch` client needs the measured value, otherwise every 30 minutes — and never faster than
///   the budget left for the day allows.
/// - Every provider: exponential backoff with full jitter after failures, `Retry-After` honoured.
/// - All providers together: at most `dailyBudget` requests per local day; `manualReserve` of
///   them are kept for `uvctl refresh`, which may run at most every 5 minutes.
public struct FetchPolicy: Sendable, Equatable {
    /// Forecast requests a local day, all forecast providers together, retries included.
    public var dailyForecastBudget = 8
    public var arpansaActiveInterval: TimeInterval = 300
    public var arpansaIdleInterval: TimeInterval = 1800
    public var dailyBudget = 30
    public var manualReserve = 2
    public var manualRefreshInterval: TimeInterval = 300
    public var backoffBase: TimeInterval = 60
    public var backoffCap: TimeInterval = 6 * 3600
    /// How long before sunrise the first forecast of the day is fetched.
    public var dawnLead: TimeInterval = 3600

    public init() {}

    /// The backoff after `failures` consecutive failures: a point (`jitter` in 0…1) in
    /// `0 … min(cap, base × 2^(failures−1))`, never less than the base.
    public func backoff(afterFailures failures: Int, jitter: Double) -> TimeInterval {
        guard failures > 0 else { return 0 }
        let ceiling = min(backoffCap, backoffBase * pow(2, Double(min(failures, 30) - 1)))
        return max(backoffBase, ceiling * min(1, max(0, jitter)))
    }
}

/// The facts about the day a fetch decision needs.
public struct FetchContext: Sendable {
    public var now: Date
    /// Today's local day key, `YYYY-MM-DD`.
    public var day: String
    /// When today's local day ends.
    public var endOfDay: Date
    /// Today's daylight for fetching: from an hour before sunrise to sunset. Nil in polar night.
    public var daylight: ClosedRange<Date>?
    /// Tomorrow's first fetch time (an hour before tomorrow's sunrise, or its start of day).
    public var tomorrowDawn: Date
    /// When a station's measurement can matter today: the clear-sky UV at 1 or more. Nil when it
    /// never is (winter at high latitudes).
    public var stationHours: ClosedRange<Date>?

    public init(
        now: Date, day: String, endOfDay: Date, daylight: ClosedRange<Date>?, tomorrowDawn: Date, stationHours: ClosedRange<Date>?
    ) {
        self.now = now
        self.day = day
        self.endOfDay = endOfDay
        self.daylight = daylight
        self.tomorrowDawn = tomorrowDawn
        self.stationHours = stationHours
    }
}

extension FetchPolicy {
    /// When a forecast following `schedule` should next be asked: at once without one for the
    /// place, when a run newer than the one held is out, else when the next run comes out; pushed
    /// past the backoff and, once the day's forecast requests are spent, to the next day.
    public func nextForecast(_ schedule: ModelSchedule, _ health: ProviderHealth, budget: RequestBudget, context: FetchContext) -> Date {
        var due = context.now
        if let last = health.lastSuccess, last >= schedule.latestOut(at: context.now) {
            due = schedule.nextOut(after: last)
        }
        if budget.forecastsUsed(on: context.day) >= dailyForecastBudget { due = max(due, context.endOfDay) }
        return gate(due, health: health, budget: budget, context: context)
    }

    /// When ARPANSA should next be asked, or nil when not at all today (no station near, no daylight).
    public func nextARPANSA(
        _ health: ProviderHealth, budget: RequestBudget, context: FetchContext, nearStation: Bool, measuredValueNeeded: Bool
    ) -> Date? {
        guard nearStation, let sunUp = context.stationHours else { return nil }
        if context.now > sunUp.upperBound { return nil }
        var interval = measuredValueNeeded ? arpansaActiveInterval : arpansaIdleInterval
        // Spread what the budget leaves after Open-Meteo's remaining hours and the manual reserve.
        let daylightLeft = sunUp.upperBound.timeIntervalSince(max(context.now, sunUp.lowerBound))
        let forecastsLeft = max(0, dailyForecastBudget - budget.forecastsUsed(on: context.day))
        let spare = dailyBudget - budget.used(on: context.day) - manualReserve - forecastsLeft
        guard spare > 0 else { return nil }
        interval = max(interval, daylightLeft / Double(spare))
        let due = max(sunUp.lowerBound, health.lastAttempt.map { $0.addingTimeInterval(interval) } ?? context.now)
        guard due <= sunUp.upperBound else { return nil }
        return gate(due, health: health, budget: budget, context: context)
    }

    /// Sunrise to sunset (the fetching daylight starts an hour before sunrise, for the day's
    /// forecast). Nil in polar night.
    public static func sunUp(daylight: ClosedRange<Date>?) -> ClosedRange<Date>? {
        guard let daylight else { return nil }
        let sunrise = daylight.lowerBound.addingTimeInterval(3600)
        return sunrise <= daylight.upperBound ? sunrise...daylight.upperBound : nil
    }

    /// Whether a user-forced refresh may go out now, or why not.
    public func manualRefresh(lastManual: Date?, budget: RequestBudget, context: FetchContext) -> ManualRefreshDecision {
        if let lastManual, context.now.timeIntervalSince(lastManual) < manualRefreshInterval {
            return .tooSoon(retryAt: lastManual.addingTimeInterval(manualRefreshInterval))
        }
        if budget.used(on: context.day) >= dailyBudget { return .budgetSpent(resetsAt: context.endOfDay) }
        return .allowed
    }

    /// Backoff and the automatic share of the budget: a due time is pushed past both.
    private func gate(_ due: Date, health: ProviderHealth, budget: RequestBudget, context: FetchContext) -> Date {
        var time = max(due, health.notBefore ?? due)
        if budget.used(on: context.day) >= dailyBudget - manualReserve {
            time = max(time, context.endOfDay)
        }
        return time
    }
}

/// The answer to `uvctl refresh`.
public enum ManualRefreshDecision: Sendable, Equatable {
    case allowed
    case tooSoon(retryAt: Date)
    case budgetSpent(resetsAt: Date)
}

extension FetchContext {
    /// The context at `now` for a place: its local day, and daylight from `dawnLead` before
    /// sunrise to sunset (the whole day in polar day, none in polar night).
    public init(now: Date, coordinate: Coordinate, timeZone: Zone, policy: FetchPolicy) {
        let today = LocalDay.interval(containing: now, in: timeZone)
        let tomorrow = LocalDay.interval(containing: today.end.addingTimeInterval(1), in: timeZone)
        func daylight(_ day: DateInterval) -> ClosedRange<Date>? {
            let sun = SunTimes(day: day, coordinate: coordinate)
            switch sun.polarState {
            case .polarDay: return day.start...day.end
            case .polarNight: return nil
            case nil:
                guard let rise = sun.sunrise, let set = sun.sunset else { return nil }
                return max(day.start, rise.addingTimeInterval(-policy.dawnLead))...set
            }
        }
        // UV 1 by the clear-sky curve, to 10 minutes: below it a measurement changes no advice.
        let steps = stride(from: today.start, through: today.end, by: 600)
        let uvOne = steps.filter { ClearSkyUV().uvIndex(at: $0, coordinate: coordinate) >= 1 }
        let stationHours = uvOne.first.flatMap { first in uvOne.last.map { first...$0 } }
        self.init(
            now: now, day: LocalDay.key(today.start, in: timeZone), endOfDay: today.end,
            daylight: daylight(today), tomorrowDawn: daylight(tomorrow)?.lowerBound ?? tomorrow.start, stationHours: stationHours)
    }
}
