import Foundation
import TestSupport
import Testing
import UVCore

@testable import UVProviders

@Suite("ARPANSA uvvalues.xml")
struct ARPANSAParserTests {
    static let fixture = "arpansa-uvvalues-2017-07-13-tarun-pacifica-sunscreen.xml"

    /// The capture starts with a byte-order mark and uses CRLF; every station parses.
    @Test func everyStation() throws {
        let readings = try ARPANSAParser.parse(ProviderFixture.data(Self.fixture))
        #expect(readings.count == 15)
        #expect(readings.first { $0.station == "Darwin" }?.uvi == 4.5)
        #expect(readings.allSatisfy { $0.status == "ok" })
        #expect(Set(readings.map(\.station)).isSubset(of: Set(ARPANSAStation.all.map(\.id))))
    }

    /// Local `<time>` on each station's own clock, Antarctic bases included, all land on 05:38–05:39 UTC.
    @Test func localTimesOnEachStationsClock() throws {
        let readings = try ARPANSAParser.parse(ProviderFixture.data(Self.fixture))
        let utc = ProviderFixture.instant("2017-07-13T05:39:00Z")
        for reading in readings {
            #expect(abs(reading.time.timeIntervalSince(utc)) <= 60, "\(reading.station) at \(reading.time)")
        }
    }

    @Test func unknownStationsUseUTCDateTime() throws {
        let xml = """
            <stations><location id="Nowhere"><index>3.1</index><time>9:00 AM</time><date>01/01/2026</date>\
            <utcdatetime>2026/01/01 01:30</utcdatetime><status>ok</status></location></stations>
            """
        let reading = try #require(try ARPANSAParser.parse(Data(xml.utf8)).first)
        #expect(reading.time == ProviderFixture.instant("2026-01-01T01:30:00Z"))
        #expect(reading.uvi == 3.1)
    }

    @Test func stationsThatAreDownHaveNoValue() throws {
        let xml = """
            <stations><location id="Perth"><index>0.0</index><time>1:39 PM</time><date>13/07/2017</date>\
            <utcdatetime>2017/07/13 05:39</utcdatetime><status>Not available</status></location></stations>
            """
        let reading = try #require(try ARPANSAParser.parse(Data(xml.utf8)).first)
        #expect(reading.uvi == nil && reading.status == "Not available")
    }

    @Test(arguments: [
        "", "not xml at all", "<stations><location id=\"Perth\"></location></stations>", "<html><body>maintenance</body></html>",
        "<stations><location",
    ])
    func garbageIsMalformed(body: String) {
        #expect(throws: ProviderError.self) { try ARPANSAParser.parse(Data(body.utf8)) }
    }

    @Test func nearestStationWithinFiftyKilometres() {
        #expect(ARPANSAStation.nearest(to: Coordinate(latitude: -33.9, longitude: 151.2))?.id == "Sydney")
        #expect(ARPANSAStation.nearest(to: Coordinate(latitude: -33.0, longitude: 151.7))?.id == "Newcastle")
        #expect(ARPANSAStation.nearest(to: Coordinate(latitude: 51.5, longitude: 0)) == nil)
    }
}
