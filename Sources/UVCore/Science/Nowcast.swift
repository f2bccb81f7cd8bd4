import FoundationEssentials
import Glibc

/// The UV ahead from a station's recent measurements: the sky's transmission now (measured over
/// clear-sky UV) carried along the clear-sky curve, fading into a forecast as the lead grows.
///
/// - The ratio is `Σ measured / Σ clear-sky` over the readings of the last `window` before the
///   issue time (`ClearSkyUV`, uncalibrated: a constant scale cancels in the ratio). Readings
///   outside 0–25, not finite, or not before the issue time are left out; a window whose clear-sky
///   sum is under `minimumClearSky` UVI a reading (the Sun too low to tell cloud from geometry)
///   gives no nowcast. The ratio is bounded by `maximumRatio`: a quarter-hour of cloud edge can
///   lift the measured UV above clear sky, but not for hours.
/// - Ahead, the ratio's curve `ratio × clear-sky(t)` fades into the base (a forecast, else the
///   calibrated clear-sky curve) with weight `exp(−(lead / fadeTime)²)`. A Gaussian rather than
///   an exponential fade: the cloud field that passes in the next hour is mostly the one already
///   measured, so the measurement should keep nearly all its weight for the first hour and lose
///   it over the next few. On the measured days an exponential fade reached the same 180-minute
///   skill only by giving up 1–2 points within ±1 UVI at 60 minutes (`make skill`, README).
///
/// With `fadeTime` infinite it is the plain clear-sky-ratio nowcast.
public struct Nowcast: Sendable, Equatable {
    /// How a nowcast is formed: the defaults are the daemon's, fitted as the README says.
    public struct Settings: Sendable, Equatable {
        /// How far back the ratio looks.
        public var window: TimeInterval
        /// The lead at which the measurement keeps `1/e` of its weight.
        public var fadeTime: TimeInterval
        /// The curve the nowcast fades into where no forecast is given.
        public var clearSky: CalibratedClearSky
        public var maximumRatio: Double
        public var minimumClearSky: Double

        public init(
            window: TimeInterval = 15 * 60, fadeTime: TimeInterval = Self.fittedFadeTime, clearSky: CalibratedClearSky = .fitted,
            maximumRatio: Double = 1.5, minimumClearSky: Double = 0.2
        ) {
            self.window = window
            self.fadeTime = fadeTime
            self.clearSky = clearSky
            self.maximumRatio = maximumRatio
            self.minimumClearSky = minimumClearSky
        }

        /// Fitted on ARPANSA Melbourne's eight measured days of 2024: the fade time with the least
        /// mean absolute error over leads of 15, 60 and 180 minutes (`SkillFit`; each day left out
        /// in turn chose 4.5–5.5 hours).
        public static let fittedFadeTime: TimeInterval = 5 * 3600

        /// The plain clear-sky-ratio nowcast: the ratio held, uncalibrated clear sky, no fade.
        public static let plainRatio = Settings(fadeTime: .infinity, clearSky: .uncalibrated)
    }

    public let issuedAt: Date
    public let coordinate: Coordinate
    /// Measured over clear-sky UV in the window, within `0…maximumRatio`.
    public let ratio: Double
    /// How many readings the ratio rests on.
    public let readings: Int
    public let settings: Settings

    /// The nowcast at `issuedAt` from `readings` (any order), or nil without enough to go on.
    public init?(readings samples: [UVSample], issuedAt: Date, coordinate: Coordinate, settings: Settings = Settings()) {
        let start = issuedAt.addingTimeInterval(-settings.window)
        var measured = 0.0
        var clear = 0.0
        var count = 0
        for sample in samples where sample.time >= start && sample.time < issuedAt && sample.uvi.isFinite && (0...25).contains(sample.uvi) {
            measured += sample.uvi
            clear += ClearSkyUV().uvIndex(at: sample.time, coordinate: coordinate)
            count += 1
        }
        guard count > 0, clear >= settings.minimumClearSky * Double(count) else { return nil }
        self.issuedAt = issuedAt
        self.coordinate = coordinate
        self.ratio = min(settings.maximumRatio, measured / clear)
        self.readings = count
        self.settings = settings
    }

    /// How much of the measurement is left at `target`: 1 at the issue time, falling to 0.
    public func weight(at target: Date) -> Double {
        let lead = max(0, target.timeIntervalSince(issuedAt))
        guard settings.fadeTime.isFinite else { return 1 }
        guard settings.fadeTime > 0 else { return lead == 0 ? 1 : 0 }
        let scaled = lead / settings.fadeTime
        return exp(-scaled * scaled)
    }

    /// The UV at `target`, fading into `base` (a forecast's value there); into the calibrated
    /// clear-sky curve when `base` is nil.
    public func uvi(at target: Date, base: Double? = nil) -> Double {
        let clearSky = ClearSkyUV().uvIndex(at: target, coordinate: coordinate)
        let weight = weight(at: target)
        let fallback = base ?? settings.clearSky.uvi(clearSky: clearSky)
        return max(0, weight * ratio * clearSky + (1 - weight) * fallback)
    }
}
