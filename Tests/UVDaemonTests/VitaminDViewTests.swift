import Foundation
import Testing
import UVCore
import UVEngine
import UVProtocol

@testable import UVDaemon

/// A day's vitamin D as the daemon says it: one computation behind the status, the forecast and
/// `GetVitaminD`, each family member's own, and a baby told shade.
@Suite struct VitaminDViewTests {
    static let now = ISO8601DateFormatter().date(from: "2026-01-15T08:00:00+11:00")!

    private func coreWithFamily() async throws -> InProcessCore {
        let shell = try InProcessCore()
        await shell.startEngine(now: Self.now)
        try await shell.core.run(.addMember(FamilyMember(name: "Mia", skinType: .III, born: BirthMonth(parsing: "2019-05"))), now: Self.now)
        try await shell.core.run(.addMember(FamilyMember(name: "Leo", skinType: .II, born: BirthMonth(parsing: "2025-10"))), now: Self.now)
        return shell
    }

    @Test func statusForecastAndTheMethodSayTheSame() async throws {
        let shell = try await coreWithFamily()
        let status = try await shell.core.read { core throws(Refusal) in try core.status(now: Self.now) }
        let forecast = try await shell.core.read { core throws(Refusal) in try core.forecast(now: Self.now, location: nil, date: nil) }
        let asked = try await shell.core.read { core throws(Refusal) in
            try core.vitaminD(
                now: Self.now, location: nil, parameters: VitaminDParameters(location: nil, date: nil, skinType: nil, exposed: nil))
        }
        let vitaminD = try #require(status.vitaminD)
        #expect(forecast.vitaminD == vitaminD)
        #expect(asked == vitaminD)
        #expect(vitaminD.people.map(\.name) == [FamilyStatusInfo.you, "Mia", "Leo"])
        #expect(vitaminD.people[0].best == vitaminD.best)
        #expect(vitaminD.people[1].best != nil && !vitaminD.people[1].shade)
        #expect(vitaminD.people[2].shade && vitaminD.people[2].best == nil)
        #expect(vitaminD.exposed.value == .faceArmsAndHands)
    }

    @Test func aDarkerSkinAndLessBareSkinTakeLonger() async throws {
        let shell = try await coreWithFamily()
        func best(_ skinType: SkinType, _ exposed: SkinExposure) async throws -> Int {
            let info = try await shell.core.read { core throws(Refusal) in
                try core.vitaminD(
                    now: Self.now, location: nil,
                    parameters: VitaminDParameters(location: nil, date: nil, skinType: skinType, exposed: exposed))
            }
            return try #require(info.best).minutes
        }
        let fair = try await best(.II, .faceArmsAndHands)
        #expect(try await best(.VI, .faceArmsAndHands) >= 3 * fair)
        #expect(try await best(.II, .faceAndHands) > fair)
        #expect(try await best(.II, .swimwear) < fair)
    }

    @Test func aPolarWinterDayNamesTheNextDayThatCan() async throws {
        let shell = try await coreWithFamily()
        let info = try await shell.core.read { core throws(Refusal) in
            try core.vitaminD(
                now: Self.now, location: AskedLocation(lookingUp: "Tromsø"),
                parameters: VitaminDParameters(location: "Tromsø", date: CalendarDate(parsing: "2026-12-15"), skinType: nil, exposed: nil))
        }
        #expect(info.best == nil && info.sunTooLow)
        let next = try #require(info.nextDay?.value)
        #expect(next.year == 2027 && (2...3).contains(next.month))
        #expect(info.people.allSatisfy { $0.best == nil })
    }

    @Test func aDateOutsideTheSolarModelIsRefused() async throws {
        let shell = try await coreWithFamily()
        await #expect(throws: Refusal.self) {
            try await shell.core.read { core throws(Refusal) in
                try core.vitaminD(
                    now: Self.now, location: nil,
                    parameters: VitaminDParameters(location: nil, date: CalendarDate(parsing: "2150-06-01"), skinType: nil, exposed: nil))
            }
        }
    }
}
