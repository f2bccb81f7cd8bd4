import Testing
import UVCore

@Suite("Fitzpatrick skin types")
struct SkinTests {
    @Test func minimalErythemalDoses() {
        #expect(SkinType.allCases.map(\.minimalErythemalDose) == [200, 250, 300, 450, 600, 1000])
    }

    @Test(arguments: [
        (0, SkinType.I), (6, .I), (7, .II), (13, .II), (14, .III), (20, .III),
        (21, .IV), (27, .IV), (28, .V), (34, .V), (35, .VI), (40, .VI),
    ])
    func questionnaireBandEdges(score: Int, type: SkinType) {
        #expect(SkinQuiz.skinType(forScore: score) == type)
    }

    @Test func tenQuestionsOfFiveAnswers() {
        #expect(SkinQuiz.questions.count == 10)
        #expect(SkinQuiz.questions.allSatisfy { $0.answers.count == 5 })
        #expect(
            SkinQuiz.questions.map(\.topic) == [
                "eye colour", "hair colour", "skin colour", "freckles", "burn reaction",
                "tan depth", "tanning", "face sensitivity", "tanning frequency", "last exposure",
            ])
    }

    @Test func scoresAnswers() throws {
        #expect(try SkinQuiz.score([1, 0, 1, 2, 1, 0, 1, 1, 0, 2]) == 9)
        #expect(throws: SkinQuiz.AnswerError.wrongCount(3)) { try SkinQuiz.score([1, 2, 3]) }
        #expect(throws: SkinQuiz.AnswerError.outOfRange(question: 4, value: 5)) {
            try SkinQuiz.score([0, 0, 0, 5, 0, 0, 0, 0, 0, 0])
        }
    }

    @Test func parsesNumeralsAndDigits() {
        #expect(SkinType(parsing: "iv") == .IV)
        #expect(SkinType(parsing: "6") == .VI)
        #expect(SkinType(parsing: "VII") == nil)
        #expect(SkinType(parsing: "0") == nil)
    }
}
