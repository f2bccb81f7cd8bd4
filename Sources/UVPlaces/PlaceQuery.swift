import FoundationEssentials
import UVCore

/// A place as a person names it (`Sydney`, `Sydney, AU`, `Paris, France`, `-33.9,151.2`): the
/// one reading of such a name, for `uvctl location set` and `--location` in the daemon and for
/// `--offline --location` in uvctl, so that both find the same place.
public enum PlaceQuery {
    /// Why a query names nothing: no such city, or coordinates off the Earth.
    public struct NotFound: Error, CustomStringConvertible {
        public let query: String
        public var outOfRange = false
        public var description: String {
            outOfRange
                ? tr(
                    "'%1$@' is not a place on Earth: the latitude must be from -90 to 90 (south negative) and the longitude from -180 to 180 (west negative)",
                    query)
                : tr(
                    "no place '%1$@' in the city list: give a city (\"Sydney\", \"Sydney, AU\", \"Paris, France\") or coordinates \"LAT,LON\" (e.g. \"-33.9,151.2\")",
                    query)
        }
    }

    /// A city name or `LAT,LON`, as a manual place: the best match, a city whose name only
    /// starts with the query included (`uvctl location set Syd`).
    public static func place(for query: String, cities: CityIndex = .embedded) throws(NotFound) -> Place {
        if let coordinate = try coordinate(query) {
            let named = cities.placeName(near: coordinate)
            let zone = named?.timeZoneIdentifier ?? cities.nearest(to: coordinate)?.timeZoneIdentifier ?? "UTC"
            let name = named?.displayName ?? "\(coordinate.latitude.fixed(1)), \(coordinate.longitude.fixed(1))"
            return Place(name: name, coordinate: coordinate.approximate, zone: ZoneName(zone), source: .manual)
        }
        guard let city = cities.search(query, limit: 1).first else { throw NotFound(query: query) }
        return Place(
            name: city.displayName, coordinate: city.coordinate.approximate, zone: ZoneName(city.timeZoneIdentifier), source: .manual)
    }

    /// The city itself or `LAT,LON`, never the first city whose name merely starts so ("Moon" is
    /// not Moonniyur): what `--location` means where saved locations are also names.
    public static func exactPlace(for query: String, cities: CityIndex = .embedded) throws(NotFound) -> Place {
        let place = try place(for: query, cities: cities)
        if try coordinate(query) != nil { return place }
        func cityName(_ text: String) -> String? {
            text.split(separator: ",").first.map(CityIndex.fold)
        }
        guard cityName(place.name) == cityName(query) else { throw NotFound(query: query) }
        return place
    }

    /// `-33.87,151.21` or `-33.87, 151.21`; nil when the text is not two numbers, an error when
    /// they are but lie outside ±90°/±180°.
    public static func coordinate(_ text: String) throws(NotFound) -> Coordinate? {
        let parts = text.split(separator: ",").map { $0.trimmingSpaces() }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]) else { return nil }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        guard coordinate.isValid else { throw NotFound(query: text, outOfRange: true) }
        return coordinate
    }
}
