import Foundation
import Synchronization
import TestSupport
import Testing
import UVCore
import UVProviderPolicy

@testable import UVProviders

/// The real URLSession client against a local server serving the provider fixtures.
@Suite("Provider client over HTTP")
struct ProviderClientTests {
    static let hourly = "openmeteo-forecast-hourly-uv-2025-04-14-tidbyt-cyclecast.json"
    static let fixtureNow = ProviderFixture.instant("2025-04-14T06:00:00Z")
    static let sydney = Coordinate(latitude: -33.8688, longitude: 151.2093)

    private func client(_ server: FixtureServer) -> ProviderClient {
        var endpoints = ProviderEndpoints()
        endpoints.openMeteo = server.url("/v1/forecast")
        endpoints.arpansa = server.url("/xml/uvvalues.xml")
        endpoints.openWeatherMap = server.url("/data/3.0/onecall")
        return ProviderClient(http: CurlHTTPClient(deadline: .seconds(5)), endpoints: endpoints)
    }

    @Test func fetchThenNotModified() async throws {
        let server = try FixtureServer(routes: ["/v1/forecast": Self.hourly])
        let client = client(server)
        guard
            case .fetched(let forecast, let etag, _) = await client.openMeteo(
                for: Self.sydney, health: ProviderHealth(), now: Self.fixtureNow)
        else {
            Issue.record("no forecast")
            return
        }
        #expect(forecast.hourly.count == 24)
        var health = ProviderHealth()
        health.recordSuccess(at: Self.fixtureNow, etag: etag, lastModified: nil)
        guard case .notModified = await client.openMeteo(for: Self.sydney, health: health, now: Self.fixtureNow) else {
            Issue.record("expected 304")
            return
        }
        let requests = try server.requests()
        #expect(requests.count == 2)
        // Coordinates leave rounded to 0.1°; the user agent names uvd.
        let query = try #require(requests.first?["query"] as? [String: String])
        #expect(query["latitude"] == "-33.9" && query["longitude"] == "151.2")
        #expect(query["hourly"]?.contains("uv_index_clear_sky") == true && query["timezone"] == "auto")
        #expect(requests.first?["userAgent"] as? String == "uvd/\(UVDVersion.string)")
        #expect(requests.last?["ifNoneMatch"] as? String == etag)
    }

    @Test func oldDataIsImplausible() async throws {
        let server = try FixtureServer(routes: ["/v1/forecast": Self.hourly])
        guard case .failed(let reason, _) = await client(server).openMeteo(for: Self.sydney, health: ProviderHealth(), now: Date()) else {
            Issue.record("accepted a 2025 forecast as current")
            return
        }
        #expect(reason.hasPrefix("open-meteo: implausible data"))
    }

    @Test func rebasedFixtureIsCurrent() async throws {
        let server = try FixtureServer(routes: ["/v1/forecast": Self.hourly], rebaseToday: true)
        guard case .fetched(let forecast, _, _) = await client(server).openMeteo(for: Self.sydney, health: ProviderHealth(), now: Date())
        else {
            Issue.record("no forecast")
            return
        }
        #expect(forecast.hourly.count == 24)
    }

    @Test func errorStatusWithRetryAfter() async throws {
        let server = try FixtureServer(routes: [:], failures: ["/v1/forecast": "429:120"])
        guard
            case .failed(let reason, let retryAfter) = await client(server).openMeteo(
                for: Self.sydney, health: ProviderHealth(), now: Self.fixtureNow)
        else {
            Issue.record("expected failure")
            return
        }
        #expect(reason == "HTTP 429: scripted failure")
        #expect(retryAfter == 120)
    }

    @Test func arpansaStations() async throws {
        let server = try FixtureServer(routes: ["/xml/uvvalues.xml": ARPANSAParserTests.fixture])
        guard
            case .fetched(let readings, _, _) = await client(server).arpansa(
                health: ProviderHealth(), now: ProviderFixture.instant("2017-07-13T06:00:00Z"))
        else {
            Issue.record("no readings")
            return
        }
        #expect(readings.count == 15)
    }

