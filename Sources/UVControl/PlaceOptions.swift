import ArgumentParser
import FoundationEssentials
import UVCore

/// `--lat/--lon/--tz`, shared by the commands that compute for a place.
struct PlaceOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp(tr("Latitude in degrees, north positive, from -90 to 90."), valueName: "degrees"))
    var lat: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(tr("Longitude in degrees, east positive, from -180 to 180."), valueName: "degrees"))
    var lon: Double?

    @Option(help: ArgumentHelp(tr("IANA time zone for local times, e.g. Australia/Sydney (default: the system's)."), valueName: "zone"))
    var tz: String?

    func validate() throws {
        switch (lat, lon) {
        case (nil, nil):
            break
        case (let lat?, let lon?):
            guard Coordinate(latitude: lat, longitude: lon).isValid else {
                throw ValidationError(tr("--lat must be between -90 and 90 and --lon between -180 and 180 (got %1$@, %2$@).", lat, lon))
            }
        default:
            throw ValidationError(tr("Give --lat and --lon together, or neither to use the place of the system time zone."))
        }
        if let tz, Zone(identifier: tz) == nil {
            throw ValidationError(
                tr("Unknown time zone '%1$@': use an IANA name such as Europe/Paris or Australia/Sydney (see /usr/share/zoneinfo).", tz))
        }
    }

    /// The place these options name (validated first by ArgumentParser).
    func resolve() -> Place {
        var place = Place.of(timeZone: .current)
        if let tz {
            place.zone = ZoneName(tz)
        }
        if let lat, let lon {
            place.coordinate = Coordinate(latitude: lat, longitude: lon)
            place.name = Self.describe(place.coordinate)
            place.source = .manual
        }
        return place
    }

    /// `33.87°S 151.21°E`.
    static func describe(_ coordinate: Coordinate) -> String {
        let latitude = abs(coordinate.latitude).fixed(2) + (coordinate.latitude < 0 ? "°S" : "°N")
        let longitude = abs(coordinate.longitude).fixed(2) + (coordinate.longitude < 0 ? "°W" : "°E")
        return "\(latitude) \(longitude)"
    }
}
