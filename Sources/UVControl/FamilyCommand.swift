import ArgumentParser
import FoundationEssentials
import UVCore
import UVProtocol

/// `uvctl family`: the people uvd watches over besides the user, each with a skin of their own.
struct FamilyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "family",
        abstract: tr("The people uvd watches over besides you: children, a partner."),
        discussion: tr(
            "Each person has a skin type (I to VI), and may have a birth month (YYYY-MM) and a sunscreen of their own. Their burn times come from the same Fitzpatrick model as yours: a model, not a measurement."
        ),
        subcommands: [List.self, Add.self, Set.self, Remove.self, Off.self, On.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: tr("You, then each member of the family."))
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let reply = try await DaemonClient.call(UVD.ListFamily.self, Empty())
            if output.json { return try JSONOutput.print(reply) }
            FamilyCommand.print(reply)
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: tr("Add someone to the family."))
        @Argument(help: ArgumentHelp(tr("Their name, as uvd is to say it (at most 32 characters)."))) var name: String
        @Option(name: .customLong("skin-type"), help: ArgumentHelp(tr("I to VI (`uvctl skin quiz --for NAME` finds it)."))) var skinType:
            SkinType
        @Option(help: ArgumentHelp(tr("The month they were born, YYYY-MM: a baby's guidance goes by age."))) var born: BirthMonth?
        @Option(help: ArgumentHelp(tr("Their usual SPF, when not yours: %1$@.", SPF.choices))) var spf: SPF?
        @OptionGroup var output: OutputOptions

        func validate() throws { try FamilyCommand.check(name) }

        func run() async throws {
            let reply = try await DaemonClient.call(
                UVD.AddFamilyMember.self, FamilyMemberParameters(name: name, skinType: skinType, born: born, spf: spf))
            if output.json { return try JSONOutput.print(reply) }
            FamilyCommand.print(reply)
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: tr("Change what uvd knows of someone in the family; what is left out stays."))
        @Argument(help: ArgumentHelp(tr("Their name."))) var name: String
        @Option(name: .customLong("skin-type"), help: ArgumentHelp(tr("I to VI."))) var skinType: SkinType?
        @Option(help: ArgumentHelp(tr("The month they were born, YYYY-MM."))) var born: BirthMonth?
        @Option(help: ArgumentHelp(tr("Their usual SPF: %1$@.", SPF.choices))) var spf: SPF?
        @OptionGroup var output: OutputOptions

        func validate() throws {
            guard skinType != nil || born != nil || spf != nil else {
                throw ValidationError(tr("Give what changes: --skin-type, --born or --spf."))
            }
        }

        func run() async throws {
            let reply = try await DaemonClient.call(
                UVD.SetFamilyMember.self, FamilyMemberParameters(name: name, skinType: skinType, born: born, spf: spf))
            if output.json { return try JSONOutput.print(reply) }
            FamilyCommand.print(reply)
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: tr("Take someone out of the family."))
        @Argument(help: ArgumentHelp(tr("Their name."))) var name: String
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let reply = try await DaemonClient.call(UVD.RemoveFamilyMember.self, NameParameters(name: name))
            if output.json { return try JSONOutput.print(reply) }
            FamilyCommand.print(reply)
        }
    }

    struct Off: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "off", abstract: tr("The family is not out with you: uvd reckons with you alone, until uvctl family on."))
        @Flag(help: ArgumentHelp(tr("For today only."))) var today = false
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let reply = try await DaemonClient.call(UVD.SetFamilyOut.self, FamilyOutParameters(out: false, today: today))
            if output.json { return try JSONOutput.print(reply) }
            FamilyCommand.print(reply)
        }
    }

    struct On: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "on", abstract: tr("The family is out with you again."))
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let reply = try await DaemonClient.call(UVD.SetFamilyOut.self, FamilyOutParameters(out: true))
            if output.json { return try JSONOutput.print(reply) }
            FamilyCommand.print(reply)
        }
    }

    /// A name refused before it is sent, as uvd would refuse it.
    static func check(_ name: String) throws {
        if case .failure(let problem) = FamilyMember.checkedName(name) { throw ValidationError(tr("%1$@.", problem.description)) }
    }

    /// One line a person: the name, the skin type, the birth month and the sunscreen.
    static func print(_ reply: FamilyReply) {
        // The user is "you" on the wire, said in the reader's language here.
        let name = { (person: PersonInfo) in person.you ? tr("you") : person.name }
        let width = reply.people.map { name($0).displayWidth }.max() ?? 0
        for person in reply.people {
            var facts = [person.skinType.map { tr("skin type %1$@", $0) } ?? tr("skin type not set")]
            if let born = person.born { facts.append(tr("born %1$@", born)) }
            if let spf = person.spf?.value { facts.append(spf == SPF.none ? tr("no sunscreen") : tr("SPF %1$@", spf.argument)) }
            Swift.print(name(person).rightPadded(to: width) + "  " + facts.joined(separator: " · "))
        }
        if reply.people.count == 1 { Swift.print(tr("No one else yet: uvctl family add NAME --skin-type I adds someone.")) }
        if !reply.out { Swift.print(tr("The family is not out: uvd reckons with you alone (uvctl family on).")) }
    }
}
