import ArgumentParser
import FoundationEssentials
import UVCore
import UVEngine
import UVProtocol

/// `uvctl quiet`: quiet hours, and quiet now.
struct QuietCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quiet",
        abstract: tr("Quiet hours: no pop-ups but critical ones; what waits is said when they end if it still applies."),
        subcommands: [Show.self, Set.self, Now.self, Off.self], defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: tr("The quiet hours in force, and whether it is quiet now."))
        @OptionGroup var output: OutputOptions
        func run() async throws { try QuietCommand.print(try await DaemonClient.call(UVD.GetQuiet.self, Empty()).quiet, output) }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: tr("Replace the configured quiet hours."),
            discussion: tr(
                "Spans are HH:MM-HH:MM and may cross midnight (22:00-07:00). `none` for no quiet hours; `default` for config.toml's again.")
        )
        @Argument(help: ArgumentHelp(tr("Spans, or none, or default."), valueName: "span")) var spans: [String]
        @OptionGroup var output: OutputOptions

        /// The spans given, each read once; nil for one that is no span (refused by `validate`).
        private var quietSpans: [QuietSpan?] { spans.map(QuietSpan.init(parsing:)) }

        func validate() throws {
            guard !spans.isEmpty else { throw ValidationError(tr("Give spans (HH:MM-HH:MM), none, or default.")) }
            if spans.count > 1, spans.contains(where: { $0 == "none" || $0 == "default" }) {
                throw ValidationError(tr("none and default stand alone."))
            }
            guard spans != ["none"], spans != ["default"] else { return }
            for (text, span) in zip(spans, quietSpans) where span == nil {
                throw ValidationError(tr("'%1$@' is not a span: use HH:MM-HH:MM, e.g. 22:00-07:00.", text))
            }
        }

        func run() async throws {
            let parameters =
                switch spans {
                case ["default"]: SetQuietParameters(spans: nil, reset: true)
                case ["none"]: SetQuietParameters(spans: [], reset: nil)
                default: SetQuietParameters(spans: quietSpans.compactMap { $0 }, reset: nil)
                }
            try QuietCommand.print(try await DaemonClient.call(UVD.SetQuiet.self, parameters).quiet, output)
        }
    }

    struct Now: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "now", abstract: tr("Quiet from now, for a while (15m, 2h, 1h30m)."))
        @Argument(help: ArgumentHelp(tr("How long."), valueName: "duration")) var duration: Minutes
        @OptionGroup var output: OutputOptions
        func validate() throws {
            guard duration.value <= 1440 else {
                throw ValidationError(
                    trn("At most 24h (got %1$@ minute).", "At most 24h (got %1$@ minutes).", count: duration.value, duration.value))
            }
        }
        func run() async throws {
            try QuietCommand.print(try await DaemonClient.call(UVD.QuietNow.self, MinutesParameters(minutes: duration.value)).quiet, output)
        }
    }

    struct Off: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "off", abstract: tr("Not quiet now: ends `quiet now` and a configured span in progress."))
        @OptionGroup var output: OutputOptions
        func run() async throws { try QuietCommand.print(try await DaemonClient.call(UVD.QuietOff.self, Empty()).quiet, output) }
    }

    /// An instant from uvd on the clock it was written on (the place's).
    static func clockTime(_ text: String) -> String {
        ISOInstant.parse(text).map { (ClockFormat(writtenIn: text) ?? ClockFormat(timeZone: .current)).time($0) } ?? text
    }

    static func print(_ quiet: QuietInfo, _ output: OutputOptions) throws {
        if output.json { return try JSONOutput.print(quiet) }
        let spans = quiet.spans.isEmpty ? tr("none") : quiet.spans.map(\.description).joined(separator: ", ")
        Swift.print(
            quiet.origin == "config"
                ? tr("Quiet hours: %1$@ (from config.toml)", spans) : tr("Quiet hours: %1$@ (set with uvctl quiet set)", spans))
        let until = quiet.until.map(clockTime)
        Swift.print(quiet.quietNow ? until.map { tr("Quiet now until %1$@", $0) } ?? tr("Quiet now") : tr("Not quiet now"))
    }
}

