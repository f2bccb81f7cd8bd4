import ArgumentParser
import Foundation
import UVEngine
import UVProtocol

/// `uvctl quiet`: quiet hours, and quiet now.
struct QuietCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quiet", abstract: "Quiet hours: no pop-ups but critical ones; what waits is said when they end if it still applies.",
        subcommands: [Show.self, Set.self, Now.self, Off.self], defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The quiet hours in force, and whether it is quiet now.")
        @OptionGroup var output: OutputOptions
        func run() async throws { try QuietCommand.print(try await DaemonClient.call("GetQuiet", Empty(), key: "quiet", returning: QuietInfo.self), output) }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replace the configured quiet hours.",
            discussion: "Spans are HH:MM-HH:MM and may cross midnight (22:00-07:00). `none` for no quiet hours; `default` for config.toml's again.")
        @Argument(help: ArgumentHelp("Spans, or none, or default.", valueName: "span")) var spans: [String]
        @OptionGroup var output: OutputOptions

        func validate() throws {
            guard !spans.isEmpty else { throw ValidationError("give spans (HH:MM-HH:MM), none, or default.") }
            if spans.count > 1, spans.contains(where: { $0 == "none" || $0 == "default" }) {
                throw ValidationError("none and default stand alone.")
            }
            for span in spans where span != "none" && span != "default" && QuietSpan(parsing: span) == nil {
                throw ValidationError("'\(span)' is not a span: use HH:MM-HH:MM, e.g. 22:00-07:00.")
            }
        }

        func run() async throws {
            let parameters = spans == ["default"] ? SetQuietParameters(spans: nil, reset: true)
                : SetQuietParameters(spans: spans == ["none"] ? [] : spans, reset: nil)
            try QuietCommand.print(try await DaemonClient.call("SetQuiet", parameters, key: "quiet", returning: QuietInfo.self), output)
        }
    }

    struct Now: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Quiet from now, for a while (15m, 2h, 1h30m).")
        @Argument(help: ArgumentHelp("How long.", valueName: "duration")) var duration: Minutes
        @OptionGroup var output: OutputOptions
        func validate() throws {
            guard duration.value <= 1440 else { throw ValidationError("at most 24h (got \(duration.value) minutes).") }
        }
        func run() async throws {
            try QuietCommand.print(try await DaemonClient.call("QuietNow", MinutesParameters(minutes: duration.value), key: "quiet", returning: QuietInfo.self), output)
        }
    }

    struct Off: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Not quiet now: ends `quiet now` and a configured span in progress.")
        @OptionGroup var output: OutputOptions
        func run() async throws { try QuietCommand.print(try await DaemonClient.call("QuietOff", Empty(), key: "quiet", returning: QuietInfo.self), output) }
    }

    static func print(_ quiet: QuietInfo, _ output: OutputOptions) throws {
        if output.json { return try JSONOutput.print(quiet) }
        let spans = quiet.spans.isEmpty ? "none" : quiet.spans.joined(separator: ", ")
        Swift.print("Quiet hours: \(spans) (\(quiet.origin == "config" ? "from config.toml" : "set with uvctl quiet set"))")
        Swift.print(quiet.quietNow ? "Quiet now\(quiet.until.map { " until \($0)" } ?? "")" : "Not quiet now")
    }
}

/// `uvctl snooze RULE DURATION`.
struct SnoozeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "snooze", abstract: "Nothing from one rule for a while.")
    @Argument(help: "leave-home, uv-alert, reapply or morning.") var rule: Rule
    @Argument(help: ArgumentHelp("How long (15m, 2h, 1h30m).", valueName: "duration")) var duration: Minutes

    func validate() throws {
        guard duration.value <= 1440 else { throw ValidationError("at most 24h (got \(duration.value) minutes).") }
    }

    func run() async throws {
        print(try await DaemonClient.call("Snooze", RuleParameters(rule: rule.rawValue, minutes: duration.value), key: "message", returning: String.self))
    }
}

