import FoundationEssentials

extension Place {
    /// tzdata's table of zones and the place each names.
    public static let zoneTablePath = "/usr/share/zoneinfo/zone1970.tab"

    /// The place a time zone names (`zone1970.tab`), else Greenwich labelled as the default: the
    /// zero-configuration place of both uvd and uvctl's calculators.
    public static func of(timeZone zone: Zone, zoneTable: String? = nil) -> Place {
        let table = zoneTable ?? ((try? String(contentsOfFile: zoneTablePath, encoding: .utf8)) ?? "")
        let location = ZoneLocation.resolve(zone: zone.identifier, zoneTable: table)
        return Place(
            name: location.name, coordinate: location.coordinate, zone: ZoneName(of: zone),
            source: location.isDefault ? .default : .timeZone)
    }
}