/// `uvctl snooze RULE DURATION`; without a rule, what is snoozed.
struct SnoozeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snooze", abstract: tr("Nothing from one rule for a while; without a rule, what is snoozed."))
    @Argument(help: ArgumentHelp(tr("The rule: %1$@.", Rule.names))) var rule: Rule?
    @Argument(help: ArgumentHelp(tr("How long (15m, 2h, 1h30m)."), valueName: "duration")) var duration: Minutes?
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if rule != nil, duration == nil { throw ValidationError(tr("Say for how long: uvctl snooze RULE 1h.")) }
        if let duration, duration.value > 1440 {
            throw ValidationError(
                trn("At most 24h (got %1$@ minute).", "At most 24h (got %1$@ minutes).", count: duration.value, duration.value))
        }
    }

    func run() async throws {
        guard let rule, let duration else {
            let quiet = try await DaemonClient.call(UVD.GetQuiet.self, Empty()).quiet
            if output.json { return try JSONOutput.print(quiet.snoozed) }
            if quiet.snoozed.isEmpty { return print(tr("Nothing is snoozed.")) }
            for snooze in quiet.snoozed { print(tr("%1$@ snoozed until %2$@", snooze.rule, QuietCommand.clockTime(snooze.until))) }
            return
        }
        try output.say(try await DaemonClient.call(UVD.Snooze.self, SnoozeParameters(rule: rule, minutes: duration.value)))
    }
}

/// `uvctl mute RULE [--today]` (without a rule, what is muted) and `uvctl unmute RULE`.
struct MuteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mute",
        abstract: tr("Nothing from one rule until unmuted (or, with --today, until tomorrow); without a rule, what is muted."))
    @Argument(help: ArgumentHelp(tr("The rule: %1$@.", Rule.names))) var rule: Rule?
    @Flag(help: ArgumentHelp(tr("Only for the rest of today (\"Not today\")."))) var today = false
    @OptionGroup var output: OutputOptions

    func run() async throws {
        guard let rule else {
            let quiet = try await DaemonClient.call(UVD.GetQuiet.self, Empty()).quiet
            if output.json { return try JSONOutput.print(["muted": quiet.muted, "mutedToday": quiet.mutedToday]) }
            if quiet.muted.isEmpty, quiet.mutedToday.isEmpty { return print(tr("Nothing is muted.")) }
            for muted in quiet.muted { print(tr("%1$@ muted (uvctl unmute %1$@)", muted)) }
            for muted in quiet.mutedToday { print(tr("%1$@ muted for the rest of today", muted)) }
            return
        }
        try output.say(try await DaemonClient.call(UVD.Mute.self, MuteParameters(rule: rule, today: today)))
    }
}

struct UnmuteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unmute", abstract: tr("Let a muted or snoozed rule speak again."))
    @Argument(help: ArgumentHelp(tr("The rule: %1$@.", Rule.names))) var rule: Rule

    @OptionGroup var output: OutputOptions

    func run() async throws {
        try output.say(try await DaemonClient.call(UVD.Unmute.self, RuleParameters(rule: rule)))
    }
}

/// `uvctl home`: which Wi-Fi is home.
struct HomeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "home", abstract: tr("The home network: leaving it for a phone or modem connection is \"leaving home\"."),
        discussion: tr("Without one marked, leaving any Wi-Fi counts."),
        subcommands: [Show.self, Set.self, Clear.self], defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: tr("The network in use and the one marked as home."))
        @OptionGroup var output: OutputOptions
        func run() async throws {
            let home = try await DaemonClient.call(UVD.GetHome.self, Empty()).home
            if output.json { return try JSONOutput.print(home) }
            let route = home.interface.map { tr("%1$@, %2$@ (%3$@)", $0, home.kind, home.reason) } ?? tr("no default route")
            print(home.current.map { tr("Now: %1$@, %2$@", route, $0) } ?? tr("Now: %1$@", route))
            switch home.marked {
            case nil: print(tr("Home: not marked (any Wi-Fi counts)"))
            case let marked? where marked == home.current: print(tr("Home: %1$@ — you are on it", marked))
            case let marked?: print(tr("Home: %1$@", marked))
            }
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: tr("Mark the Wi-Fi network in use as home."))
        @OptionGroup var output: OutputOptions
        func run() async throws { try output.say(try await DaemonClient.call(UVD.SetHome.self, Empty())) }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear", abstract: tr("Forget the home network: any Wi-Fi counts again."))
        @OptionGroup var output: OutputOptions
        func run() async throws { try output.say(try await DaemonClient.call(UVD.ClearHome.self, Empty())) }
    }
}

