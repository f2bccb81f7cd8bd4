import Testing
import UVCore

@Suite("WHO UV levels")
struct UVLevelTests {
    @Test(arguments: [
        (0.0, UVLevel.low), (2.0, .low), (2.49, .low), (2.5, .moderate), (3, .moderate), (5.4, .moderate),
        (5.5, .high), (7, .high), (7.6, .veryHigh), (10.4, .veryHigh), (10.5, .extreme), (11, .extreme), (16, .extreme),
    ])
    func classifiesRoundedIndex(uvi: Double, level: UVLevel) {
        #expect(UVLevel(uvi: uvi) == level)
    }

    @Test func negativeReadingsAreLow() {
        #expect(UVLevel(uvi: -1) == .low)
    }

    @Test func coloursFollowWHO() {
        #expect(UVLevel.allCases.map(\.colorName) == ["green", "yellow", "orange", "red", "violet"])
        #expect(UVLevel.allCases.map(\.range) == ["0–2", "3–5", "6–7", "8–10", "11+"])
    }

    @Test func adviceMatchesWHOBands() {
        #expect(UVLevel.low.advice == "You can safely stay outside.")
        #expect(UVLevel.moderate.advice == UVLevel.high.advice)
        #expect(UVLevel.high.advice.hasPrefix("Seek shade during midday hours."))
        #expect(UVLevel.veryHigh.advice == UVLevel.extreme.advice)
        #expect(UVLevel.extreme.advice.hasPrefix("Avoid being outside during midday hours."))
    }
}
