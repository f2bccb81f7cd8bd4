import Foundation
import TestSupport
import Testing
import UVCore
import UVProviderPolicy

@testable import UVProviders

/// Provider answers that trapped the daemon (and trapped it again after each restart, from the
/// cached answer) or slipped nonsense into what it shows.
@Suite("Hostile provider answers")
struct HostileAnswerTests {
    static let now = ProviderFixture.instant("2026-01-15T00:00:00Z")

    private func openMeteo(offset: String = "0", latitude: String = "-33.9", longitude: String = "151.2", current: String = "") -> Data {
        Data(
            """
            {"latitude": \(latitude), "longitude": \(longitude), "utc_offset_seconds": \(offset),
             \(current)
             "hourly": {"time": ["2026-01-15T00:00", "2026-01-15T01:00"], "uv_index": [3.5, 4.0]}}
            """.utf8)
    }

    private func openWeatherMap(offset: String = "36000", dt: String = "1768435200") -> Data {
        Data(
            """
            {"lat": -33.87, "lon": 151.21, "timezone_offset": \(offset),
             "current": {"dt": \(dt), "uvi": 4.2, "temp": 24.5, "clouds": 20},
             "daily": [{"dt": 1768435200, "uvi": 9.1}]}
            """.utf8)
    }

    /// Each is said as an offset out of range, naming the field and the value: a number past
    /// `Int` was "not JSON" (Foundation's decoder calls it that), a fraction "wrong type".
    @Test func offsetsBeyondEighteenHoursAreRefusedNotTrapped() {
        let cases = [
            ("-9223372036854775808", "-9.223372036854776e+18"), ("9223372036854775807", "9.223372036854776e+18"), ("64801", "64801"),
            ("99999999999999999999", "1e+20"), ("1e20", "1e+20"), ("3600.5", "3600.5"),
        ]
        for (offset, said) in cases {
            let range = "is out of range: expected whole seconds within ±18 h (±64800)"
            #expect(throws: ProviderError.malformed(.openMeteo, "utc_offset_seconds \(said) \(range)")) {
                try OpenMeteoParser.parse(openMeteo(offset: offset))
            }
            #expect(throws: ProviderError.malformed(.openWeatherMap, "timezone_offset \(said) \(range)")) {
                try OpenWeatherMapParser.parse(openWeatherMap(offset: offset), units: .metric)
            }
        }
        #expect(LocalTimestamp.instant("2026-01-15T00:00", utcOffsetSeconds: .min) == nil)
        #expect((try? OpenMeteoParser.parse(openMeteo(offset: "-64800"))) != nil)
    }

    @Test func unixTimesFarOutsideOurEraAreRefused() {
        #expect(throws: ProviderError.malformed(.openWeatherMap, "current.dt 1e+308 is not a time between 2000 and 2200")) {
            try OpenWeatherMapParser.parse(openWeatherMap(dt: "1e308"), units: .metric)
        }
        #expect(throws: ProviderError.self) { try OpenWeatherMapParser.parse(openWeatherMap(dt: "-1e20"), units: .metric) }
    }

    @Test func invalidUTF8NeverReachesTheXMLParser() {
        let xml =
            Data("<?xml version=\"1.0\"?><stations><location id=\"Sydney\"><st".utf8) + Data([0xF6])
            + Data("tus>ok</st".utf8) + Data([0xF6]) + Data("tus></location></stations>".utf8)
        #expect(throws: ProviderError.malformed(.arpansa, "not UTF-8 text")) { try ARPANSAParser.parse(xml) }
    }

    @Test func entitiesAreNeverExpanded() {
        let laughs = """
            <?xml version="1.0"?><!DOCTYPE stations [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <stations><location id="Sydney"><index>&b;</index></location></stations>
            """
        #expect(throws: ProviderError.malformed(.arpansa, "a document type declaration (<!DOCTYPE), which the feed never has")) {
            try ARPANSAParser.parse(Data(laughs.utf8))
        }
    }

    @Test func temperaturesAndOtherNumbersAreScreenedWithAReason() throws {
        let fahrenheit = """
            "current_units": {"temperature_2m": "°F"},
            "current": {"time": "2026-01-15T00:00", "uv_index": 3.5, "temperature_2m": 1e308, "weather_code": 1000, "cloud_cover": 250},
            """
        let forecast = try OpenMeteoParser.parse(openMeteo(current: fahrenheit))
        let (screened, notes) = try Plausibility.screen(forecast, now: Self.now)
        #expect(
            screened.current?.temperatureCelsius == nil && screened.current?.weatherCode == nil
                && screened.current?.cloudCoverPercent == nil)
        #expect(screened.current?.uvi == 3.5)
        #expect(notes.contains("dropped current temperature inf °C: outside −90–60 °C"))
        #expect(notes.contains("dropped current weather code 1000: outside WMO 0–99"))
        #expect(notes.contains("dropped current cloud cover 250.0: outside 0–100 %"))
        let huge = try OpenMeteoParser.parse(openMeteo(current: "\"current\": {\"time\": \"2026-01-15T00:00\", \"temperature_2m\": 1e23},"))
        #expect(try Plausibility.screen(huge, now: Self.now).0.current?.temperatureCelsius == nil)
        let (screenedJSON, _) = try Plausibility.screen(forecast, now: Self.now)
        #expect(throws: Never.self) { try JSONEncoder().encode(screenedJSON) }
    }

    @Test func echoedCoordinatesAreRoundedLikeTheUsersOwn() throws {
        let forecast = try OpenMeteoParser.parse(openMeteo(latitude: "44.1875", longitude: "17.9375"))
        #expect(forecast.coordinate == Coordinate(latitude: 44.2, longitude: 17.9))
        #expect(throws: ProviderError.self) { try OpenMeteoParser.parse(openMeteo(latitude: "1e300")) }
    }

    @Test func aStationMeasurementFromTheFutureIsDropped() async throws {
        let xml = """
            <?xml version="1.0"?><stations>
            <location id="Sydney"><index>5.0</index><time>12:00 PM</time><date>15/01/2026</date><utcdatetime>2026/01/15 01:00</utcdatetime><status>ok</status></location>
            <location id="Melbourne"><index>4.0</index><time>9:00 AM</time><date>15/01/2026</date><utcdatetime>2026/01/14 22:00</utcdatetime><status>ok</status></location>
            </stations>
            """
        let lines = Lines()
        let client = ProviderClient(http: CannedHTTP(body: Data(xml.utf8)), report: { lines.append("\($0.rawValue): \($1)") })
        guard case .fetched(let readings, _, _) = await client.arpansa(health: ProviderHealth(), now: Self.now) else {
            Issue.record("no readings")
            return
        }
        #expect(readings.map(\.station) == ["Melbourne"])
        #expect(lines.all.count == 1 && lines.all[0].hasPrefix("arpansa: dropped Sydney"))
    }
}

/// Answers every request with one body.
private struct CannedHTTP: HTTPClient {
    let body: Data
    func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse { HTTPResponse(status: 200, body: body) }
}

/// Collects report lines from any thread.
private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
