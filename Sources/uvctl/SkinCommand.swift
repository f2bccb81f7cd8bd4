import ArgumentParser
import Foundation
import UVCore

/// `uvctl skin`: the Fitzpatrick skin type.
struct SkinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skin",
        abstract: tr("Find your Fitzpatrick skin type."),
        subcommands: [SkinQuizCommand.self]
    )
}

/// `uvctl skin quiz`: the ten-question self-assessment, asked or answered in one go.
struct SkinQuizCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quiz",
        abstract: tr("Ten questions that give your skin type."),
        discussion: tr("Without --answers the questions are asked one by one; answer each with 0 to 4.")
    )

    @Option(help: ArgumentHelp(tr("All ten answers at once, each 0 to 4, comma separated (e.g. 1,0,1,2,1,0,1,1,0,2)."), valueName: "a1,…,a10"))
    var answers: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let answers { _ = try Self.parse(answers) }
    }

    func run() throws {
        let given = try answers.map(Self.parse) ?? ask()
        let score: Int
        do { score = try SkinQuiz.score(given) } catch { throw ValidationError(tr("%1$@.", String(describing: error))) }
        let type = SkinQuiz.skinType(forScore: score)

        if output.json {
            try JSONOutput.print(Report(
                score: score, skinType: type.numeral, minimalErythemalDose: type.minimalErythemalDose,
                description: type.summary, answers: given))
            return
        }
        let terminal = Terminal.standardOutput()
        print(tr("%1$@ (score %2$@ of 40)", terminal.bold(tr("Skin type %1$@", type.numeral)), score))
        print(tr("%1$@.", type.summary))
        print(tr("Use it with: %1$@", "uvctl burn-time --skin-type \(type.numeral) --uvi 8"))
    }

    static func parse(_ text: String) throws -> [Int] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == SkinQuiz.questions.count else {
            throw ValidationError(tr("--answers needs %1$@ comma-separated answers, each 0 to 4; got %2$@.", SkinQuiz.questions.count, parts.count))
        }
        return try parts.enumerated().map { index, part in
            guard let value = Int(part), (0...4).contains(value) else {
                throw ValidationError(tr("Answer %1$@ of --answers is '%2$@'; each answer must be 0, 1, 2, 3 or 4.", index + 1, part))
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
                print(tr("Answer 0–4: "), terminator: "")
                guard let line = readLine() else {
                    throw ValidationError(tr("The quiz stopped at question %1$@: no answer on standard input.", index + 1))
                }
                if let value = Int(line.trimmingCharacters(in: .whitespaces)), (0...4).contains(value) {
                    given.append(value)
                    break
                }
                print(tr("Please type a number from 0 to 4."))
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
