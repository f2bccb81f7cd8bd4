import FoundationEssentials

/// The years uvd computes the Sun for: 1800 to 2100, where NOAA's solar algorithm holds to about
/// 0.01° (`SolarPosition`). A day or instant outside them is refused, not answered: the model
/// drifts there, and before 1582 a date would be printed on the Julian calendar (ICU's, which
/// `DisplayLocale.format` uses) days away from the proleptic Gregorian day that was asked for
/// (`--date 0001-01-01` was shown as Monday 3 January).
public enum ComputedYears {
    public static let first = 1800
    public static let last = 2100

    private static let start = Date(timeIntervalSince1970: Double(CivilDate.daysSinceEpoch(year: first, month: 1, day: 1)) * 86_400)
    private static let end = Date(timeIntervalSince1970: Double(CivilDate.daysSinceEpoch(year: last + 1, month: 1, day: 1)) * 86_400)

    /// Whether the instant `date` lies in those years on some clock: within 14 hours (the
    /// largest UTC offset) of them, so that a time written `1800-01-01T00:00+01:00` counts.
    public static func contains(_ date: Date) -> Bool {
        date >= start.addingTimeInterval(-14 * 3600) && date < end.addingTimeInterval(14 * 3600)
    }

    /// The refusal of `value`, given as `name` (`--date`, `date`): what is wrong and what is right.
    public static func refusal(_ name: String, _ value: String) -> String {
        tr("%1$@ '%2$@' is outside the years %3$@ to %4$@, where uvd's solar model holds", name, value, first, last)
    }
}
