import Foundation
import Testing
import UVCore
import UVProtocol

@testable import UVDaemon

/// The day a client asks the forecast for is a calendar day within the years uvd computes; any
/// other is refused with what is right, never answered for another day.
@Suite("Forecast dates from clients")
struct ForecastDateTests {
    @Test func aDayInTheComputedYearsIsAnswered() async throws {
        let shell = try InProcessCore()
        #expect(
            try await shell.core.read { try $0.forecast(now: Date(), location: nil, date: CalendarDate(parsing: "2026-01-15")) }.date
                .description
                == "2026-01-15")
    }

    /// `0001-01-01` was once answered and shown as Monday 3 January (the Julian calendar's name
    /// for that day). A text that is no date (`2026-02-30`) is refused as the call is read
    /// (`VarlinkCodecTests`).
    @Test(arguments: [
        ("0001-01-01", "date '0001-01-01' is outside the years 1800 to 2100, where uvd's solar model holds"),
        ("2101-01-01", "date '2101-01-01' is outside the years 1800 to 2100, where uvd's solar model holds"),
    ])
    func otherDaysAreRefused(date: String, message: String) async throws {
        let shell = try InProcessCore()
        await #expect(throws: Refusal(.invalidValue, message)) {
            try await shell.core.read { try $0.forecast(now: Date(), location: nil, date: CalendarDate(parsing: date)) }
        }
    }
}
