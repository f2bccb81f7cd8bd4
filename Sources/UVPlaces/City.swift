import UVCore

/// A city from the embedded GeoNames list.
public struct City: Sendable, Equatable, Codable {
    public var name: String
    public var countryCode: String
    public var countryName: String
    public var coordinate: Coordinate
    public var timeZoneIdentifier: String
    public var population: Int

    /// `Sydney, Australia`.
    public var displayName: String { "\(name), \(countryName)" }
}
