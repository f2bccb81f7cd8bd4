import Testing
import UVCore

@Suite("Location from the time zone")
struct ZoneLocationTests {
    static let table = """
        # tzdb timezone descriptions
        AU\t-3352+15113\tAustralia/Sydney\tNew South Wales (most areas)
        US\t+404251-0740023\tAmerica/New_York\tEastern (most areas)
        AR\t-3436-05827\tAmerica/Argentina/Buenos_Aires\tBuenos Aires (BA, CF)
        """

    @Test func degreesAndMinutes() {
        let sydney = ZoneLocation.resolve(zone: "Australia/Sydney", zoneTable: Self.table)
        #expect(sydney.name == "Sydney" && !sydney.isDefault)
        #expect(abs(sydney.coordinate.latitude - -(33 + 52.0 / 60)) < 1e-9)
        #expect(abs(sydney.coordinate.longitude - (151 + 13.0 / 60)) < 1e-9)
    }

    @Test func degreesMinutesSeconds() {
        let newYork = ZoneLocation.resolve(zone: "America/New_York", zoneTable: Self.table)
        #expect(abs(newYork.coordinate.latitude - (40 + 42.0 / 60 + 51.0 / 3600)) < 1e-9)
        #expect(abs(newYork.coordinate.longitude - -(74 + 0.0 / 60 + 23.0 / 3600)) < 1e-9)
    }

    @Test func placeNameFromTheLastComponent() {
        #expect(ZoneLocation.resolve(zone: "America/Argentina/Buenos_Aires", zoneTable: Self.table).name == "Buenos Aires")
    }

    /// A damaged table must not place anyone off the globe: each of these lines once gave a
    /// latitude or longitude past ±90°/±180° or minutes of 60 and more.
    @Test(arguments: ["+9959+15113", "-3352+18100", "-3375+15113", "+404299-0740023", "+4042-074002A", "-٣٣٥٢+١٥١١٣"])
    func impossibleCoordinatesFallBackToGreenwich(coordinates: String) {
        let location = ZoneLocation.resolve(zone: "Australia/Sydney", zoneTable: "AU\t\(coordinates)\tAustralia/Sydney")
        #expect(location.isDefault && location.name == "Greenwich", "\(coordinates) gave \(location.coordinate)")
    }

    /// The table is read line by line in place: a line is matched by its whole third field only,
    /// a comment, a short line or a blank one is passed over, and a named zone whose coordinates
    /// do not read gives way to a later line that names it well.
    @Test func onlyAWholeThirdFieldWithCoordinatesThatReadPlacesAZone() {
        let table = """
            # AU\t-3352+15113\tAustralia/Sydney

            AU\t-3352+15113
            AU\t-3352+15113\tAustralia/Sydney_Old
            AU\t-3352+15113\tAustralia/Syd
            AU\t-3352+15113\tElsewhere\tAustralia/Sydney
            AU\t-9952+15113\tAustralia/Sydney
            AU\t-3352+15113\tAustralia/Sydney\tNew South Wales

            """
        let sydney = ZoneLocation.resolve(zone: "Australia/Sydney", zoneTable: table)
        #expect(!sydney.isDefault && abs(sydney.coordinate.latitude - -(33 + 52.0 / 60)) < 1e-9)
        #expect(ZoneLocation.resolve(zone: "Australia/Syd", zoneTable: table).name == "Syd")
        for zone in ["Australia", "Australia/Sydney_", "New South Wales", "-3352+15113", "AU", ""] {
            #expect(ZoneLocation.resolve(zone: zone, zoneTable: table).isDefault, "\(zone)")
        }
        #expect(ZoneLocation.resolve(zone: "Australia/Sydney", zoneTable: "").isDefault)
    }

    @Test(arguments: ["Etc/UTC", "UTC", "Mars/Olympus_Mons"])
    func zonesWithoutAPlaceFallBackToGreenwich(zone: String) {
        let location = ZoneLocation.resolve(zone: zone, zoneTable: Self.table)
        #expect(location.isDefault && location.name == "Greenwich")
        #expect(location.timeZoneIdentifier == zone)
        #expect(location.coordinate.approximate == Coordinate(latitude: 51.5, longitude: 0))
    }
}
