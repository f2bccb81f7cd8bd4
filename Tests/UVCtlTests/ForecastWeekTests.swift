import Foundation
import TestSupport
import Testing

/// `uvctl forecast --days N`: N days of daily maxima, each in its row, modelled days marked.
@Suite("uvctl forecast --days")
struct ForecastWeekTests {
    static let sydney = ["forecast", "--offline", "--lat", "-33.87", "--lon", "151.21", "--tz", "Australia/Sydney", "--date", "2026-01-15"]

    @Test func aWeekOfDailyMaxima() throws {
        let result = try ToolRunner.uvctl.run(Self.sydney + ["--days", "7"])
        #expect(result.status == 0)
        let rows = result.stdout.split(separator: "\n").filter { $0.contains("█") }
        #expect(rows.count == 7)
        #expect(rows.first?.hasPrefix("Thu 15 Jan") == true && rows.last?.hasPrefix("Wed 21 Jan") == true)
        // Offline, every day is the clear-sky model's, marked and explained; January in Sydney is Extreme.
        #expect(rows.allSatisfy { $0.contains("* Extreme") })
        #expect(result.stdout.contains("clear-sky model"))
    }

    /// A negative count is refused with the range, not taken for an option ("Missing value").
    @Test(arguments: ["8", "-1", "0"])
    func countsOutsideAWeekAreRefused(days: String) throws {
        let result = try ToolRunner.uvctl.run(Self.sydney + ["--days", days])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--days takes 1 to 7, not \(days)"), "\(result.stderr)")
    }
}
