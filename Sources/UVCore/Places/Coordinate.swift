/// A place on Earth in decimal degrees (north and east positive).
public struct Coordinate: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether both values are finite and within ±90° / ±180°.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// The coordinate rounded to 0.1° (about 11 km): the only precision that ever leaves the process.
    public var approximate: Coordinate {
        Coordinate(latitude: (latitude * 10).rounded() / 10, longitude: (longitude * 10).rounded() / 10)
    }
}
