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
        Question(topic: "eye colour", text: "What colour are your eyes?", answers: [
            "Light blue, light grey or light green", "Blue, grey or green", "Hazel or light brown",
            "Dark brown", "Brownish black",
        ]),
        Question(topic: "hair colour", text: "What is your natural hair colour?", answers: [
            "Red or light blonde", "Blonde", "Dark blonde or light brown", "Dark brown", "Black",
        ]),
        Question(topic: "skin colour", text: "What colour is your skin where it is not exposed to the sun?", answers: [
            "Ivory white", "Fair or pale", "Fair to beige, with a golden tint", "Olive or light brown",
            "Dark brown or black",
        ]),
        Question(topic: "freckles", text: "How many freckles do you have on unexposed skin?", answers: [
            "Many", "Several", "A few", "Very few", "None",
        ]),
        Question(topic: "burn reaction", text: "What happens when you stay in the sun too long?", answers: [
            "Painful redness, blistering and peeling", "Blistering followed by peeling",
            "Burns, sometimes followed by peeling", "Rare burns", "Never had burns",
        ]),
        Question(topic: "tan depth", text: "How deeply do you tan?", answers: [
            "Hardly or not at all", "Light tan", "Reasonable tan", "Tan very easily", "Turn dark brown quickly",
        ]),
        Question(topic: "tanning", text: "Do you turn brown within a few hours of sun exposure?", answers: [
            "Never", "Seldom", "Sometimes", "Often", "Always",
        ]),
        Question(topic: "face sensitivity", text: "How does your face react to the sun?", answers: [
            "Very sensitive", "Sensitive", "Normal", "Very resistant", "Never had a problem",
        ]),
        Question(topic: "tanning frequency", text: "How often do you tan, in the sun or otherwise?", answers: [
            "Never", "Hardly ever", "Sometimes", "Often", "Always",
        ]),
        Question(topic: "last exposure", text: "When did you last expose your body to the sun or a tanning lamp?", answers: [
            "More than 3 months ago", "2–3 months ago", "1–2 months ago", "Less than a month ago",
            "Less than 2 weeks ago",
        ]),
    ]

    /// Why a set of answers cannot be scored.
    public enum AnswerError: Error, Equatable, CustomStringConvertible {
        case wrongCount(Int)
        case outOfRange(question: Int, value: Int)

        public var description: String {
            switch self {
            case .wrongCount(let count):
                "expected \(SkinQuiz.questions.count) answers, got \(count)"
            case .outOfRange(let question, let value):
                "answer \(question) is \(value); each answer must be 0, 1, 2, 3 or 4"
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
