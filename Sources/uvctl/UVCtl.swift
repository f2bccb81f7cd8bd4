import ArgumentParser
import UVCore

/// `uvctl`: the UV index, burn time and sunscreen windows at the command line.
@main
struct UVCtl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uvctl",
        abstract: "UV index, burn time and sunscreen guidance.",
        discussion: """
            The calculators (burn-time, skin, sun, forecast --offline, guide) work on their own. \
            Burn times are conservative estimates, not medical advice.
            """,
        version: UVDVersion.string,
        subcommands: [
            ForecastCommand.self, BurnTimeCommand.self, SkinCommand.self, SunCommand.self, GuideCommand.self,
        ]
    )
}
