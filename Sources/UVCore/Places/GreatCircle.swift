import FoundationEssentials
import Glibc

/// Distances on the Earth's surface.
public enum GreatCircle {
    /// Mean Earth radius (IUGG), km.
    public static let earthRadiusKilometres = 6371.0088

    /// Haversine distance in kilometres.
    public static func kilometres(_ a: Coordinate, _ b: Coordinate) -> Double {
        let dLat = Degrees.toRadians(b.latitude - a.latitude)
        let dLon = Degrees.toRadians(b.longitude - a.longitude)
        let h = pow(sin(dLat / 2), 2) + Degrees.cos(a.latitude) * Degrees.cos(b.latitude) * pow(sin(dLon / 2), 2)
        return 2 * earthRadiusKilometres * asin(min(1, sqrt(h)))
    }
}
