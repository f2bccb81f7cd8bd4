import Foundation
import Testing

@testable import UVCore

@Suite("The years uvd computes")
struct ComputedYearsTests {
    @Test(arguments: [
        ("1800-01-01", true), ("2100-12-31", true), ("1799-12-31", false), ("2101-01-01", false), ("0001-01-01", false),
    ])
    func daysAreCountedByTheirYearAsWritten(date: String, inside: Bool) throws {
        #expect(try #require(CalendarDate(parsing: date)).isComputed == inside)
    }

    /// What is no date of the calendar is no day at all: not read, so never counted.
    @Test(arguments: ["1800-1-1", "2026-02-30", "2026-13-01", "2026-01-01T00:00", " 2026-01-01", ""])
    func textThatIsNoDateIsNotRead(text: String) {
        #expect(CalendarDate(parsing: text) == nil)
    }

    /// An instant counts when it is in those years on some clock: up to 14 hours past either edge.
    @Test(arguments: [
        ("1800-01-01T00:00+01:00", true), ("1799-12-31T10:00Z", true), ("1799-12-31T09:59Z", false),
        ("2100-12-31T23:59-12:00", true), ("2101-01-01T13:59Z", true), ("2101-01-01T14:00Z", false),
    ])
    func instantsAreCountedOnAnyClock(instant: String, inside: Bool) throws {
        #expect(ComputedYears.contains(try #require(ISOInstant.parse(instant))) == inside)
    }
}