    @Test func readingsFarFromNowAreDroppedAndReported() async throws {
        let server = try FixtureServer(routes: ["/xml/uvvalues.xml": ARPANSAParserTests.fixture])
        let lines = ReportedLines()
        var client = client(server)
        client.report = { lines.append("\($0.rawValue): \($1)") }
        guard
            case .fetched(let readings, _, _) = await client.arpansa(
                health: ProviderHealth(), now: ProviderFixture.instant("2026-01-15T00:00:00Z"))
        else {
            Issue.record("no answer")
            return
        }
        #expect(readings.isEmpty)
        #expect(lines.all.count == 15 && lines.all.allSatisfy { $0.hasPrefix("arpansa: dropped ") })
    }

    @Test func openWeatherMapKeyStaysOutOfLogs() async throws {
        let server = try FixtureServer(routes: ["/data/3.0/onecall": "owm-onecall3-current-sampleResult.json"])
        let url = client(server).endpoints.openWeatherMapRequest(for: Self.sydney, key: "s3cret")
        #expect(!ProviderEndpoints.redacted(url).contains("s3cret"))
        #expect(ProviderEndpoints.redacted(url).contains("appid=REDACTED"))
        guard
            case .fetched(let forecast, _, _) = await client(server).openWeatherMap(
                for: Self.sydney, key: "s3cret", health: ProviderHealth(), now: Date(timeIntervalSince1970: 1_684_929_490))
        else {
            Issue.record("no forecast")
            return
        }
        #expect(forecast.current?.uvi == 0.16)
    }

    @Test func nobodyListening() async throws {
        var endpoints = ProviderEndpoints()
        endpoints.openMeteo = URL(string: "http://127.0.0.1:9/v1/forecast")!
        let client = ProviderClient(http: CurlHTTPClient(deadline: .seconds(5)), endpoints: endpoints)
        guard case .failed(let reason, nil) = await client.openMeteo(for: Self.sydney, health: ProviderHealth(), now: Date()) else {
            Issue.record("expected failure")
            return
        }
        #expect(reason.hasPrefix("no answer"))
    }

    /// An HTTP stand-in that answers every request with one body, whatever place it asks for.
    struct FixedAnswer: HTTPClient {
        let body: Data
        func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse { HTTPResponse(status: 200, body: body) }
    }

    @Test func anAnswerForAnotherPlaceIsRefused() async throws {
        // The fixture is Open-Meteo's answer for 28.4° N, 81.25° E (western Nepal), 10,098 km from Sydney.
        let client = ProviderClient(http: FixedAnswer(body: try ProviderFixture.data(Self.hourly)))
        guard case .failed(let reason, nil) = await client.openMeteo(for: Self.sydney, health: ProviderHealth(), now: Self.fixtureNow)
        else {
            Issue.record("an answer for another place was taken")
            return
        }
        #expect(reason.hasPrefix("open-meteo: implausible data: an answer for 28.4,81.3, 10098 km"), "\(reason)")
        #expect(reason.hasSuffix("km from the place asked (-33.9,151.2)"))
        let nearby = Coordinate(latitude: 28.0, longitude: 81.0)
        guard case .fetched = await client.openMeteo(for: nearby, health: ProviderHealth(), now: Self.fixtureNow) else {
            Issue.record("an answer for a grid point 45 km away was refused")
            return
        }
    }

    @Test func retryAfterForms() {
        let now = ProviderFixture.instant("2026-01-15T00:00:00Z")
        #expect(RetryAfter.seconds("120", now: now) == 120)
        #expect(RetryAfter.seconds("Thu, 15 Jan 2026 00:10:00 GMT", now: now) == 600)
        #expect(RetryAfter.seconds("soon", now: now) == nil)
    }
}

/// Collects report lines from any thread.
final class ReportedLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}
