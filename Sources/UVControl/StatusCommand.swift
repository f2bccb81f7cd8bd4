import ArgumentParser
import FoundationEssentials
import Glibc
import UVCore
import UVPlatform
import UVProtocol
import UVVarlink

/// `uvctl status`: the UV now, at a glance.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: tr("The UV index now, burn time, sunscreen and today's window."))

    @Option(help: ArgumentHelp(tr("A saved location or a city instead of the current one."), valueName: "name"))
    var location: String?

    @Option(help: ArgumentHelp(tr("One line for a bar: waybar, i3blocks, polybar or compact.")))
    var format: StatusFormat?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if format != nil, output.json { throw ValidationError(tr("Choose --json or --format, not both.")) }
    }

    func run() async throws {
        try await Self.show(location: location, format: format, json: output.json)
    }

    /// `uvctl status` with no option, the call status bars and people make most: answered by
    /// `UVCtl.main` without building the parser's model of every command (see there).
    static func showPlain() async throws {
        try await show(location: nil, format: nil, json: false)
    }

    private static func show(location: String?, format: StatusFormat?, json: Bool) async throws {
        let parameters = LocationParameters(location: location)
        if json {
            try JSONOutput.print(try await DaemonClient.call(UVD.GetStatus.self, parameters).status)
        } else if let format {
            let status = try await DaemonClient.call(UVD.GetStatus.self, parameters).status
            print(format.render(status))
            if format == .i3blocks, StatusFormat.isUrgent(status) { throw ExitCode(StatusFormat.i3blocksUrgent) }
        } else {
            // After an upgrade the uvd running is the old binary until it is restarted: said
            // after the status, asked on the same connection.
            let answer = try await DaemonClient.statusTellingVersionSkew(parameters)
            print(StatusText.lines(answer.status, terminal: .standardOutput()).joinedText(separator: "\n"))
            if let skew = answer.skew { print(skew) }
        }
    }
}

/// `uvctl watch`: a line on every change, pushed by uvd (no polling): a status-bar module.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: tr("Print a line whenever the status changes (for waybar, i3blocks, polybar)."),
        discussion: tr("For waybar: %1$@", "\"custom/uv\": { \"exec\": \"uvctl watch --format waybar\", \"return-type\": \"json\" }"))

    @Option(help: ArgumentHelp(tr("waybar, i3blocks, polybar or compact (default).")))
    var format: StatusFormat?

    @Flag(help: ArgumentHelp(tr("Print each status as JSON instead.")))
    var json = false

    func validate() throws {
        if format != nil, json { throw ValidationError(tr("Choose --json or --format, not both.")) }
    }

    func run() async throws {
        try await Self.follow(format: format, json: json)
    }

    /// The format of a bar's own command line: `watch` (compact), `watch --format F` or
    /// `watch --format=F`, F one of the formats; nil for anything else, which the parser reads.
    /// A status bar starts `uvctl watch` and keeps it all session: without the parser's model of
    /// every command (each one's help, built by reflection) it starts quicker and stays smaller.
    static func barFormat(_ arguments: [String]) -> StatusFormat? {
        guard arguments.first == "watch" else { return nil }
        switch arguments.count {
        case 1: return .compact
        case 2 where arguments[1].hasPrefix("--format="): return StatusFormat(rawValue: String(arguments[1].dropFirst("--format=".count)))
        case 3 where arguments[1] == "--format": return StatusFormat(rawValue: arguments[2])
        default: return nil
        }
    }

    /// Follows uvd for as long as something reads: across restarts of uvd (a line saying it
    /// stopped, then retries from 1 s doubling to 30 s), ending quietly, status 0, once the
    /// reader has gone (EPIPE, with or without SIGPIPE ignored).
    static func follow(format: StatusFormat?, json: Bool) async throws {
        signal(SIGPIPE, SIG_IGN)
        var delay = Duration.seconds(1)
        var saidStopped = false
        while true {
            if let client = try? await DaemonClient.connectIfOwn() {
                delay = .seconds(1)
                saidStopped = false
                try? await client.stream(UVD.Subscribe.qualifiedName, Empty(), returning: UVD.Subscribe.Reply.self) { reply in
                    emit(line(for: reply.status, format: format, json: json))
                }
                client.close()
            }
            if !saidStopped {
                emit(json ? #"{"stopped":true}"# : (format ?? .compact).unavailable(persistent: true))
                saidStopped = true
            }
            try await EventLoop.sleep(for: delay)
            delay = min(delay * 2, .seconds(30))
        }
    }

    private static func line(for status: StatusInfo, format: StatusFormat?, json: Bool) -> String {
        guard json else { return (format ?? .compact).render(status, persistent: true) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(status)) ?? Data(), as: UTF8.self)
    }

    /// One line, unbuffered (a bar reading the pipe sees it at once); the end when nobody reads.
    private static func emit(_ line: String) {
        guard StandardStream.output.write(line + "\n") else { Glibc.exit(ExitStatus.success.rawValue) }
    }
}
