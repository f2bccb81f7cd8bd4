import ArgumentParser
import Foundation
import UVCore

/// `uvctl skin`: the Fitzpatrick skin type.
struct SkinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skin",
        abstract: "Find your Fitzpatrick skin type.",
        subcommands: [SkinQuizCommand.self]
    )
}

/// `uvctl skin quiz`: the ten-question self-assessment, asked or answered in one go.
struct SkinQuizCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quiz",
        abstract: "Ten questions that give your skin type.",
        discussion: "Without --answers the questions are asked one by one; answer each with 0 to 4."
    )

    @Option(help: ArgumentHelp("All ten answers at once, each 0 to 4, comma separated (e.g. 1,0,1,2,1,0,1,1,0,2).", valueName: "a1,…,a10"))
    var answers: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let answers { _ = try Self.parse(answers) }
    }

    func run() throws {
        let given = try answers.map(Self.parse) ?? ask()
        let score: Int
        do { score = try SkinQuiz.score(given) } catch { throw ValidationError("\(error).") }
        let type = SkinQuiz.skinType(forScore: score)

        if output.json {
            try JSONOutput.print(Report(
                score: score, skinType: type.numeral, minimalErythemalDose: type.minimalErythemalDose,
                description: type.summary, answers: given))
            return
        }
        let terminal = Terminal.standardOutput()
        print(terminal.bold("Skin type \(type.numeral)") + " (score \(score) of 40)")
        print(type.summary + ".")
        print("Use it with: uvctl burn-time --skin-type \(type.numeral) --uvi 8")
    }

    static func parse(_ text: String) throws -> [Int] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == SkinQuiz.questions.count else {
            throw ValidationError("--answers needs \(SkinQuiz.questions.count) comma-separated answers, each 0 to 4; got \(parts.count).")
        }
        return try parts.enumerated().map { index, part in
            guard let value = Int(part), (0...4).contains(value) else {
                throw ValidationError("Answer \(index + 1) of --answers is '\(part)'; each answer must be 0, 1, 2, 3 or 4.")
            }
            return value
        }
    }

    private func ask() throws -> [Int] {
        var given: [Int] = []
        for (index, question) in SkinQuiz.questions.enumerated() {
            print("\n\(index + 1)/\(SkinQuiz.questions.count) \(question.text)")
            for (value, answer) in question.answers.enumerated() { print("  \(value)  \(answer)") }
            while true {
                print("Answer 0–4: ", terminator: "")
                guard let line = readLine() else {
                    throw ValidationError("The quiz stopped at question \(index + 1): no answer on standard input.")
                }
                if let value = Int(line.trimmingCharacters(in: .whitespaces)), (0...4).contains(value) {
                    given.append(value)
                    break
                }
                print("Please type a number from 0 to 4.")
            }
        }
        print()
        return given
    }

    /// The `--json` shape.
    struct Report: Encodable {
        let score: Int
        let skinType: String
        let minimalErythemalDose: Double
        let description: String
        let answers: [Int]
    }
}
