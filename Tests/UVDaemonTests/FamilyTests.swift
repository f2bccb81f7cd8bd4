import Foundation
import Testing
import UVCore
import UVEngine
import UVProtocol
import UVStore

@testable import UVDaemon

/// `uvctl family` as the core keeps it: each change kept before it is answered, with the user
/// always first; what is refused changes nothing.
@Suite struct FamilyTests {
    static let now = ISO8601DateFormatter().date(from: "2026-01-15T10:00:00+11:00")!

    private func names(_ reply: FamilyReply) -> [String] { reply.people.map(\.name) }

    @Test func membersAreAddedChangedAndRemovedAndKept() async throws {
        let shell = try InProcessCore()
        let core = shell.core
        await shell.startEngine(now: Self.now)
        let mia = FamilyMember(name: "Mia", skinType: .I, born: BirthMonth(parsing: "2025-11"))
        var reply: FamilyReply = try await core.command(.addMember(mia), now: Self.now)
        #expect(reply.people.first?.you == true)
        reply = try await core.command(.addMember(FamilyMember(name: "Sam", skinType: .III, spf: .spf50)), now: Self.now)
        #expect(names(reply).dropFirst() == ["Mia", "Sam"])
        #expect(reply.people[1].born?.description == "2025-11" && reply.people[2].spf?.value == .spf50)
        #expect(try shell.store.family() == [mia, FamilyMember(name: "Sam", skinType: .III, spf: .spf50)])

        reply = try await core.command(.setMember(name: "mia", MemberChange(skinType: .II, born: .some(nil))), now: Self.now)
        #expect(reply.people[1].skinType?.value == .II && reply.people[1].born == nil)
        reply = try await core.command(.removeMember(name: "SAM"), now: Self.now)
        #expect(names(reply).dropFirst() == ["Mia"])
        #expect(try shell.store.family() == [FamilyMember(name: "Mia", skinType: .II)])

        // uvd started again on the same store: the family is there.
        let again = try InProcessCore(sharing: shell)
        #expect(await again.core.read { $0.familyReply(now: Self.now) } == reply)
    }

