import FoundationEssentials

/// The clear-sky model scaled to what stations measure under a clear sky.
///
/// Madronich's formula (`ClearSkyUV`) assumes a clean atmosphere and a 300 DU ozone column; on
/// ARPANSA Melbourne's measured days it reads 1–22 % high at the peak of clear days. The factor
/// is fitted as the median, over measured days, of each day's clearest quarter-hour: the largest
/// 15-minute mean of the measurement with the Sun at least 15° up, over the model's mean for the
/// same minutes (`SkillFit.clearSkyFactor`). A median of day peaks, not a fit to every minute:
/// cloudy minutes would pull the curve down to an average sky, and the curve must stay what a
/// clear sky gives.
public struct CalibratedClearSky: Sendable, Equatable {
    /// Measured clear-sky UV over Madronich's.
    public var factor: Double

    public init(factor: Double) {
        self.factor = factor
    }

    /// Fitted on ARPANSA Melbourne's eight measured days of 2024 (each day left out in turn: 0.80–0.90).
    public static let fitted = CalibratedClearSky(factor: 0.85)
    /// Madronich's curve as it is.
    public static let uncalibrated = CalibratedClearSky(factor: 1)

    /// The calibrated value for a clear-sky model value.
    public func uvi(clearSky: Double) -> Double { factor * clearSky }

    /// The calibrated clear-sky UV at a place and instant.
    public func uvi(at date: Date, coordinate: Coordinate) -> Double {
        uvi(clearSky: ClearSkyUV().uvIndex(at: date, coordinate: coordinate))
    }
}
