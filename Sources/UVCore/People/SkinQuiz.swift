/// The Fitzpatrick self-assessment: ten questions answered 0–4, summed, and banded into a type.
///
/// Questions and bands follow the questionnaire in common clinical use (after Fitzpatrick 1988,
/// "The validity and practicality of sun-reactive skin types I through VI", Arch Dermatol 124):
/// total 0–6 → I, 7–13 → II, 14–20 → III, 21–27 → IV, 28–34 → V, 35–40 → VI.
public enum SkinQuiz {
    /// One question with its five answers, worth 0 to 4 points in order.
    public struct Question: Sendable {
        public let topic: String
        public let text: String
        public let answers: [String]
    }

    public static let questions: [Question] = [
        Question(
            topic: "eye colour", text: tr("What colour are your eyes?"),
            answers: [
                tr("Light blue, light grey or light green"), tr("Blue, grey or green"), tr("Hazel or light brown"),
                tr("Dark brown"), tr("Brownish black"),
            ]),
        Question(
            topic: "hair colour", text: tr("What is your natural hair colour?"),
            answers: [
                tr("Red or light blonde"), tr("Blonde"), tr("Dark blonde or light brown"), tr("Dark brown"), tr("Black"),
            ]),
        Question(
            topic: "skin colour", text: tr("What colour is your skin where it is not exposed to the sun?"),
            answers: [
                tr("Ivory white"), tr("Fair or pale"), tr("Fair to beige, with a golden tint"), tr("Olive or light brown"),
                tr("Dark brown or black"),
            ]),
        Question(
            topic: "freckles", text: tr("How many freckles do you have on unexposed skin?"),
            answers: [
                tr("Many"), tr("Several"), tr("A few"), tr("Very few"), tr("None"),
            ]),
        Question(
            topic: "burn reaction", text: tr("What happens when you stay in the sun too long?"),
            answers: [
                tr("Painful redness, blistering and peeling"), tr("Blistering followed by peeling"),
                tr("Burns, sometimes followed by peeling"), tr("Rare burns"), tr("Never had burns"),
            ]),
        Question(
            topic: "tan depth", text: tr("How deeply do you tan?"),
            answers: [
                tr("Hardly or not at all"), tr("Light tan"), tr("Reasonable tan"), tr("Tan very easily"), tr("Turn dark brown quickly"),
            ]),
        Question(
            topic: "tanning", text: tr("Do you turn brown within a few hours of sun exposure?"),
            answers: [
                tr("Never"), tr("Seldom"), tr("Sometimes"), tr("Often"), tr("Always"),
            ]),
        Question(
            topic: "face sensitivity", text: tr("How does your face react to the sun?"),
            answers: [
                tr("Very sensitive"), tr("Sensitive"), tr("Normal"), tr("Very resistant"), tr("Never had a problem"),
            ]),
        Question(
            topic: "tanning frequency", text: tr("How often do you tan, in the sun or otherwise?"),
            answers: [
                tr("Never"), tr("Hardly ever"), tr("Sometimes"), tr("Often"), tr("Always"),
            ]),
        Question(
            topic: "last exposure", text: tr("When did you last expose your body to the sun or a tanning lamp?"),
            answers: [
                tr("More than 3 months ago"), tr("2–3 months ago"), tr("1–2 months ago"), tr("Less than a month ago"),
                tr("Less than 2 weeks ago"),
            ]),
    ]

    /// Why a set of answers cannot be scored.
    public enum AnswerError: Error, Equatable, CustomStringConvertible {
        case wrongCount(Int)
        case outOfRange(question: Int, value: Int)

        public var description: String {
            switch self {
            case .wrongCount(let count):
                trn(
                    "expected %1$@ answer, got %2$@", "expected %1$@ answers, got %2$@", count: SkinQuiz.questions.count,
                    SkinQuiz.questions.count, count)
            case .outOfRange(let question, let value):
                tr("answer %1$@ is %2$@; each answer must be 0, 1, 2, 3 or 4", question, value)
            }
        }
    }

    /// The total of ten answers, each 0–4.
    public static func score(_ answers: [Int]) throws(AnswerError) -> Int {
        guard answers.count == questions.count else { throw .wrongCount(answers.count) }
        for (index, value) in answers.enumerated() where !(0...4).contains(value) {
            throw .outOfRange(question: index + 1, value: value)
        }
        return answers.reduce(0, +)
    }

    /// The skin type for a total score.
    public static func skinType(forScore score: Int) -> SkinType {
        switch score {
        case ...6: .I
        case ...13: .II
        case ...20: .III
        case ...27: .IV
        case ...34: .V
        default: .VI
        }
    }
}
