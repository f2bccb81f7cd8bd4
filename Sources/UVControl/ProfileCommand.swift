import ArgumentParser
import FoundationEssentials
import UVCore
import UVProtocol

/// `uvctl profile`: skin type and sunscreen habits.
struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: tr("Your skin type and usual sunscreen."),
        subcommands: [Show.self, Set.self],
        defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: tr("Show the profile."))
        @OptionGroup var output: OutputOptions
        func run() async throws {
            let profile = try await DaemonClient.call(UVD.GetProfile.self, Empty()).profile
            try ProfileCommand.show(profile, json: output.json)
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: tr("Change the profile; what is not given stays."))
        @Option(name: .customLong("skin-type"), help: ArgumentHelp(tr("I to VI (`uvctl skin quiz` finds yours)."))) var skinType: SkinType?
        @Option(help: ArgumentHelp(tr("Usual SPF: %1$@.", SPF.choices))) var spf: SPF?
        @Option(help: ArgumentHelp(tr("Usual amount: low, medium or lots."))) var quantity: SunscreenQuantity?
        @Option(help: ArgumentHelp(tr("Usual activity: indoors, normal or active."))) var activity: SunscreenActivity?
        @Option(
            name: .customLong("water-resistance"), parsing: .unconditional,
            help: ArgumentHelp(tr("The product's water resistance in minutes: 0, 40 or 80."))) var waterResistance: Int?
        @OptionGroup var output: OutputOptions

        /// The water resistance given, read once; nil when not given (or refused by `validate`).
        private var resistance: WaterResistance? { waterResistance.flatMap(WaterResistance.init(rawValue:)) }

        func validate() throws {
            if waterResistance != nil, resistance == nil {
                throw ValidationError(tr("--water-resistance must be 0, 40 or 80 (minutes), as printed on the bottle."))
            }
            if skinType == nil, spf == nil, quantity == nil, activity == nil, waterResistance == nil {
                throw ValidationError(tr("Nothing to set: give --skin-type, --spf, --quantity, --activity or --water-resistance."))
            }
        }

        func run() async throws {
            let request = ProfileParameters(
                skinType: skinType, spf: spf, quantity: quantity, activity: activity,
                waterResistanceMinutes: resistance)
            let profile = try await DaemonClient.call(UVD.SetProfile.self, request).profile
            try ProfileCommand.show(profile, json: output.json)
        }
    }

    static func show(_ profile: ProfileInfo, json: Bool) throws {
        if json {
            try JSONOutput.print(profile)
            return
        }
        print(
            profile.skinType.map { tr("Skin type: %1$@", $0) }
                ?? tr("Skin type: not set (I, the most cautious, is used) — find yours with `uvctl skin quiz`"))
        print(
            tr(
                "Usual sunscreen: SPF %1$@ • %2$@ • %3$@ • water resistance %4$@ min", profile.spf, profile.quantity, profile.activity,
                profile.waterResistanceMinutes.value.rawValue))
    }
}
