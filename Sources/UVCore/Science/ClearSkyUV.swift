import FoundationEssentials
import Glibc

/// A modelled UV index from the Sun's position: the offline fallback that always works.
///
/// Base formula: Madronich (2007), "Analytic formula for the clear-sky UV index",
/// Photochemistry and Photobiology 83:1537–1538:
/// `UVI = 12.5 · μ0^2.42 · (Ω / 300)^−1.23`, with μ0 the cosine of the solar zenith angle and
/// Ω the total ozone column in Dobson units. It is fitted to radiative-transfer runs at sea level,
/// mean Earth–Sun distance and a clean atmosphere.
///
/// Corrections on top, each optional:
/// - altitude: +10 % per 1000 m (WHO, *Global Solar UV Index: A Practical Guide*, 2002);
/// - Earth–Sun distance: irradiance scales with 1/R² (±3.4 % over the year);
/// - clouds: `CloudModification`.
public struct ClearSkyUV: Sendable {
    /// The ozone column the formula is normalised to, and the default.
    public static let referenceOzone = 300.0

    public var ozone: Double
    public var altitudeMetres: Double
    public var cloudCoverPercent: Double
    public var correctsEarthSunDistance: Bool

    public init(
        ozone: Double = ClearSkyUV.referenceOzone,
        altitudeMetres: Double = 0,
        cloudCoverPercent: Double = 0,
        correctsEarthSunDistance: Bool = true
    ) {
        self.ozone = ozone
        self.altitudeMetres = altitudeMetres
        self.cloudCoverPercent = cloudCoverPercent
        self.correctsEarthSunDistance = correctsEarthSunDistance
    }

    /// Madronich's formula alone, for a geometric zenith angle in degrees; 0 with the Sun down.
    public static func madronich(zenith: Double, ozone: Double = referenceOzone) -> Double {
        guard zenith < 90, ozone > 0 else { return 0 }
        return 12.5 * pow(Degrees.cos(zenith), 2.42) * pow(ozone / referenceOzone, -1.23)
    }

    /// The modelled UV index for a solar position.
    public func uvIndex(for sun: SolarPosition) -> Double {
        var uvi = Self.madronich(zenith: sun.zenith, ozone: ozone)
        uvi *= 1 + 0.1 * max(0, altitudeMetres) / 1000
        if correctsEarthSunDistance {
            uvi /= sun.distanceAU * sun.distanceAU
        }
        return uvi * CloudModification.factor(coverPercent: cloudCoverPercent)
    }

    /// The modelled UV index at a place and instant.
    public func uvIndex(at date: Date, coordinate: Coordinate) -> Double {
        uvIndex(for: SolarPosition(at: date, coordinate: coordinate))
    }
}

/// How much of the clear-sky UV gets through a given cloud cover.
///
/// The four points are the cloud modification factors of the US National Weather Service UV
/// index forecast (Long et al. 1996, "Ultraviolet Index Forecasts Issued by the National Weather
/// Service", BAMS 77:729–748): clear 1.0, scattered 0.89, broken 0.73, overcast 0.31. Cover is
/// placed at the middle of each sky condition's okta range (0/8, 3.5/8, 6/8, 8/8) and joined by
/// straight lines, so the factor never rises as cover grows.
public enum CloudModification {
    static let points: [(cover: Double, factor: Double)] = [
        (0, 1.0), (43.75, 0.89), (75, 0.73), (100, 0.31),
    ]

    /// The factor for a cloud cover in percent (clamped to 0–100).
    public static func factor(coverPercent: Double) -> Double {
        let cover = min(100, max(0, coverPercent.isFinite ? coverPercent : 0))
        for (lower, upper) in zip(points, points.dropFirst()) where cover <= upper.cover {
            let fraction = (cover - lower.cover) / (upper.cover - lower.cover)
            return lower.factor + fraction * (upper.factor - lower.factor)
        }
        return points[points.count - 1].factor
    }
}
