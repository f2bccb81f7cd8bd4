import Foundation
import PropertyBased
import Testing
import UVCore

@Suite("Sunscreen and effective SPF")
struct SunscreenTests {
    private func fresh(_ spf: SPF, _ quantity: SunscreenQuantity) -> Double {
        SunscreenApplication.effectiveSPF(spf: spf, quantity: quantity, activity: .normal, hoursSinceApplied: 0)
    }

    /// The seed's worked examples.
    @Test func workedExamples() {
        #expect(abs(fresh(.spf30, .low) - 2.3) < 0.05)
        #expect(abs(fresh(.spf30, .medium) - 5.5) < 0.05)
        #expect(abs(fresh(.spf50, .medium) - 7.1) < 0.05)
        #expect(fresh(.spf50, .lots) == 50)
        #expect(fresh(.none, .lots) == 1)
    }

    @Test func decayRates() {
        #expect(abs(SunscreenActivity.normal.decay(afterHours: 1) - 0.10) < 1e-12)
        #expect(abs(SunscreenActivity.normal.decay(afterHours: 2) - 0.20) < 1e-12)
        #expect(abs(SunscreenActivity.active.decay(afterHours: 2) - 0.35) < 1e-12)
        #expect(SunscreenActivity.indoors.decay(afterHours: 2) == 0)
        #expect(abs(SunscreenActivity.indoors.decay(afterHours: 4) - 0.10) < 1e-12)
        #expect(SunscreenActivity.normal.decay(afterHours: 30) == 1)
        #expect(SunscreenActivity.active.decay(afterHours: -1) == 0)
    }

    @Test func wornOffProtectionIsOne() {
        #expect(SunscreenApplication.effectiveSPF(spf: .spf50, quantity: .lots, activity: .normal, hoursSinceApplied: 12) == 1)
    }

    @Test func beforeApplicationThereIsNoProtection() {
        let applied = Fixture.instant("2026-01-15T00:00:00Z")
        let application = SunscreenApplication(spf: .spf30, quantity: .lots, appliedAt: applied)
        #expect(application.effectiveSPF(at: applied.addingTimeInterval(-60)) == 1)
        #expect(application.effectiveSPF(at: applied) == 30)
        #expect(abs(application.effectiveSPF(at: applied.addingTimeInterval(3600)) - 27) < 1e-9)
    }

    @Test func effectiveSPFStaysBetweenOneAndTheLabel() async {
        await propertyCheck(input: Gen<SPF>.case, Gen<SunscreenQuantity>.case, Gen<SunscreenActivity>.case, Gen.double(in: 0...48)) {
            spf, quantity, activity, hours in
            let value = SunscreenApplication.effectiveSPF(spf: spf, quantity: quantity, activity: activity, hoursSinceApplied: hours)
            #expect(value >= 1 && value <= spf.label)
        }
    }

    @Test func protectionNeverGrowsWithTime() async {
        await propertyCheck(
            input: Gen<SPF>.case, Gen<SunscreenQuantity>.case, Gen<SunscreenActivity>.case, Gen.double(in: 0...24), Gen.double(in: 0...6)
        ) {
            spf, quantity, activity, hours, later in
            let now = SunscreenApplication.effectiveSPF(spf: spf, quantity: quantity, activity: activity, hoursSinceApplied: hours)
            let after = SunscreenApplication.effectiveSPF(
                spf: spf, quantity: quantity, activity: activity, hoursSinceApplied: hours + later)
            #expect(after <= now)
        }
    }

    @Test func parsesLabels() {
        #expect(SPF(parsing: "50+") == .spf50)
        #expect(SPF(parsing: "SPF 30") == .spf30)
        #expect(SPF(parsing: "none") == SPF.none)
        #expect(SPF(parsing: "20") == nil)
    }
}
