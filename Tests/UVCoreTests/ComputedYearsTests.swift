import Foundation
import Testing

@testable import UVCore

@Suite("The years uvd computes")
struct ComputedYearsTests {
    @Test(arguments: [
        ("1800-01-01", true), ("2100-12-31", true), ("1799-12-31", false), ("2101-01-01", false), ("0001-01-01", false),
        ("1800-1-1", false),
    ])
    func daysAreCountedByTheirYearAsWritten(date: String, inside: Bool) {
        #expect(ComputedYears.contains(isoDate: date) == inside)
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
