import Foundation
import TestSupport
import Testing

@Suite("uvctl forecast --offline")
struct ForecastCommandTests {
    static let sydney = ["forecast", "--offline", "--lat", "-33.87", "--lon", "151.21", "--tz", "Australia/Sydney"]

    @Test(arguments: [("2026-10-04", 23, "+11:00"), ("2026-04-05", 25, "+10:00"), ("2026-01-15", 24, "+11:00")])
    func hoursOfTheLocalDay(date: String, count: Int, lastOffset: String) throws {
        let json = try ToolRunner.uvctl.run(Self.sydney + ["--date", date, "--json"]).json()
        let hours = try #require(json["hours"] as? [[String: Any]])
        #expect(hours.count == count)
        let times = hours.compactMap { $0["time"] as? String }
        #expect(times.first?.hasPrefix("\(date)T00:00:00") == true)
        #expect(times.last?.hasSuffix(lastOffset) == true)
        for hour in hours {
            #expect(hour["uvi"] is Double && hour["level"] is String)
            #expect(hour["burnTimeMinutes"] is Int || hour["burnTimeMinutes"] is NSNull)
        }
    }

    @Test func summerDayHasWindowPeakAndSun() throws {
        let json = try ToolRunner.uvctl.run(Self.sydney + ["--date", "2026-01-15", "--skin-type", "II", "--json"]).json()
        let window = try #require(json["window"] as? [String: Any])
        let peak = try #require(json["peak"] as? [String: Any])
        let start = try #require(window["start"] as? String)
        let end = try #require(window["end"] as? String)
        #expect(start.hasPrefix("2026-01-15T0") && start.hasSuffix("+11:00"))
        #expect(end.hasPrefix("2026-01-15T1"))
        #expect((peak["uvi"] as? Double ?? 0) > 11)
        #expect(json["sunrise"] is String && json["sunset"] is String)
        #expect(json["skinType"] as? String == "II")
        #expect(json["source"] as? String == "model")
    }

    /// Offline, a city is found in uvctl's own copy of the list, as the daemon finds it
    /// (`PlaceQuery.exactPlace`), with the city's time zone.
    @Test func aCityByNameWithoutTheDaemon() throws {
        let json = try ToolRunner.uvctl.run(["forecast", "--offline", "--location", "Tokyo", "--date", "2026-07-01", "--json"]).json()
        let location = try #require(json["location"] as? [String: Any])
        #expect(location["name"] as? String == "Tokyo, Japan" && location["timeZone"] as? String == "Asia/Tokyo")
        #expect((json["hours"] as? [[String: Any]])?.first?["time"] as? String == "2026-07-01T00:00:00+09:00")
    }

    @Test func polarNightHasNoWindowNorSunrise() throws {
        let json = try ToolRunner.uvctl.run([
            "forecast", "--offline", "--lat", "78.2", "--lon", "15.6", "--tz", "Arctic/Longyearbyen", "--date", "2026-12-21", "--json",
        ]).json()
        #expect(json["window"] is NSNull && json["peak"] is NSNull)
        #expect(json["sunrise"] is NSNull && json["sunset"] is NSNull)
    }

    @Test func chartMarksWindowAndPeak() throws {
        let result = try ToolRunner.uvctl.run(Self.sydney + ["--date", "2026-01-15"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Sunscreen window"))
        #expect(result.stdout.contains("┃ ▲"))
        #expect(result.stdout.contains("Extreme"))
        let rows = result.stdout.split(separator: "\n").filter { $0.contains(/^ *\d\d:00 +\d+\.\d/) }
        #expect(rows.count == 24)
    }

    @Test func zeroConfigurationUsesTheSystemTimeZone() throws {
        let sydney = try ToolRunner.uvctl.run(["forecast", "--offline", "--json"], environment: ["TZ": "Australia/Sydney"]).json()
        let location = try #require(sydney["location"] as? [String: Any])
        #expect(location["name"] as? String == "Sydney")
        #expect(location["isDefault"] as? Bool == false)

        let utc = try ToolRunner.uvctl.run(["forecast", "--offline"], environment: ["TZ": "Etc/UTC"])
        #expect(utc.stdout.contains("Greenwich"))
        #expect(utc.stdout.contains("default location — set yours with `uvctl location set`"))
    }

    @Test func twelveHourClockFromTheLocale() throws {
        let us = try ToolRunner.uvctl.run(Self.sydney + ["--date", "2026-01-15"], environment: ["LANG": "en_US.UTF-8"]).stdout
        let fr = try ToolRunner.uvctl.run(Self.sydney + ["--date", "2026-01-15"], environment: ["LANG": "fr_FR.UTF-8"]).stdout
        #expect(us.contains(" pm") && us.contains("12 pm"))
        #expect(!fr.contains(" pm") && fr.contains("13:00"))
    }
}
