import FoundationEssentials
import UVCore

/// What one UV source says about now and the day's peak, and the part uvd gives it
/// (`uvctl sources`, and `sources` in `uvctl status --json`).
public struct SourceInfo: Codable, Sendable, Equatable {
    /// cams, open-meteo, openweathermap, arpansa or model.
    public var source: Word<UVSource>
    /// The UV it gives for now; null where it says nothing about now.
    @Null public var now: Double?
    /// The highest UV it gives for the rest of today; null for a measurement, which does not look ahead.
    @Null public var peak: Double?
    /// When its data was fetched or measured; null for the model.
    @Null public var updatedAt: String?
    /// What uvd does with it: `now` (gives the value now and the next hours), `day` (gives the
    /// day's hours), `fallback` (gives the hours the first forecast lacks), `cross-check`,
    /// `reference` (the clear-sky model beside real data) or `unused`.
    public var role: SourceRole
    /// Why, in the daemon's language.
    public var why: String

    public init(source: UVSource, now: Double?, peak: Double?, updatedAt: String?, role: SourceRole, why: String) {
        self.source = Word(source)
        self.now = now
        self.peak = peak
        self.updatedAt = updatedAt
        self.role = role
        self.why = why
    }
}

/// What uvd does with a source's UV, as `uvctl sources` shows it. Written as its raw value on the
/// wire; a role a newer uvd names that this uvctl does not know reads as `unused`, which is how
/// uvctl then shows it ("not used"), rather than failing the whole answer.
public enum SourceRole: String, Codable, Sendable, Equatable, CaseIterable {
    /// Gives the value now and the next hours (a station's nowcast).
    case now
    /// Gives the day's hours: the forecast followed.
    case day
    /// Gives the hours the followed forecast lacks.
    case fallback
    /// Compared with the followed forecast.
    case crossCheck = "cross-check"
    /// The clear-sky model beside real data.
    case reference
    case unused

    public init(from decoder: any Decoder) throws {
        self = SourceRole(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .unused
    }
}
