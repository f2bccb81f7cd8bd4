import FoundationEssentials

/// What uvd remembers about one provider between requests (persisted in the store).
public struct ProviderHealth: Sendable, Equatable, Codable {
    public var lastAttempt: Date?
    public var lastSuccess: Date?
    /// Failures since the last success; drives the backoff.
    public var consecutiveFailures = 0
    /// The earliest next request the provider asked for (`Retry-After`), or the backoff's.
    public var notBefore: Date?
    /// The provider's own `Retry-After`, which binds even a refresh the user forces.
    public var retryAfterUntil: Date?
    /// Validators for conditional requests.
    public var etag: String?
    public var lastModified: String?
    public var lastError: String?

    public init() {}

    public mutating func recordSuccess(at now: Date, etag: String?, lastModified: String?) {
        lastAttempt = now
        lastSuccess = now
        consecutiveFailures = 0
        notBefore = nil
        retryAfterUntil = nil
        lastError = nil
        if let etag { self.etag = etag }
        if let lastModified { self.lastModified = lastModified }
    }

    /// `jitter` in 0…1 picks the point within the backoff span (full jitter).
    public mutating func recordFailure(at now: Date, error: String, retryAfter: TimeInterval?, jitter: Double, policy: FetchPolicy) {
        lastAttempt = now
        consecutiveFailures += 1
        lastError = error
        let backoff = policy.backoff(afterFailures: consecutiveFailures, jitter: jitter)
        notBefore = now.addingTimeInterval(max(backoff, retryAfter ?? 0))
        retryAfterUntil = retryAfter.map(now.addingTimeInterval)
    }
}

/// The day's provider requests for one location, all providers together.
public struct RequestBudget: Sendable, Equatable, Codable {
    /// The local calendar day counted, `YYYY-MM-DD`.
    public var day: String
    public var used: Int
    /// Of them, forecast requests; nil in a budget kept before they were counted apart.
    public var forecasts: Int?

    public init(day: String, used: Int = 0, forecasts: Int = 0) {
        self.day = day
        self.used = used
        self.forecasts = forecasts
    }

    /// Requests used on `day` (0 once the day has changed).
    public func used(on day: String) -> Int { day == self.day ? used : 0 }

    /// Forecast requests used on `day`.
    public func forecastsUsed(on day: String) -> Int { day == self.day ? forecasts ?? 0 : 0 }

    /// One more request on `day`; `forecast` says whether it asks for a forecast.
    public mutating func record(on day: String, forecast: Bool = false) {
        if day != self.day {
            self.day = day
            used = 0
            forecasts = 0
        }
        used += 1
        if forecast { forecasts = (forecasts ?? 0) + 1 }
    }
}
