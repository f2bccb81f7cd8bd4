import Foundation
import Testing
import UVCore

@Suite("Reapply time")
struct ReapplyTimeTests {
    let applied = Fixture.instant("2026-01-15T00:05:00Z")

    @Test func twoHoursByDefault() {
        let application = SunscreenApplication(spf: .spf50, quantity: .lots, appliedAt: applied)
        let reapply = ReapplyTime(application: application, skinType: .III, uvi: { _ in 8 })
        #expect(reapply.date == applied.addingTimeInterval(7200))
        #expect(reapply.reason == .interval)
    }

    @Test func earlierWhenProtectionIsUsedUp() throws {
        // SPF 30 applied thinly (effective 2.3) under UVI 12: type I takes 200 J/m² in well under 2 h.
        let application = SunscreenApplication(spf: .spf30, quantity: .low, appliedAt: applied)
        let reapply = ReapplyTime(application: application, skinType: .I, uvi: { _ in 12 })
        #expect(reapply.reason == .protectionUsedUp)
        let minutes = reapply.date.timeIntervalSince(applied) / 60
        let fresh = try #require(BurnTime(skinType: .I, uvi: 12, effectiveSPF: pow(30, 0.25)).wholeMinutes)
        #expect(minutes < Double(fresh + 1) && minutes > 10)
    }

    @Test func waterEventPlusWaterResistance() {
        let swim = applied.addingTimeInterval(1800)
        for resistance in WaterResistance.allCases {
            let application = SunscreenApplication(
                spf: .spf50, quantity: .lots, activity: .active, appliedAt: applied,
                waterResistance: resistance, waterEventAt: swim)
            let reapply = ReapplyTime(application: application, skinType: .IV, uvi: { _ in 3 })
            #expect(reapply.date == swim.addingTimeInterval(resistance.duration))
            #expect(reapply.reason == .water)
        }
    }

    @Test func customInterval() {
        let application = SunscreenApplication(spf: .spf50, quantity: .lots, appliedAt: applied)
        let reapply = ReapplyTime(application: application, skinType: .VI, uvi: { _ in 2 }, interval: 5400)
        #expect(reapply.date == applied.addingTimeInterval(5400))
    }
}
