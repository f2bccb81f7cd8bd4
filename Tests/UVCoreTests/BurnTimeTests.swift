import Foundation
import PropertyBased
import Testing
import UVCore

@Suite("Burn time")
struct BurnTimeTests {
    private func minutes(_ burn: BurnTime) -> Double? {
        if case .minutes(let value) = burn { return value }
        return nil
    }

    @Test func calibration() {
        #expect(BurnTime(skinType: .I, uvi: 10) == .minutes(10))
        #expect(BurnTime(skinType: .II, uvi: 5) == .minutes(25))
        #expect(BurnTime(skinType: .III, uvi: 6, effectiveSPF: 5.477225575051661).wholeMinutes == 136)
    }

    @Test func clampsAndNoRisk() {
        #expect(BurnTime(skinType: .I, uvi: 25) == .minutes(5))
        #expect(BurnTime(skinType: .VI, uvi: 1) == .minutes(240))
        #expect(BurnTime(skinType: .I, uvi: 0) == .noRisk)
        #expect(BurnTime(skinType: .I, uvi: -2) == .noRisk)
    }

    @Test func alwaysWithinLimits() async {
        await propertyCheck(input: Gen<SkinType>.case, Gen.double(in: 0.001...30), Gen.double(in: 1...50)) { skin, uvi, spf in
            let value = minutes(BurnTime(skinType: skin, uvi: uvi, effectiveSPF: spf))
            #expect(value.map(BurnTime.limits.contains) == true)
        }
    }

    @Test func nonIncreasingInUVI() async {
        await propertyCheck(input: Gen<SkinType>.case, Gen.double(in: 0.01...20), Gen.double(in: 0...10), Gen.double(in: 1...50)) {
            skin, uvi, more, spf in
            let lower = minutes(BurnTime(skinType: skin, uvi: uvi, effectiveSPF: spf))!
            let higher = minutes(BurnTime(skinType: skin, uvi: uvi + more, effectiveSPF: spf))!
            #expect(higher <= lower)
        }
    }

    @Test func nonDecreasingInSPFDoseAndSkinType() async {
        await propertyCheck(
            input: Gen<SkinType>.case, Gen<SkinType>.case, Gen<SPF>.case, Gen<SPF>.case,
            Gen<SunscreenQuantity>.case, Gen<SunscreenQuantity>.case, Gen.double(in: 0.01...20)
        ) { skinA, skinB, spfA, spfB, quantityA, quantityB, uvi in
            let (skinLow, skinHigh) = skinA <= skinB ? (skinA, skinB) : (skinB, skinA)
            let (spfLow, spfHigh) = spfA.rawValue <= spfB.rawValue ? (spfA, spfB) : (spfB, spfA)
            let (doseLow, doseHigh) = quantityA.dose <= quantityB.dose ? (quantityA, quantityB) : (quantityB, quantityA)
            func burn(_ skin: SkinType, _ spf: SPF, _ quantity: SunscreenQuantity) -> Double {
                let effective = SunscreenApplication.effectiveSPF(spf: spf, quantity: quantity, activity: .normal, hoursSinceApplied: 0)
                return minutes(BurnTime(skinType: skin, uvi: uvi, effectiveSPF: effective))!
            }
            #expect(burn(skinLow, spfA, quantityA) <= burn(skinHigh, spfA, quantityA))
            #expect(burn(skinA, spfLow, quantityA) <= burn(skinA, spfHigh, quantityA))
            #expect(burn(skinA, spfA, doseLow) <= burn(skinA, spfA, doseHigh))
        }
    }

    @Test func integratedEqualsFormulaWhenConstant() async {
        let start = Fixture.instant("2026-01-15T01:00:00Z")
        await propertyCheck(input: Gen<SkinType>.case, Gen.double(in: 0.5...16), Gen.double(in: 1...30)) { skin, uvi, spf in
            let integrated = minutes(BurnTime(skinType: skin, from: start, uvi: { _ in uvi }, effectiveSPF: { _ in spf }))!
            let formula = minutes(BurnTime(skinType: skin, uvi: uvi, effectiveSPF: spf))!
            #expect(abs(integrated - formula) < 1e-6)
        }
    }

    @Test func wearingOffShortensTheSafeTime() throws {
        let applied = Fixture.instant("2026-01-15T01:00:00Z")
        let application = SunscreenApplication(spf: .spf30, quantity: .lots, activity: .active, appliedAt: applied)
        let decaying = try #require(
            minutes(BurnTime(skinType: .I, from: applied, uvi: { _ in 12 }, effectiveSPF: application.effectiveSPF(at:))))
        let fresh = try #require(minutes(BurnTime(skinType: .I, uvi: 12, effectiveSPF: 30)))
        #expect(decaying < fresh)
        #expect(decaying > minutes(BurnTime(skinType: .I, uvi: 12))!)
    }

    @Test func followsRisingUV() throws {
        let start = Fixture.instant("2026-01-15T00:00:00Z")
        let series = UVSeries([
            UVSample(time: start, uvi: 0), UVSample(time: start.addingTimeInterval(3600), uvi: 6),
            UVSample(time: start.addingTimeInterval(7200), uvi: 12),
        ])
        // ∫₀ᵀ 6t/60 dt / 0.5 = 200 J/m² for type I with UVI rising 0.1/min: T²·0.1 = 200 → T = 44.7 min.
        let safe = try #require(minutes(BurnTime(skinType: .I, from: start, uvi: series.uvi(at:))))
        #expect(abs(safe - sqrt(2000)) < 0.05)
    }

    @Test func noUVWithinTheHorizonIsNoRisk() {
        let night = Fixture.instant("2026-06-21T00:00:00Z")
        #expect(BurnTime(skinType: .I, from: night, uvi: { _ in 0 }) == .noRisk)
    }
}