/// `uvctl history`: what uvd said, what it held and why, and what was pressed; with --summary,
/// what people did with each rule's pop-ups.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: tr("Notifications sent, held and withdrawn, and the buttons pressed."))
    @Option(parsing: .unconditional, help: ArgumentHelp(tr("How many of the latest entries (1 to 1000)."))) var limit = 50
    @Flag(help: ArgumentHelp(tr("For each rule: how many were shown, each button pressed, dismissed, expired or withdrawn, and held.")))
    var summary = false
    @Option(parsing: .unconditional, help: ArgumentHelp(tr("The days --summary counts, up to now (1 to 90)."))) var days = 30
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard (1...1000).contains(limit) else { throw ValidationError(tr("--limit must be 1 to 1000 (got %1$@).", limit)) }
        guard (1...90).contains(days) else { throw ValidationError(tr("--days must be 1 to 90 (got %1$@).", days)) }
    }

    func run() async throws {
        if summary { return try await runSummary() }
        let reply = try await DaemonClient.call(UVD.GetHistory.self, LimitParameters(limit: limit))
        if output.json { return try JSONOutput.print(reply) }
        if reply.entries.isEmpty { print(tr("Nothing said yet.")) }
        for entry in reply.entries {
            let when = entry.time.prefix(16).replacing(every: "T", with: " ") + (entry.zone.map { " (\($0))" } ?? "")
            let what =
                switch entry.kind {
                case .notified: "\(entry.subject): \(entry.summary ?? "") — \(entry.body ?? "")"
                case .held: "\(entry.subject): \(entry.summary ?? "") — \(Self.holdReason(entry.key))"
                case .pressed: tr("%1$@ on %2$@", entry.key ?? "?", entry.subject)
                case .withdrawn, .expired, .dismissed: entry.subject
                }
            print("\(when)  \(Self.kindWord(entry.kind).rightPadded(to: Self.kindWidth))  \(what)")
        }
    }

    /// What happened, in one word: the words line up as a column in any language.
    private static func kindWord(_ kind: HistoryKind) -> String {
        switch kind {
        case .notified: tr("shown")
        case .withdrawn: tr("withdrawn")
        case .expired: tr("expired")
        case .dismissed: tr("dismissed")
        case .pressed: tr("pressed")
        case .held: tr("held")
        }
    }

    /// Why a rule held something: "in: shown in the tray", "no UV ahead".
    private static func holdReason(_ key: String?) -> String {
        key.flatMap(HoldReason.init(rawValue:)).map(HoldReasonText.text) ?? key ?? "?"
    }

    private func runSummary() async throws {
        let reply = try await DaemonClient.call(UVD.GetHistory.self, LimitParameters(limit: nil, days: days))
        let counted = HistorySummary(reply.entries, days: days)
        if output.json { return try JSONOutput.print(counted) }
        print(tr("The last %1$@ days:", days))
        if counted.rules.isEmpty { print(tr("Nothing said yet.")) }
        for line in counted.lines { print("  " + line) }
    }

    private static let kindWidth = HistoryKind.allCases.map { kindWord($0).displayWidth }.max() ?? 0
}

/// `uvctl doctor`: is everything around uvd as it should be?
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor", abstract: tr("Check uvd's surroundings: each line ok, warn or fail, with the fix."))
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let reply = try await DaemonClient.call(UVD.Diagnose.self, Empty())
        if output.json { return try JSONOutput.print(reply) }
        let terminal = Terminal.standardOutput()
        for check in reply.checks {
            let result = terminal.result(check.result.rawValue.rightPadded(to: 4), check.result)
            print(terminal.wrap("\(result)  \(check.name): \(check.detail)", indent: 6))
            if let fix = check.fix { print(terminal.wrap("      → \(fix)", indent: 8)) }
        }
        if reply.checks.contains(where: { $0.result == .fail }) { throw ExitCode(ExitStatus.failure.rawValue) }
    }
}
