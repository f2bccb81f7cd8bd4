import Foundation
import Testing
import UVCore

/// A family member's name and birth month as uvd reads them from a user.
@Suite struct FamilyMemberTests {
    @Test(arguments: [("Mia", "Mia"), ("  Léa Dupont ", "Léa Dupont"), ("美咲", "美咲"), ("O'Brien-Smith", "O'Brien-Smith")])
    func namesAreTheUsersOwnText(text: String, name: String) throws {
        #expect(try FamilyMember.checkedName(text).get() == name)
    }

    @Test func emptyLongAndControlNamesAreRefusedSayingWhy() {
        #expect(FamilyMember.checkedName("   ") == .failure(.empty))
        #expect(FamilyMember.checkedName(String(repeating: "a", count: 33)) == .failure(.tooLong(33)))
        #expect(throws: Never.self) { try FamilyMember.checkedName(String(repeating: "é", count: 32)).get() }
        #expect(FamilyMember.checkedName("Mia\nRoot") == .failure(.control(0x0A)))
        #expect(FamilyMember.checkedName("Mia\u{1B}[31m") == .failure(.control(0x1B)))
        // A right-to-left override would turn the line it is printed in around.
        #expect(FamilyMember.checkedName("Mia\u{202E}") == .failure(.control(0x202E)))
        #expect(FamilyMember.NameProblem.control(0x1B).description.contains("U+001B"))
    }

    @Test(arguments: ["2024-3", "24-03", "2024-13", "2024-00", "2024/03", "1899-12", "", "2024-03-01", "２０２４-03"])
    func whatIsNoMonthIsRefused(text: String) {
        #expect(BirthMonth(parsing: text) == nil)
    }

    @Test func anAgeIsCountedInWholeMonthsOnThePlacesCalendar() throws {
        let born = try #require(BirthMonth(parsing: "2026-03"))
        #expect(born.description == "2026-03")
        let sydney = try #require(Zone(identifier: "Australia/Sydney"))
        // 31 August 2026, 23:30 UTC: already 1 September in Sydney.
        let now = try #require(ISO8601DateFormatter().date(from: "2026-08-31T23:30:00Z"))
        #expect(born.ageInMonths(at: now, in: sydney) == 6)
        #expect(born.ageInMonths(at: now, in: .utc) == 5)
        #expect(try #require(BirthMonth(parsing: "2026-10")).ageInMonths(at: now, in: .utc) < 0)
    }

    @Test func aMemberIsKeptAsWrittenAndReadBack() throws {
        let member = FamilyMember(name: "Mia", skinType: .I, born: BirthMonth(parsing: "2025-11"), spf: .spf50)
        let text = String(decoding: try JSONEncoder().encode(member), as: UTF8.self)
        #expect(text.contains("\"2025-11\""))
        #expect(try JSONDecoder().decode(FamilyMember.self, from: Data(text.utf8)) == member)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(FamilyMember.self, from: Data(#"{"name":"Mia","skinType":1,"born":"2025-13"}"#.utf8))
        }
    }
}
