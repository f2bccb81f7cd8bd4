import Foundation
import TestSupport
import Testing

/// `uvctl sun`: the day's sun times, on the clock the user asked in.
@Suite("uvctl sun")
struct SunCommandTests {
    static let sydney = ["sun", "--lat", "-33.87", "--lon", "151.21"]

    /// The system clock is UTC here; an instant written at +11:00 is shown at +11:00, not as 01:00 UTC.
    @Test func timesAreOnTheClockTheInstantWasWrittenIn() throws {
        let result = try ToolRunner.uvctl.run(Self.sydney + ["--at", "2026-01-15T12:00+11:00"], environment: ["TZ": "UTC"])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix("15 January 2026 12:00 (UTC+11:00)") == true)
        // Sydney, 15 January 2026 (AEDT): NOAA's solar calculator gives about 05:59, 13:04 and 20:09.
        let day = try #require(lines.last?.firstMatch(of: /^Sunrise (\d\d):(\d\d) · solar noon (\d\d):(\d\d) · sunset (\d\d):(\d\d)$/))
        func minutes(_ hour: Substring, _ minute: Substring) -> Int { (Int(hour) ?? 0) * 60 + (Int(minute) ?? 0) }
        #expect(abs(minutes(day.1, day.2) - (5 * 60 + 59)) <= 3)
        #expect(abs(minutes(day.3, day.4) - (13 * 60 + 4)) <= 3)
        #expect(abs(minutes(day.5, day.6) - (20 * 60 + 9)) <= 3)
    }

    @Test func tzWinsOverTheInstantsOffset() throws {
        let result = try ToolRunner.uvctl.run(
            Self.sydney + ["--at", "2026-01-15T01:00Z", "--tz", "Australia/Sydney"], environment: ["TZ": "UTC"])
        #expect(result.stdout.hasPrefix("33.87°S 151.21°E · Thursday 15 January 2026 12:00 (Australia/Sydney)"))
    }

    @Test func polarDayAndNightSayWhatTheSunDoes() throws {
        let svalbard = ["sun", "--lat", "78.2", "--lon", "15.6"]
        let summer = try ToolRunner.uvctl.run(svalbard + ["--at", "2026-06-21T12:00+02:00"]).stdout
        #expect(summer.contains("Polar day: the Sun does not set; highest at "))
        let winter = try ToolRunner.uvctl.run(svalbard + ["--at", "2026-12-21T12:00+01:00", "--json"]).json()
        #expect(winter["sunrise"] is NSNull && winter["sunset"] is NSNull && winter["polar"] as? String == "polarNight")
        #expect((winter["solarNoon"] as? String)?.hasPrefix("2026-12-21T1") == true)
    }
}
