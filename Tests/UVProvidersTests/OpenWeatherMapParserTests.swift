import Foundation
import TestSupport
import Testing
import UVCore

@testable import UVProviders

@Suite("OpenWeatherMap One Call 3.0")
struct OpenWeatherMapParserTests {
    @Test func documentedSample() throws {
        let forecast = try OpenWeatherMapParser.parse(ProviderFixture.data("owm-onecall3-current-sampleResult.json"), units: .standard)
        let current = try #require(forecast.current)
        #expect(current.uvi == 0.16)
        #expect(current.time == Date(timeIntervalSince1970: 1_684_929_490))
        #expect(abs((current.temperatureCelsius ?? 0) - 19.4) < 0.001)
        #expect(current.cloudCoverPercent == 53)
        #expect(forecast.utcOffsetSeconds == -18_000)
    }

    @Test func hourlyAndDailyInMetric() throws {
        let json =
            #"{"lat":-33.87,"lon":151.21,"timezone_offset":39600,"hourly":[{"dt":1768438800,"uvi":9.5,"clouds":20,"temp":27}],"daily":[{"dt":1768438800,"uvi":12.1}]}"#
        let forecast = try OpenWeatherMapParser.parse(Data(json.utf8), units: .metric)
        #expect(forecast.hourly == [HourlyUV(time: Date(timeIntervalSince1970: 1_768_438_800), uvi: 9.5, cloudCoverPercent: 20)])
        #expect(forecast.daily == [DailyUV(date: "2026-01-15", maxUVI: 12.1)])
    }

    @Test func errorsNameTheReason() {
        #expect(
            throws: ProviderError.refused(
                .openWeatherMap, "401: Invalid API key. Please see https://openweathermap.org/faq#error401 for more info.")
        ) {
            try OpenWeatherMapParser.parse(
                Data(#"{"cod":401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}"#.utf8),
                units: .metric)
        }
        #expect(throws: ProviderError.refused(.openWeatherMap, "400: wrong latitude")) {
            try OpenWeatherMapParser.parse(Data(#"{"cod":"400","message":"wrong latitude"}"#.utf8), units: .metric)
        }
    }

    @Test(arguments: ["", "[]", #"{"lat":1,"lon":2}"#, #"{"lat":1,"lon":2,"current":{"uvi":3}}"#])
    func garbageIsMalformed(body: String) {
        #expect(throws: ProviderError.self) { try OpenWeatherMapParser.parse(Data(body.utf8), units: .metric) }
    }
}
