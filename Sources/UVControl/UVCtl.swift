import ArgumentParser
import FoundationEssentials
import Glibc
import UVCore

/// `uvctl`: the UV index, burn time and sunscreen windows at the command line.
public struct UVCtl: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "uvctl",
        abstract: tr("UV index, burn time and sunscreen guidance."),
        discussion: tr(
            "status, forecast, watch, stations, location, profile, sunscreen, refresh, reload, config, quiet, snooze, mute, unmute, home, history and doctor ask the uvd daemon. The calculators (burn-time, skin, sun, vitamin-d, forecast --offline, simulate, guide) work on their own. Burn times are conservative estimates, not medical advice."
        ),
        version: UVDVersion.string,
        subcommands: [
            StatusCommand.self, ForecastCommand.self, WatchCommand.self, SourcesCommand.self, StationsCommand.self, LocationCommand.self,
            ProfileCommand.self, SunscreenCommand.self, RefreshCommand.self, ReloadCommand.self, ConfigCommand.self,
            QuietCommand.self, SnoozeCommand.self, MuteCommand.self, UnmuteCommand.self, HomeCommand.self, HistoryCommand.self,
            DoctorCommand.self, NotifyTestCommand.self, SimulateCommand.self, BurnTimeCommand.self, SkinCommand.self, SunCommand.self,
            WheelCommand.self, GuideCommand.self, OutsideCommand.self, DoseCommand.self, FamilyCommand.self, VitaminDCommand.self,
        ]
    )

    /// A first word that is no command gets a suggestion, not only "Unexpected argument".
    public init() {}

    /// What `uvctl` does: parse the arguments and run the command they name.
    public static func main() async {
        let arguments = Array(ProcessArguments.atStart.dropFirst())
        // `uvctl status` alone, what people type most, skips building the parser's model of every
        // command and its completion check: by reflection, each with protocol-conformance lookups
        // over the whole binary, two thirds of the call's instructions. What it says and how it
        // fails are the parsed `status`'s (`uvctl status --` takes that path).
        if arguments == ["status"] {
            do {
                try await StatusCommand.showPlain()
            } catch {
                exit(withError: error)
            }
            return
        }
        // So does a status bar's `uvctl watch`, which runs all session (`WatchCommand.barFormat`).
        if let format = WatchCommand.barFormat(arguments) {
            do {
                try await WatchCommand.follow(format: format, json: false)
            } catch {
                exit(withError: error)
            }
            return
        }
        let names = (configuration.subcommands.map { $0._commandName } + ["help"])
        if let first = arguments.first, !first.hasPrefix("-"), !names.contains(first) {
            let hint = CommandSuggestion.closest(to: first, among: names).map { tr(" Did you mean '%1$@'?", $0) } ?? ""
            StandardStream.error.write(tr("uvctl: '%1$@' is not a command.", first) + hint + "\n" + tr("See uvctl --help.") + "\n")
            Glibc.exit(ExitStatus.usage.rawValue)
        }
        await main(arguments)
    }
}