    @Test func whatCannotBeIsRefusedAndChangesNothing() async throws {
        let shell = try InProcessCore()
        let core = shell.core
        await shell.startEngine(now: Self.now)
        try await core.run(.addMember(FamilyMember(name: "Mia", skinType: .I)), now: Self.now)
        let before = try shell.store.family()
        await #expect(throws: Refusal.self) {
            try await core.run(.addMember(FamilyMember(name: "mia", skinType: .IV)), now: Self.now)
        }
        await #expect(throws: Refusal.self) { try await core.run(.removeMember(name: "Noah"), now: Self.now) }
        await #expect(throws: Refusal.self) {
            try await core.run(.setMember(name: "Mia", MemberChange(born: .some(BirthMonth(parsing: "2026-02")))), now: Self.now)
        }
        #expect(try shell.store.family() == before)
        for name in ["", "Mia\nRoot", String(repeating: "x", count: 40)] {
            #expect(throws: Refusal.self) {
                try UVD.AddFamilyMember.command(FamilyMemberParameters(name: name, skinType: .I), now: Self.now)
            }
        }
        #expect(throws: Refusal.self) { try UVD.AddFamilyMember.command(FamilyMemberParameters(name: "Noah"), now: Self.now) }
    }

    /// With the database write-locked by another process, an addition is refused and nothing of
    /// it stays, in memory or on disk.
    @Test func anAdditionTheStoreRefusesIsTakenBack() async throws {
        let shell = try InProcessCore()
        let core = shell.core
        await shell.startEngine(now: Self.now)
        let holder = try WriteLock(database: shell.storeFile)
        defer { holder.release() }
        await #expect(throws: Refusal.self) {
            try await core.run(.addMember(FamilyMember(name: "Mia", skinType: .I)), now: Self.now)
        }
        holder.release()
        #expect(await core.read { $0.familyReply(now: Self.now) }.people.count == 1)
        #expect(try shell.store.family().isEmpty)
    }

    /// `uvctl status` has the family's line: each burn time the status's own computation, the
    /// first to burn named, a baby not timed.
    @Test func theStatusNamesWhoBurnsFirst() async throws {
        let shell = try InProcessCore()
        let core = shell.core
        await shell.startEngine(now: Self.now)
        #expect(try await core.read { try $0.status(now: Self.now) }.family == nil, "no family, no line")
        try await core.run(.profile(ProfileChange(skinType: .III)), now: Self.now)
        try await core.run(.addMember(FamilyMember(name: "Mia", skinType: .I)), now: Self.now)
        try await core.run(.addMember(FamilyMember(name: "Leo", skinType: .I, born: BirthMonth(parsing: "2025-10"))), now: Self.now)
        let status = try await core.read { try $0.status(now: Self.now) }
        let family = try #require(status.family)
        #expect(family.people.map(\.name) == ["you", "Mia", "Leo"])
        #expect(family.people[0].burnTimeMinutes == status.burnTimeMinutes)
        let mia = try #require(family.people.first { $0.name == "Mia" })
        if status.burnTimeMinutes.map({ $0 < 240 }) == true {
            #expect(family.firstToBurn == "Mia")
            let (miaMinutes, yours) = (try #require(mia.burnTimeMinutes), try #require(status.burnTimeMinutes))
            #expect(miaMinutes <= yours)
        }
        let leo = try #require(family.people.first { $0.name == "Leo" })
        #expect(leo.keepOutOfSun && leo.burnTimeMinutes == nil && leo.ageMonths == 3)
        // The tray's tooltip says the same line, from the same place.
        #expect(TrayView.tooltip(status).contains(family.sentence))
    }

    /// `uvctl dose`: each person's share of a burn from the same time outside, the user first.
    @Test func theDoseGivesEachPersonsShare() async throws {
        let shell = try InProcessCore()
        let core = shell.core
        await shell.startEngine(now: Self.now)
        try await core.run(.profile(ProfileChange(skinType: .III)), now: Self.now)
        try await core.run(.outside(OutsideParameters(action: .add, date: nil, span: ClockSpan(parsing: "09:00-10:00"))), now: Self.now)
        let alone = try await core.read { try $0.doseReply(now: Self.now, date: nil, days: nil) }.dose
        #expect(alone.people == nil)
        try await core.run(.addMember(FamilyMember(name: "Mia", skinType: .I)), now: Self.now)
        let dose = try await core.read { try $0.doseReply(now: Self.now, date: nil, days: nil) }.dose
        let people = try #require(dose.people)
        #expect(people.map(\.name) == ["you", "Mia"] && people[0].you && people[1].skinType.value == .I)
        #expect(people[0].burnDosePercent == dose.burnDosePercent && dose.burnDosePercent > 0)
        #expect(abs(people[1].burnDosePercent - dose.burnDosePercent * 300 / 200) < 1e-9)
    }

    /// `uvctl family off --today`: a parent alone at work gets their own readings, today only;
    /// `family off` holds until `family on`. Kept in the store.
    @Test func aFamilyNotOutGivesTheUserTheirOwnReadings() async throws {
        let shell = try InProcessCore()
        let core = shell.core
        await shell.startEngine(now: Self.now)
        try await core.run(.addMember(FamilyMember(name: "Mia", skinType: .I)), now: Self.now)
        #expect(try await core.read { try $0.status(now: Self.now) }.family != nil)

        var reply: FamilyReply = try await core.command(.familyOut(false, today: true), now: Self.now)
        #expect(!reply.out)
        #expect(try await core.read { try $0.status(now: Self.now) }.family == nil)
        #expect(await core.state.engine.family.isEmpty, "the rules name no one either")
        #expect(try shell.store.familyAway() == .on(DayKey(Self.now, in: InProcessCore.sydney.timeZone)))
        // The next day the family is out again by itself.
        let tomorrow = Self.now.addingTimeInterval(86_400)
        #expect(try await core.read { try $0.status(now: tomorrow) }.family != nil)

        reply = try await core.command(.familyOut(false, today: false), now: tomorrow)
        #expect(try await core.read { try $0.status(now: tomorrow.addingTimeInterval(86_400)) }.family == nil)
        reply = try await core.command(.familyOut(true, today: false), now: tomorrow)
        let away = try shell.store.familyAway()
        #expect(reply.out && away == nil)
    }
}
