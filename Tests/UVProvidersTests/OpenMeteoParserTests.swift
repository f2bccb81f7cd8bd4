import Foundation
import TestSupport
import Testing
import UVCore

@testable import UVProviders

@Suite("Open-Meteo answers")
struct OpenMeteoParserTests {
    /// Requested with timezone=America/New_York for coordinates in Nepal: times follow the offset.
    @Test func hourlyUVTrustsTheOffsetNotTheCoordinates() throws {
        let forecast = try OpenMeteoParser.parse(ProviderFixture.data("openmeteo-forecast-hourly-uv-2025-04-14-tidbyt-cyclecast.json"))
        #expect(forecast.source == .openMeteo)
        #expect(forecast.utcOffsetSeconds == -14_400)
        #expect(forecast.hourly.count == 24)
        #expect(forecast.hourly[0].time == ProviderFixture.instant("2025-04-14T04:00:00Z"))
        let peak = try #require(forecast.hourly.max { $0.uvi < $1.uvi })
        #expect(peak.uvi == 7.75)
        // 07:00 UTC is 12:45 in Nepal: the peak sits at local solar noon.
        #expect(peak.time == ProviderFixture.instant("2025-04-14T07:00:00Z"))
        #expect(forecast.hourly[7].cloudCoverPercent == 31)
        #expect(forecast.coordinate == Coordinate(latitude: 28.4, longitude: 81.3))
    }

    @Test func currentBlock() throws {
        let forecast = try OpenMeteoParser.parse(ProviderFixture.data("openmeteo-current-2024-08-06-wiremock-it.json"))
        let current = try #require(forecast.current)
        #expect(current.time == ProviderFixture.instant("2024-08-06T09:30:00Z"))
        #expect(current.temperatureCelsius == 31.4)
        #expect(current.cloudCoverPercent == 15)
        #expect(forecast.hourly.isEmpty)
    }

    @Test func currentBlockWithWeatherCode() throws {
        let forecast = try OpenMeteoParser.parse(ProviderFixture.data("openmeteo-current-2024-05-18-waybar-script.json"))
        let current = try #require(forecast.current)
        #expect(current.weatherCode == 3)
        #expect(current.time == ProviderFixture.instant("2024-05-18T21:15:00Z"))
    }

    /// The older shape: `current_weather` and `daily.uv_index_max`, temperatures in °F.
    @Test func legacyDailyMaximum() throws {
        let forecast = try OpenMeteoParser.parse(ProviderFixture.data("openmeteo-daily-uvmax-legacy-current_weather-2023-07-30.json"))
        #expect(forecast.daily.count == 7)
        #expect(forecast.daily[0] == DailyUV(date: "2023-07-30", maxUVI: 7.10))
        let current = try #require(forecast.current)
        #expect(abs((current.temperatureCelsius ?? 0) - 23.5) < 0.01)
        #expect(current.weatherCode == 0)
        #expect(current.time == ProviderFixture.instant("2023-07-30T22:00:00Z"))
    }

    @Test func nullsInsideArraysAreSkipped() throws {
        let json =
            #"{"latitude":1,"longitude":2,"utc_offset_seconds":0,"hourly":{"time":["2026-01-01T00:00","2026-01-01T01:00"],"uv_index":[null,2.5],"uv_index_clear_sky":[null,3.1]}}"#
        let forecast = try OpenMeteoParser.parse(Data(json.utf8))
        #expect(forecast.hourly == [HourlyUV(time: ProviderFixture.instant("2026-01-01T01:00:00Z"), uvi: 2.5, clearSkyUVI: 3.1)])
    }

    @Test(arguments: [
        ("", "not JSON"),
        ("<html>502 Bad Gateway</html>", "not JSON"),
        (#"{"latitude":1}"#, "missing 'longitude'"),
        (#"{"latitude":1,"longitude":2}"#, "no hourly, current or daily block"),
        (#"{"latitude":1,"longitude":2,"hourly":{"time":["2026-01-01T00:00"],"uv_index":[1,2]}}"#, "1 times"),
        (#"{"latitude":1,"longitude":2,"hourly":{"time":["yesterday"],"uv_index":[1]}}"#, "time 'yesterday'"),
        (#"{"latitude":"north","longitude":2}"#, "wrong type at 'latitude'"),
    ])
    func garbageIsMalformed(body: String, detail: String) {
        do {
            _ = try OpenMeteoParser.parse(Data(body.utf8))
            Issue.record("accepted \(body)")
        } catch {
            guard case .malformed(.openMeteo, let text) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(text.contains(detail), "\(text)")
        }
    }

    @Test func providerErrorsAreRefusals() {
        #expect(throws: ProviderError.refused(.openMeteo, "Latitude must be in range of -90 to 90°. Given: 95.0.")) {
            try OpenMeteoParser.parse(Data(#"{"error":true,"reason":"Latitude must be in range of -90 to 90°. Given: 95.0."}"#.utf8))
        }
    }
}