/// `uvctl mute RULE [--today]` and `uvctl unmute RULE`.
struct MuteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mute", abstract: "Nothing from one rule until unmuted (or, with --today, until tomorrow).")
    @Argument(help: "leave-home, uv-alert, reapply or morning.") var rule: Rule
    @Flag(help: "Only for the rest of today (\"Not today\").") var today = false

    func run() async throws {
        print(try await DaemonClient.call("Mute", RuleParameters(rule: rule.rawValue, today: today), key: "message", returning: String.self))
    }
}

struct UnmuteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unmute", abstract: "Let a muted or snoozed rule speak again.")
    @Argument(help: "leave-home, uv-alert, reapply or morning.") var rule: Rule

    func run() async throws {
        print(try await DaemonClient.call("Unmute", RuleParameters(rule: rule.rawValue), key: "message", returning: String.self))
    }
}

/// `uvctl home`: which Wi-Fi is home.
struct HomeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "home", abstract: "The home network: leaving it for a phone or modem connection is \"leaving home\".",
        discussion: "Without one marked, leaving any Wi-Fi counts.",
        subcommands: [Show.self, Set.self, Clear.self], defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The network in use and the one marked as home.")
        @OptionGroup var output: OutputOptions
        func run() async throws {
            let home = try await DaemonClient.call("GetHome", Empty(), key: "home", returning: HomeInfo.self)
            if output.json { return try JSONOutput.print(home) }
            print("Now: \(home.interface.map { "\($0), \(home.kind) (\(home.reason))" } ?? "no default route")\(home.current.map { ", \($0)" } ?? "")")
            print("Home: \(home.marked ?? "not marked (any Wi-Fi counts)")\(home.marked != nil && home.marked == home.current ? " — you are on it" : "")")
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mark the Wi-Fi network in use as home.")
        func run() async throws { print(try await DaemonClient.call("SetHome", Empty(), key: "message", returning: String.self)) }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget the home network: any Wi-Fi counts again.")
        func run() async throws { print(try await DaemonClient.call("ClearHome", Empty(), key: "message", returning: String.self)) }
    }
}

/// `uvctl history`: what uvd said, and what was pressed.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "Notifications sent and withdrawn, and the buttons pressed.")
    @Option(help: "How many of the latest entries (1 to 1000).") var limit = 50
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard (1...1000).contains(limit) else { throw ValidationError("--limit must be 1 to 1000 (got \(limit)).") }
    }

    func run() async throws {
        let reply = try await DaemonClient.call("GetHistory", LimitParameters(limit: limit), returning: HistoryReply.self)
        if output.json { return try JSONOutput.print(reply) }
        if reply.entries.isEmpty { print("Nothing said yet.") }
        for entry in reply.entries {
            let when = String(entry.time.prefix(16)).replacingOccurrences(of: "T", with: " ")
            switch entry.kind {
            case "notified": print("\(when)  shown      \(entry.subject): \(entry.summary ?? "") — \(entry.body ?? "")")
            case "withdrawn": print("\(when)  withdrawn  \(entry.subject)")
            default: print("\(when)  pressed    \(entry.key ?? "?") on \(entry.subject)")
            }
        }
    }
}

/// `uvctl doctor`: is everything around uvd as it should be?
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "doctor", abstract: "Check uvd's surroundings: each line ok, warn or fail, with the fix.")
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let reply = try await DaemonClient.call("Diagnose", Empty(), returning: DiagnoseReply.self)
        if output.json { return try JSONOutput.print(reply) }
        for check in reply.checks {
            print("\(check.result.padding(toLength: 4, withPad: " ", startingAt: 0))  \(check.name): \(check.detail)")
            if let fix = check.fix { print("      → \(fix)") }
        }
        if reply.checks.contains(where: { $0.result == "fail" }) { throw ExitCode(1) }
    }
}
