import ArgumentParser
import UVCore

/// `uvctl guide`: what the UV levels mean, the skin types, and how to use sunscreen.
struct GuideCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "guide",
        abstract: tr("UV levels, skin types, sunscreen use, children in the sun and vitamin D, explained."),
        discussion: tr("Advice from the WHO Global Solar UV Index guide, Cancer Council Australia and the American Academy of Pediatrics.")
    )

    /// The guide's sections; `vitamin-d` is given when asked for by name.
    enum Topic: String, ExpressibleByArgument, CaseIterable {
        case levels, skin, sunscreen, children
        case vitaminD = "vitamin-d"

        /// What `uvctl guide` alone prints: sun safety, the four sections before vitamin D.
        static let sunSafety: [Topic] = [.levels, .skin, .sunscreen, .children]
    }

    @Argument(help: ArgumentHelp(tr("levels, skin, sunscreen, children or vitamin-d (default: the first four).")))
    var topic: Topic?

    @OptionGroup var output: OutputOptions

    func run() throws {
        if output.json { return try JSONOutput.print(Report(topics: topic.map { [$0] } ?? Topic.sunSafety)) }
        let terminal = Terminal.standardOutput()
        let topics = topic.map { [$0] } ?? Topic.sunSafety
        let sections = topics.map { topic in
            switch topic {
            case .levels: Guide.levels(terminal)
            case .skin: Guide.skin(terminal)
            case .sunscreen: Guide.sunscreen(terminal)
            case .children: Guide.children(terminal)
            case .vitaminD: Guide.vitaminD(terminal)
            }
        }
        print(sections.joined(separator: "\n"), terminator: "")
    }

    /// The `--json` shape: the same sections as data.
    struct Report: Encodable {
        struct Level: Encodable {
            let level: String, name: String, range: String, colour: String, advice: String
        }
        struct Skin: Encodable {
            let skinType: String, description: String, minimalErythemalDose: Double, burnMinutesAtUV8: Int
        }
        var levels: [Level]?
        var skinTypes: [Skin]?
        /// The sunscreen advice, a line each.
        var sunscreen: [String]?
        /// Children and babies, a line each.
        var children: [String]?
        /// Vitamin D from the sun, a line each.
        var vitaminD: [String]?

        init(topics: [Topic]) {
            if topics.contains(.levels) {
                levels = UVLevel.allCases.map {
                    Level(level: $0.rawValue, name: $0.name, range: $0.range, colour: $0.hexColor, advice: $0.advice)
                }
            }
            if topics.contains(.skin) {
                skinTypes = SkinType.allCases.map {
                    Skin(
                        skinType: $0.numeral, description: $0.summary, minimalErythemalDose: $0.minimalErythemalDose,
                        burnMinutesAtUV8: BurnTime(skinType: $0, uvi: 8).wholeMinutes ?? 0)
                }
            }
            if topics.contains(.sunscreen) {
                sunscreen = Guide.sunscreen(Terminal(usesColor: false)).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
            }
            if topics.contains(.children) { children = Guide.childrenAdvice }
            if topics.contains(.vitaminD) { vitaminD = Guide.vitaminDExplained }
        }
    }
}
