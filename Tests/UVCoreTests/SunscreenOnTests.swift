import Foundation
import Testing
import UVCore

/// Who wears which application: the last for everyone, each person's own recorded since, and a
/// member's own SPF under one for everyone; the reapply time is the earliest of them.
@Suite struct SunscreenOnTests {
    static let noon = Date(timeIntervalSince1970: 1_768_438_800)

    static func application(
        _ spf: SPF, _ quantity: SunscreenQuantity = .lots, minutesBefore minutes: Double, for wearer: SunscreenWearer = .everyone
    ) -> SunscreenApplication {
        SunscreenApplication(spf: spf, quantity: quantity, appliedAt: noon.addingTimeInterval(-minutes * 60), wearer: wearer)
    }

    @Test func whatWasRecordedLastIsOn() {
        var on = SunscreenOn()
        let everyone = Self.application(.spf30, minutesBefore: 120)
        let mias = Self.application(.spf50, minutesBefore: 30, for: .member("Mia"))
        on.record(everyone)
        on.record(mias)
        let mia = FamilyMember(name: "Mia", skinType: .I)
        #expect(on.user == everyone && on.worn(by: mia) == mias)
        #expect(on.worn(by: FamilyMember(name: "Sam", skinType: .II)) == everyone)

        // A later one for everyone takes the place of Mia's own.
        let again = Self.application(.spf15, minutesBefore: 10)
        on.record(again)
        #expect(on.applications == [again] && on.worn(by: mia) == again)
        // A correction (an earlier time, recorded later) is what is on.
        let corrected = Self.application(.spf15, minutesBefore: 90)
        on.record(corrected)
        #expect(on.user == corrected)
    }

    @Test func aMemberWithASunscreenOfTheirOwnWearsItUnderEveryones() {
        let on = SunscreenOn(Self.application(.spf15, minutesBefore: 60))
        #expect(on.worn(by: FamilyMember(name: "Ana", skinType: .II, spf: .spf50))?.spf == .spf50)
        // Put on them alone, it is as recorded.
        let own = SunscreenOn([
            Self.application(.spf15, minutesBefore: 60), Self.application(.spf30, minutesBefore: 30, for: .member("Ana")),
        ])
        #expect(own.worn(by: FamilyMember(name: "Ana", skinType: .II, spf: .spf50))?.spf == .spf30)
    }

    @Test func anEngineStateOfOneApplicationReadsAsEveryones() throws {
        let encoder = JSONEncoder()
        let one = try encoder.encode(Self.application(.spf30, minutesBefore: 60))
        let read = try JSONDecoder().decode(SunscreenOn.self, from: one)
        #expect(read.applications.count == 1 && read.user?.wearer == .everyone)
        let many = SunscreenOn([Self.application(.spf30, minutesBefore: 60), Self.application(.spf50, minutesBefore: 5, for: .user)])
        #expect(try JSONDecoder().decode(SunscreenOn.self, from: encoder.encode(many)) == many)
    }

    /// UV 8 all day, a thin SPF 15 (its protection, not the interval, sets the time): the
    /// reapply time is the earliest of each wearer's, each from their own application.
    @Test func theReapplyTimeIsWhoeverRunsOutFirst() throws {
        let day = DateInterval(start: Self.noon.addingTimeInterval(-12 * 3600), duration: 86_400)
        let series = UVSeries(stride(from: 0.0, through: 86_400, by: 3600).map { UVSample(time: day.start.addingTimeInterval($0), uvi: 8) })
        let family = [FamilyMember(name: "Mia", skinType: .I), FamilyMember(name: "Sam", skinType: .I)]
        func facts(_ on: SunscreenOn) -> DayFacts {
            DayFacts(
                .init(
                    day: day, series: series, skinType: .IV, sunscreen: on, window: .uvi3, reapplyInterval: 7200, family: family, zone: .utc
                ),
                now: Self.noon)
        }
        let everyone = Self.application(.spf15, .low, minutesBefore: 20)
        let together = facts(SunscreenOn(everyone))
        #expect(together.reapplyFirst == "Mia", "the fairest, first in the list")
        // Mia and Sam put theirs on since: the user's, oldest, runs out first.
        let fresher = facts(
            SunscreenOn([
                everyone, Self.application(.spf50, minutesBefore: 5, for: .member("Mia")),
                Self.application(.spf50, minutesBefore: 5, for: .member("Sam")),
            ]))
        let first = try #require(fresher.reapply?.date)
        #expect(fresher.reapplyFirst == nil && fresher.reapplyApplication == everyone)
        #expect(first > (try #require(together.reapply?.date)), "the user's skin lasts longer than Mia's")
    }
}
