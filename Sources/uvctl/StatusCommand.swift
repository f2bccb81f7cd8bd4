import ArgumentParser
import Foundation
import UVCore
import UVProtocol

/// `uvctl status`: the UV now, at a glance.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: tr("The UV index now, burn time, sunscreen and today's window."))

    @Option(help: ArgumentHelp(tr("A saved location instead of the current one."), valueName: "name"))
    var location: String?

    @Option(help: ArgumentHelp(tr("One line for a bar: waybar, i3blocks, polybar or compact.")))
    var format: StatusFormat?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if format != nil, output.json { throw ValidationError(tr("Choose --json or --format, not both.")) }
    }

    func run() async throws {
        let status = try await DaemonClient.call(UVD.GetStatus.self, LocationParameters(location: location)).status
        if output.json {
            try JSONOutput.print(status)
        } else if let format {
            print(format.render(status))
        } else {
            print(StatusText.lines(status, terminal: .standardOutput()).joined(separator: "\n"))
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
    var format: StatusFormat = .compact

    @Flag(help: ArgumentHelp(tr("Print each status as JSON instead.")))
    var json = false

    func run() async throws {
        let client = try await DaemonClient.connect()
        defer { client.close() }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            for try await reply in client.stream(UVD.Subscribe.method.qualifiedName, Empty(), returning: UVD.Subscribe.Reply.self) {
                let status = reply.status
                let line = json ? String(decoding: try encoder.encode(status), as: UTF8.self) : format.render(status)
                // Unbuffered: a bar reading the pipe sees each line at once.
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            }
        } catch {
            DaemonClient.fail(tr("lost uvd: %1$@", String(describing: error)), status: 69)
        }
    }
}
