import Foundation

/// What one UV source says about now and the day's peak, and the part uvd gives it
/// (`uvctl sources`, and `sources` in `uvctl status --json`).
public struct SourceInfo: Codable, Sendable, Equatable {
    /// cams, open-meteo, openweathermap, arpansa or model.
    public var source: String
    /// The UV it gives for now; null where it says nothing about now.
    @Null public var now: Double?
    /// The highest UV it gives for the rest of today; null for a measurement, which does not look ahead.
    @Null public var peak: Double?
    /// When its data was fetched or measured; null for the model.
    @Null public var updatedAt: String?
    /// What uvd does with it: `now` (gives the value now and the next hours), `day` (gives the
    /// day's hours), `fallback` (gives the hours the first forecast lacks), `cross-check`,
    /// `reference` (the clear-sky model beside real data) or `unused`.
    public var role: String
    /// Why, in the daemon's language.
    public var why: String

    public init(source: String, now: Double?, peak: Double?, updatedAt: String?, role: String, why: String) {
        self.source = source
        self.now = now
        self.peak = peak
        self.updatedAt = updatedAt
        self.role = role
        self.why = why
    }
}
