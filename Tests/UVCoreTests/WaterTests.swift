import Foundation
import Testing

@testable import UVCore

/// Water past the product's labelled resistance takes the protection off: from then on the skin
/// burns as if bare, and the reapply time is that moment.
@Suite("Water and sunscreen")
struct WaterTests {
    static let applied = Date(timeIntervalSince1970: 1_768_430_000)
    static let water = applied.addingTimeInterval(30 * 60)

    private func application(_ resistance: WaterResistance) -> SunscreenApplication {
        SunscreenApplication(spf: .spf50, quantity: .lots, appliedAt: Self.applied, waterResistance: resistance, waterEventAt: Self.water)
    }

    @Test func withoutWaterResistanceProtectionEndsInTheWater() {
        let washed = application(.none)
        #expect(washed.effectiveSPF(at: Self.water.addingTimeInterval(-60)) > 40)
        #expect(washed.effectiveSPF(at: Self.water.addingTimeInterval(60)) == 1)
        let reapply = ReapplyTime(application: washed, skinType: .II, uvi: { _ in 9 })
        #expect(reapply.date == Self.water && reapply.reason == .water)
    }

    @Test func waterResistanceHoldsForItsLabelledMinutes() {
        let resistant = application(.minutes40)
        #expect(resistant.effectiveSPF(at: Self.water.addingTimeInterval(39 * 60)) > 1)
        #expect(resistant.effectiveSPF(at: Self.water.addingTimeInterval(40 * 60)) == 1)
    }

    @Test func burnTimeAfterWaterIsTheUnprotectedOne() {
        let washed = application(.none)
        let after = Self.water.addingTimeInterval(5 * 60)
        let protected = BurnTime(skinType: .II, from: after, uvi: { _ in 9 }, effectiveSPF: washed.effectiveSPF(at:))
        let bare = BurnTime(skinType: .II, from: after, uvi: { _ in 9 }, effectiveSPF: { _ in 1 })
        #expect(protected.wholeMinutes == bare.wholeMinutes)
    }
}

/// The countdown's stage changes exactly at the instants it names.
@Suite("Reapply countdown")
struct ReapplyCountdownChangeTests {
    @Test func theStageChangesAtEachNamedInstant() {
        let reapply = Date(timeIntervalSince1970: 1_768_440_000)
        let stages = ReapplyCountdown.changes(before: reapply).map { change in
            (ReapplyCountdown(reapplyAt: reapply, now: change.addingTimeInterval(-1)), ReapplyCountdown(reapplyAt: reapply, now: change))
        }
        #expect(stages.map(\.0) == [.normal, .attention, .urgent])
        #expect(stages.map(\.1) == [.attention, .urgent, .now])
    }
}
