import ArgumentParser
import UVCore

/// `uvctl guide`: what the UV levels mean, the skin types, and how to use sunscreen.
struct GuideCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "guide",
        abstract: tr("UV levels, skin types and sunscreen use, explained."),
        discussion: tr("Advice from the WHO Global Solar UV Index guide and Cancer Council Australia.")
    )

    /// The guide's sections.
    enum Topic: String, ExpressibleByArgument, CaseIterable {
        case levels, skin, sunscreen
    }

    @Argument(help: ArgumentHelp(tr("levels, skin or sunscreen (default: all three).")))
    var topic: Topic?

    func run() {
        let terminal = Terminal.standardOutput()
        let topics = topic.map { [$0] } ?? Topic.allCases
        let sections = topics.map { topic in
            switch topic {
            case .levels: Guide.levels(terminal)
            case .skin: Guide.skin(terminal)
            case .sunscreen: Guide.sunscreen(terminal)
            }
        }
        print(sections.joined(separator: "\n"), terminator: "")
    }
}
