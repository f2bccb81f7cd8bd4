import FoundationEssentials
import Glibc

/// Where the Sun is in the sky for an observer at one instant.
///
/// The algorithm is NOAA's solar calculator (the "NOAA_Solar_Calculations" spreadsheet), which
/// implements Meeus, *Astronomical Algorithms* (2nd ed., ch. 25) at low precision: about 0.01°
/// in position for dates between 1800 and 2100. Refraction follows the same spreadsheet
/// (Bennett-style piecewise fit, standard atmosphere).
public struct SolarPosition: Sendable, Equatable {
    /// Geometric elevation of the Sun's centre above the horizon, degrees (no refraction).
    public let elevation: Double
    /// Elevation as seen through the atmosphere (refraction added), degrees.
    public let apparentElevation: Double
    /// Degrees clockwise from true north.
    public let azimuth: Double
    /// Geometric zenith angle, `90° − elevation`.
    public var zenith: Double { 90 - elevation }
    /// Zenith angle as seen through the atmosphere, `90° − apparent elevation` (what NREL's SPA reports).
    public var apparentZenith: Double { 90 - apparentElevation }
    /// Earth–Sun distance in astronomical units.
    public let distanceAU: Double

    public init(at date: Date, coordinate: Coordinate) {
        let sun = SolarEphemeris(at: date)
        let minutesOfDay = Degrees.wrap(date.timeIntervalSince1970 / 60, 1440)
        let trueSolarTime = Degrees.wrap(minutesOfDay + sun.equationOfTime + 4 * coordinate.longitude, 1440)
        let hourAngle = trueSolarTime / 4 < 0 ? trueSolarTime / 4 + 180 : trueSolarTime / 4 - 180

        let latitude = coordinate.latitude
        let cosZenith =
            Degrees.sin(latitude) * Degrees.sin(sun.declination)
            + Degrees.cos(latitude) * Degrees.cos(sun.declination) * Degrees.cos(hourAngle)
        let zenith = Degrees.acos(min(1, max(-1, cosZenith)))
        let elevation = 90 - zenith

        let azimuthDenominator = Degrees.cos(latitude) * Degrees.sin(zenith)
        let azimuth: Double
        if abs(azimuthDenominator) < 1e-12 {
            azimuth = latitude >= 0 ? 180 : 0
        } else {
            let cosAzimuth =
                (Degrees.sin(latitude) * Degrees.cos(zenith) - Degrees.sin(sun.declination))
                / azimuthDenominator
            let angle = Degrees.acos(min(1, max(-1, cosAzimuth)))
            azimuth = hourAngle > 0 ? Degrees.wrap(angle + 180, 360) : Degrees.wrap(540 - angle, 360)
        }

        self.elevation = elevation
        self.apparentElevation = elevation + Self.refraction(atElevation: elevation)
        self.azimuth = azimuth
        self.distanceAU = sun.distanceAU
    }

    /// Atmospheric refraction in degrees for a geometric elevation, as in NOAA's calculator.
    static func refraction(atElevation elevation: Double) -> Double {
        let arcseconds: Double
        if elevation >= 85 {
            arcseconds = 0
        } else if elevation >= 5 {
            let t = Degrees.tan(elevation)
            arcseconds = 58.1 / t - 0.07 / pow(t, 3) + 0.000086 / pow(t, 5)
        } else if elevation >= -0.575 {
            let e = elevation
            arcseconds = 1735 + e * (-518.2 + e * (103.4 + e * (-12.79 + e * 0.711)))
        } else {
            arcseconds = -20.772 / Degrees.tan(elevation)
        }
        return arcseconds / 3600
    }
}

/// The Sun's apparent place for an instant: the observer-independent half of NOAA's calculator.
struct SolarEphemeris {
    /// Apparent declination, degrees.
    let declination: Double
    /// Equation of time, minutes (true solar time − mean solar time).
    let equationOfTime: Double
    /// Radius vector, astronomical units.
    let distanceAU: Double

    init(at date: Date) {
        let julianDay = date.timeIntervalSince1970 / 86_400 + 2_440_587.5
        let t = (julianDay - 2_451_545) / 36_525

        let meanLongitude = Degrees.wrap(280.46646 + t * (36000.76983 + t * 0.0003032), 360)
        let meanAnomaly = 357.52911 + t * (35999.05029 - 0.0001537 * t)
        let eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
        let equationOfCentre =
            Degrees.sin(meanAnomaly) * (1.914602 - t * (0.004817 + 0.000014 * t))
            + Degrees.sin(2 * meanAnomaly) * (0.019993 - 0.000101 * t)
            + Degrees.sin(3 * meanAnomaly) * 0.000289
        let trueLongitude = meanLongitude + equationOfCentre
        let trueAnomaly = meanAnomaly + equationOfCentre
        let omega = 125.04 - 1934.136 * t
        let apparentLongitude = trueLongitude - 0.00569 - 0.00478 * Degrees.sin(omega)
        let meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
        let obliquity = meanObliquity + 0.00256 * Degrees.cos(omega)

        let y = pow(Degrees.tan(obliquity / 2), 2)
        let l0 = meanLongitude
        let m = meanAnomaly
        let e = eccentricity
        let eotRadians =
            y * Degrees.sin(2 * l0) - 2 * e * Degrees.sin(m)
            + 4 * e * y * Degrees.sin(m) * Degrees.cos(2 * l0)
            - 0.5 * y * y * Degrees.sin(4 * l0) - 1.25 * e * e * Degrees.sin(2 * m)

        declination = Degrees.asin(Degrees.sin(obliquity) * Degrees.sin(apparentLongitude))
        equationOfTime = 4 * Degrees.fromRadians(eotRadians)
        distanceAU = 1.000001018 * (1 - e * e) / (1 + e * Degrees.cos(trueAnomaly))
    }
}
