import Testing
import UVCore

/// `uvctl simulate --family` (`FamilyList`): read with `uvctl family add`'s checks, each refusal naming the entry.
@Suite struct FamilyListTests {
    @Test func peopleAreReadInOrder() throws {
        let members = try FamilyList.members("Mia:I:2019-06,Sam:4").get()
        #expect(
            members == [
                FamilyMember(name: "Mia", skinType: .I, born: BirthMonth(parsing: "2019-06")), FamilyMember(name: "Sam", skinType: .IV),
            ])
    }

    @Test(arguments: [
        ("Mia", "--family 'Mia': each person is NAME:TYPE or NAME:TYPE:YYYY-MM, e.g. Mia:I:2019-06."),
        ("Mia:VII", "--family 'Mia:VII': the skin type must be I to VI (or 1 to 6)."),
        ("Mia:I:2019-13", "--family 'Mia:I:2019-13': the birth month must be YYYY-MM, e.g. 2019-06."),
        ("Mia:I,mia:2", "--family 'mia:2': mia is named twice."),
        ("Mia:I,", "--family '': each person is NAME:TYPE or NAME:TYPE:YYYY-MM, e.g. Mia:I:2019-06."),
        ((1...13).map { "P\($0):I" }.joined(separator: ","), "--family: at most 12 people besides you (got 13)."),
    ])
    func whatIsWrongIsNamed(_ text: String, _ message: String) {
        guard case .failure(let problem) = FamilyList.members(text) else {
            Issue.record("\(text) was read")
            return
        }
        #expect(problem.description == message)
    }

    @Test func aNameWithAControlCharacterIsRefused() {
        guard case .failure(let problem) = FamilyList.members("Mi\ta:I") else {
            Issue.record("a tab in a name was read")
            return
        }
        #expect(problem.description.hasPrefix("--family 'Mi\ta:I': "))
    }
}
