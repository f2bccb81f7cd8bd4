import ArgumentParser
import FoundationEssentials
import UVCore
import UVProtocol

/// `uvctl refresh`: ask the providers now and say what each answered. Exits 1 when none gave data.
struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: tr("Ask the providers now (at most every 5 minutes, within the daily budget) and say what each answered."))

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let reply = try await DaemonClient.call(UVD.Refresh.self, Empty())
        if output.json { try JSONOutput.print(reply) }
        if reply.outcomes.isEmpty { DaemonClient.fail(tr("no provider applies here; the clear-sky model answers"), status: .failure) }
        if !output.json { for outcome in reply.outcomes { print("\(outcome.provider): \(outcome.message)") } }
        guard reply.outcomes.contains(where: { $0.result == .fresh || $0.result == .notModified }) else {
            throw ExitCode(ExitStatus.failure.rawValue)
        }
    }
}

/// `uvctl reload`: re-read config.toml.
struct ReloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload", abstract: tr("Re-read the configuration file; a broken one is refused and the last good one stays."))

    @OptionGroup var output: OutputOptions

    func run() async throws {
        try output.say(try await DaemonClient.call(UVD.Reload.self, Empty()))
    }
}

/// `uvctl config show`: every setting, its value and where it came from.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: tr("Show the configuration uvd uses."), subcommands: [Show.self], defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: tr("Each key's effective value and where it came from."))
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let reply = try await DaemonClient.call(UVD.GetConfig.self, Empty())
            if output.json {
                try JSONOutput.print(reply)
                return
            }
            print("# \(reply.file)")
            let width = reply.entries.map { $0.key.count + $0.value.count + 3 }.max() ?? 0
            for entry in reply.entries {
                print("\("\(entry.key) = \(entry.value)".rightPadded(to: width))  # \(entry.origin)")
            }
        }
    }
}
