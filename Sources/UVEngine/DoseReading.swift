import FoundationEssentials
import UVCore

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

    /// What the rules hear of `dose`, the day's so far at `now`: the share of a burn, whether the
    /// user is outside now, and, if so, when the next notice level would be reached staying out
    /// before `dayEnd` with the UV `uvi` and the sunscreen on now; nil without time outside (one
    /// that began this instant counts: its first level is then waited for). The daemon and
    /// `uvctl simulate` both read the day through here.
    public init?(
        _ dose: DayDose, outside: Bool, now: Date, dayEnd: Date, uvi: @escaping (Date) -> Double, sunscreenOn: SunscreenApplication?
    ) {
        guard !dose.intervals.isEmpty || outside else { return nil }
        let percent = dose.total.burnDosePercent
        // To the tenth of a percent: the rules need no finer, and the engine is told only of a change.
        let said = (percent * 10).rounded() / 10
        var nextAt: Date?
        // The next level is the first the rules do not count as reached, by the same tenth they
        // read: at 49.96 % they say the 50 % notice, so what is waited for is 80 %. (Waiting for
        // 50 % there gave a moment no later than now, which the one deadline drops, and 80 % was
        // then said only when another rule woke the engine, up to half an hour late.)
        if outside, let next = Self.noticeLevels.map(Double.init).first(where: { $0 > said }) {
            nextAt = Dose.time(
                toAdd: next - percent, from: now, skinType: dose.skinType, uvi: uvi,
                effectiveSPF: { sunscreenOn?.effectiveSPF(at: $0) ?? 1 }, within: dayEnd.timeIntervalSince(now))
        }
        self.init(burnDosePercent: said, outside: outside, nextLevelAt: nextAt)
    }
}

/// A day's burn dose as last said that day, kept into the next for the morning summary.
public struct PastDayDose: Sendable, Equatable, Codable {
    /// The local day.
    public var day: DayKey
    public var burnDosePercent: Double

    public init(day: DayKey, burnDosePercent: Double) {
        self.day = day
        self.burnDosePercent = burnDosePercent
    }
}
