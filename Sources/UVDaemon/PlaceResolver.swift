import Foundation
import UVCore

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
}
