import Testing
import UVCore

/// The weather beside the UV: every WMO code Open-Meteo documents has words and nothing else
/// does; the temperature's unit follows the locale's region.
@Suite struct WeatherTests {
    static let documented = [0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95, 96, 99]

    @Test func everyDocumentedCodeHasWordsAndOnlyThose() {
        for code in 0...99 {
            #expect((Weather.condition(wmoCode: code) != nil) == Self.documented.contains(code), "code \(code)")
        }
        #expect(Weather.condition(wmoCode: 2) == "partly cloudy")
        #expect(Weather.condition(wmoCode: 99) == "thunderstorm with hail")
    }

    @Test(arguments: [
        (["LANG": "en_US.UTF-8"], true), (["LANG": "en_AU.UTF-8"], false), (["LANG": "C.UTF-8"], false), ([:], false),
        (["LANG": "en_GB.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8"], true), (["LC_ALL": "fr_FR.UTF-8", "LANG": "en_US.UTF-8"], false),
        (["LANG": "my_MM.UTF-8"], true), (["LANG": "es_US"], true), (["LC_ALL": "", "LANG": "en_US"], true),
    ])
    func fahrenheitWhereTheRegionUsesIt(environment: [String: String], fahrenheit: Bool) {
        #expect(Weather.usesFahrenheit(environment: environment) == fahrenheit)
    }

    @Test func temperaturesToTheWholeDegree() {
        #expect(Weather.temperature(celsius: 24.5, fahrenheit: false) == "25 °C")
        #expect(Weather.temperature(celsius: 24.5, fahrenheit: true) == "76 °F")
        #expect(Weather.temperature(celsius: -40, fahrenheit: true) == "-40 °F")
    }
}
