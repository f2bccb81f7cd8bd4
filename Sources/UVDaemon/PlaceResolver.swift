import Foundation
import UVCore
import UVPlaces

/// Decides where uvd computes for, privacy first: the place set with uvctl, else the system
/// time zone's place (zone1970.tab), else Greenwich, labelled as the default.
enum PlaceResolver {
    static let zoneTablePath = "/usr/share/zoneinfo/zone1970.tab"

    static func automatic(zone: Zone, zoneTable: String? = nil) -> Place {
        let table = zoneTable ?? ((try? String(contentsOfFile: zoneTablePath, encoding: .utf8)) ?? "")
        let location = ZoneLocation.resolve(zone: zone.identifier, zoneTable: table)
        return Place(
            name: location.name, coordinate: location.coordinate, timeZoneIdentifier: zone.identifier,
            source: location.isDefault ? .default : .timeZone)
    }

    /// Why a place query names nothing: no such city, or coordinates off the Earth.
    struct NotFound: Error, CustomStringConvertible {
        let query: String
        var outOfRange = false
        var description: String {
            outOfRange
                ? tr("'%1$@' is not a place on Earth: the latitude must be from -90 to 90 (south negative) and the longitude from -180 to 180 (west negative)", query)
                : tr("no place '%1$@' in the city list: give a city (\"Sydney\", \"Sydney, AU\", \"Paris, France\") or coordinates \"LAT,LON\" (e.g. \"-33.9,151.2\")", query)
        }
    }

    /// A city name (`Sydney`, `Sydney, AU`) or `LAT,LON`, as a manual place.
    static func place(for query: String, cities: CityIndex = .embedded) throws(NotFound) -> Place {
        if let coordinate = try coordinate(query) {
            let named = cities.placeName(near: coordinate)
            let zone = named?.timeZoneIdentifier ?? cities.nearest(to: coordinate)?.timeZoneIdentifier ?? "UTC"
            let name = named?.displayName ?? "\(coordinate.latitude.fixed(1)), \(coordinate.longitude.fixed(1))"
            return Place(name: name, coordinate: coordinate.approximate, timeZoneIdentifier: zone, source: .manual)
        }
        guard let city = cities.search(query, limit: 1).first else { throw NotFound(query: query) }
        return Place(name: city.displayName, coordinate: city.coordinate.approximate, timeZoneIdentifier: city.timeZoneIdentifier, source: .manual)
    }

    /// `-33.87,151.21` or `-33.87, 151.21`; nil when the text is not two numbers, an error when
    /// they are but lie outside ±90°/±180°.
    static func coordinate(_ text: String) throws(NotFound) -> Coordinate? {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]) else { return nil }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        guard coordinate.isValid else { throw NotFound(query: text, outOfRange: true) }
        return coordinate
    }
}
