import Foundation
import TestSupport
import Testing

@Suite("uvctl bad arguments")
struct ArgumentErrorTests {
    /// Each bad call exits 64 (EX_USAGE) and says what is wrong and what is allowed.
    @Test(arguments: [
        (["burn-time", "--skin-type", "VII", "--uvi", "5"], "Please provide one of"),
        (["burn-time", "--skin-type", "II", "--uvi", "-3"], "--uvi must be a number from 0 to 25"),
        (["burn-time", "--skin-type", "II", "--uvi", "5", "--spf", "20"], "'none', '15', '30'"),
        (["burn-time", "--skin-type", "II", "--uvi", "5", "--quantity", "heaps"], "'low', 'medium' or 'lots'"),
        (["burn-time", "--uvi", "5"], "Give --skin-type (uvd is not running to say your profile's)"),
        (["stauts"], "'stauts' is not a command. Did you mean 'status'?"),
        (["forcast", "--offline"], "Did you mean 'forecast'?"),
        (["skin", "quiz", "--answers", "1,2,3"], "needs 10 comma-separated answers"),
        (["skin", "quiz", "--answers", "1,2,3,4,5,0,0,0,0,0"], "each answer must be 0, 1, 2, 3 or 4"),
        (["sun", "--lat", "40"], "Give --lat and --lon together"),
        (["sun", "--lat", "95", "--lon", "0"], "--lat must be between -90 and 90"),
        (["sun", "--lat", "40", "--lon", "0", "--at", "yesterday"], "not an ISO 8601 time"),
        (["sun", "--lat", "40", "--lon", "0", "--cloud-cover", "150"], "--cloud-cover must be 0 to 100"),
        (["forecast", "--offline", "--date", "2026-02-30"], "is not a calendar date"),
        (["forecast", "--offline", "--tz", "Mars/Base"], "Unknown time zone 'Mars/Base'"),
        (["guide", "planets"], "levels"),
        // Offline, --location is a city or coordinates (it once computed for Greenwich, silently, whatever the name).
        (
            ["forecast", "--offline", "--location", "Xyzzyville"],
            "no place 'Xyzzyville' in the city list: give a city (\"Sydney\", \"Sydney, AU\", \"Paris, France\") or coordinates \"LAT,LON\" (e.g. \"-33.9,151.2\"); saved locations are uvd's: ask without --offline"
        ),
        (["wheel", "--offline", "--location", "Moon"], "no place 'Moon' in the city list"),
        (["forecast", "--offline", "--location", "Tokyo", "--lat", "1", "--lon", "1"], "Give --location or --lat/--lon, not both."),
        // Once ignored, silently: the daemon answers with the profile's skin type and the configured window.
        (["forecast", "--skin-type", "VI"], "--skin-type and --window go with --offline"),
        (["wheel", "--window", "6"], "--skin-type and --window go with --offline"),
        (["forecast", "--offline", "--days", "3", "--at", "12:00"], "--at points at an hour of one day's chart"),
        (["status", "--format", "waybar", "--json"], "Choose --json or --format, not both."),
        (["watch", "--format", "waybar", "--json"], "Choose --json or --format, not both."),
        (["watch", "--format", "xml"], "Please provide one of"),
        (["watch", "--format=xml"], "Please provide one of"),
        // Outside the years the solar model holds for (0001-01-01 was shown as 3 January).
        (["forecast", "--offline", "--date", "0001-01-01"], "--date '0001-01-01' is outside the years 1800 to 2100"),
        (["forecast", "--offline", "--at", "1500-06-01T12:00Z"], "--at '1500-06-01T12:00Z' is outside the years 1800 to 2100"),
        (["wheel", "--offline", "--date", "1700-06-01"], "--date '1700-06-01' is outside the years 1800 to 2100"),
        (["sun", "--lat", "0", "--lon", "0", "--at", "0001-01-01T00:00Z"], "--at '0001-01-01T00:00Z' is outside the years 1800 to 2100"),
        (["simulate", "--lat", "1", "--lon", "1", "--date", "2101-01-01"], "--date '2101-01-01' is outside the years 1800 to 2100"),
        // A negative number is a value to check against its range, not an unknown option.
        (["sun", "--lat", "40", "--lon", "0", "--ozone", "-5"], "--ozone must be 100 to 600 DU (got -5.0)"),
        (["history", "--limit", "-1"], "--limit must be 1 to 1000 (got -1)"),
        (["sunscreen", "apply", "--minutes-ago", "-5"], "--minutes-ago must be 0 to 720 (got -5)"),
        (["notify-test", "--seconds", "-1"], "--seconds must be 5 to 60 (got -1)"),
        (["profile", "set", "--water-resistance", "-40"], "--water-resistance must be 0, 40 or 80"),
    ])
    func exitsWithUsageError(arguments: [String], message: String) throws {
        let result = try ToolRunner.uvctl.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "stderr was: \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
