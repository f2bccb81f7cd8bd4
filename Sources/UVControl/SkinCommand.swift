import ArgumentParser
import FoundationEssentials
import Glibc
import UVCore
import UVProtocol

/// `uvctl skin`: the Fitzpatrick skin type.
struct SkinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skin",
        abstract: tr("Find your Fitzpatrick skin type."),
        subcommands: [SkinQuizCommand.self]
    )
}

/// `uvctl skin quiz`: the ten-question self-assessment, asked or answered in one go.
struct SkinQuizCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quiz",
        abstract: tr("Ten questions that give your skin type."),
        discussion: tr("Without --answers the questions are asked one by one; answer each with 0 to 4.")
    )

    @Option(
        help: ArgumentHelp(tr("All ten answers at once, each 0 to 4, comma separated (e.g. 1,0,1,2,1,0,1,1,0,2)."), valueName: "a1,…,a10"))
    var answers: String?

    @Flag(help: ArgumentHelp(tr("Save the result as your profile's skin type (uvd must be running).")))
    var save = false

    @Option(
        name: .customLong("for"),
        help: ArgumentHelp(tr("Answer for someone in the family, and save the result as their skin type."), valueName: "name"))
    var person: String?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let answers { _ = try Self.parse(answers) }
        if let person { try FamilyCommand.check(person) }
    }

    func run() async throws {
        let given = try answers.map(Self.parse) ?? ask()
        let score: Int
        do { score = try SkinQuiz.score(given) } catch { throw ValidationError(tr("%1$@.", String(describing: error))) }
        let type = SkinQuiz.skinType(forScore: score)

        if output.json {
            try JSONOutput.print(
                Report(
                    score: score, skinType: type.numeral, minimalErythemalDose: type.minimalErythemalDose,
                    description: type.summary, answers: given))
            return
        }
        let terminal = Terminal.standardOutput()
        print(tr("%1$@ (score %2$@ of 40)", terminal.bold(tr("Skin type %1$@", type.numeral)), score))
        print(tr("%1$@.", type.summary))
        if let person {
            _ = try await DaemonClient.call(UVD.SetFamilyMember.self, FamilyMemberParameters(name: person, skinType: type))
            print(tr("Saved: uvd now reckons with skin type %1$@ for %2$@.", type.numeral, person))
            return
        }
        if save
            || (answers == nil && isatty(STDIN_FILENO) == 1
                && Self.confirm(tr("Save skin type %1$@ to your profile? [y/N] ", type.numeral)))
        {
            _ = try await DaemonClient.call(
                UVD.SetProfile.self,
                ProfileParameters(skinType: type, spf: nil, quantity: nil, activity: nil, waterResistanceMinutes: nil))
            print(tr("Saved: uvd now reckons with skin type %1$@ (change it with uvctl profile set --skin-type).", type.numeral))
        } else {
            print(tr("Save it with: %1$@", "uvctl profile set --skin-type \(type.numeral)"))
        }
    }

    /// Asks a yes/no question on the terminal; no answer is no.
    private static func confirm(_ question: String) -> Bool {
        print(question, terminator: "")
        guard let line = readLine() else { return false }
        return ["y", "yes"].contains(line.trimmingSpaces().lowercased())
    }

    static func parse(_ text: String) throws -> [Int] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingSpaces() }
        guard parts.count == SkinQuiz.questions.count else {
            throw ValidationError(
                trn(
                    "--answers needs %1$@ comma-separated answer, each 0 to 4; got %2$@.",
                    "--answers needs %1$@ comma-separated answers, each 0 to 4; got %2$@.", count: SkinQuiz.questions.count,
                    SkinQuiz.questions.count, parts.count))
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
                    // Ctrl-D, or the end of piped answers.
                    print()
                    StandardStream.error.write(
                        tr("uvctl: quiz cancelled at question %1$@ of %2$@; nothing was saved.\n", index + 1, SkinQuiz.questions.count))
                    throw ExitCode(ExitStatus.failure.rawValue)
                }
                if let value = Int(line.trimmingSpaces()), (0...4).contains(value) {
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
