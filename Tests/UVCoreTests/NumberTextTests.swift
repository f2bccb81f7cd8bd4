import Foundation
import Testing
import UVCore

/// uvd's own number writing agrees with `printf` (through `String(format:)`, the oracle) digit
/// for digit, ties and binary near-ties included.
@Suite struct NumberTextTests {
    @Test(arguments: [
        0.15, 0.25, 0.35, 2.5, 3.5, 9.45, 9.449999, 0.05, 1.005, -0.04, -0.05, -2.5, 0, -0.0, 12.345, 0.5, 1.5, 1e14 + 0.5, 123456.789,
    ])
    func agreesWithPrintf(value: Double) {
        for places in 0...6 {
            #expect(value.fixed(places) == String(format: "%.\(places)f", value), "\(value) with \(places) places")
        }
    }

    @Test func agreesWithPrintfOnManyValues() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let places = Int.random(in: 0...4, using: &generator)
            // Halves and quarters of small decimals: the values where rounding goes wrong.
            let value =
                Bool.random(using: &generator)
                ? Double(Int.random(in: -100_000...100_000, using: &generator)) / [2, 4, 8, 20, 200, 2000].randomElement(using: &generator)!
                : Double.random(in: -1e6...1e6, using: &generator)
            #expect(value.fixed(places) == String(format: "%.\(places)f", value), "\(value) with \(places) places")
        }
    }

    @Test func outsideTheRoundedRangeNothingTraps() {
        #expect(Double.nan.fixed(1) == "nan")
        #expect((-Double.infinity).fixed(1) == "-inf")
        #expect(Double.greatestFiniteMagnitude.fixed(2) == Double.greatestFiniteMagnitude.description)
        #expect(1.5.fixed(-3) == "2" && 1.25.fixed(40) == "1.250000000")
    }

    @Test func integersPadAsPrintfDoes() {
        for (value, width) in [(7, 2), (-7, 3), (2026, 4), (5, 0), (0, 2), (Int.min, 4)] {
            #expect(value.zeroPadded(width) == String(format: "%0\(width)ld", value))
        }
    }

    @Test func plainNumbersHaveNoTrailingZero() {
        #expect(12.0.plain == "12" && 0.5.plain == "0.5" && (-3.0).plain == "-3" && 2.25.plain == "2.25")
        #expect(1e300.plain == "1e+300")
    }
}
