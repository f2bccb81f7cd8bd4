import Foundation

/// The day's burn dose as the shell computes it (`DayDose`, the same number `uvctl dose` shows):
/// the share of a burn so far with the sunscreen worn, whether the user is outside now, and when
/// the next notice level would be reached if they stay out (for the engine's one deadline).
public struct DoseReading: Sendable, Equatable, Codable {
    public var burnDosePercent: Double
    public var outside: Bool
    public var nextLevelAt: Date?

    public init(burnDosePercent: Double, outside: Bool, nextLevelAt: Date?) {
        self.burnDosePercent = burnDosePercent
        self.outside = outside
        self.nextLevelAt = nextLevelAt
    }

    /// The levels said while outside, once each a day.
    public static let noticeLevels = [50, 80]
}
