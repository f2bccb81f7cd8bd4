import FoundationEssentials
import UVCore

/// The day's burn dose as the shell computes it (`DayDose`, the same number `uvctl dose` shows):
/// the share of a burn so far with the sunscreen worn, whether the user is outside now, and when
/// the next notice level would be reached if they stay out (for the engine's one deadline).
public struct DoseReading: Sendable, Equatable, Codable {
    /// The share of a burn of the one out who is nearest one: the user alone, or with the family,
    /// the member whose share is the largest (`firstToReach`).
    public var burnDosePercent: Double
    public var outside: Bool
    public var nextLevelAt: Date?
    /// The family member whose share it is; nil for the user (and in readings kept before
    /// families).
    public var firstToReach: String?

    public init(burnDosePercent: Double, outside: Bool, nextLevelAt: Date?, firstToReach: String? = nil) {
        self.burnDosePercent = burnDosePercent
        self.outside = outside
        self.nextLevelAt = nextLevelAt
        self.firstToReach = firstToReach
    }

    /// The levels said while outside, once each a day.
    public static let noticeLevels = [50, 80]

    /// What the rules hear of `dose`, the party's so far at `now` (the user alone, or with the
    /// family out): the share of a burn of whoever's is the largest (`PartyDose.first`), whether
    /// the user is outside now, and, if so, when their next notice level would be reached
    /// staying out before `dayEnd` with the UV `uvi` and the sunscreen they have on now (`on`);
    /// nil without time outside (one that began this instant counts: its first level is then
    /// waited for). The daemon and `uvctl simulate` both read the day through here.
    public init?(
        _ dose: PartyDose, outside: Bool, now: Date, dayEnd: Date, uvi: @escaping (Date) -> Double, sunscreen on: SunscreenOn
    ) {
        guard !dose.user.intervals.isEmpty || outside else { return nil }
        let first = dose.first
        let wearing = first.member.map { on.worn(by: $0) } ?? on.user
        let percent = first.dose.total.burnDosePercent
        // To the tenth of a percent: the rules need no finer, and the engine is told only of a change.
        let said = (percent * 10).rounded() / 10
        var nextAt: Date?
        // The next level is the first the rules do not count as reached, by the same tenth they
        // read: at 49.96 % they say the 50 % notice, so what is waited for is 80 %. (Waiting for
        // 50 % there gave a moment no later than now, which the one deadline drops, and 80 % was
        // then said only when another rule woke the engine, up to half an hour late.)
        if outside, let next = Self.noticeLevels.map(Double.init).first(where: { $0 > said }) {
            nextAt = Dose.time(
                toAdd: next - percent, from: now, skinType: first.dose.skinType, uvi: uvi,
                effectiveSPF: { wearing?.effectiveSPF(at: $0) ?? 1 }, within: dayEnd.timeIntervalSince(now))
        }
        self.init(burnDosePercent: said, outside: outside, nextLevelAt: nextAt, firstToReach: first.member?.name)
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
