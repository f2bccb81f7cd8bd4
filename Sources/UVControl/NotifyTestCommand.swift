import ArgumentParser
import FoundationEssentials
import UVCore
import UVProtocol

/// `uvctl notify-test`: can you see uvd's notifications, and does uvd hear their buttons?
struct NotifyTestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify-test",
        abstract: tr("Show a test notification with uvd's buttons and say what your notification server did with it."))

    @Option(parsing: .unconditional, help: ArgumentHelp(tr("How long to wait for a press, 5 to 60 seconds."), valueName: "seconds"))
    var seconds = 30

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard (5...60).contains(seconds) else { throw ValidationError(tr("--seconds must be 5 to 60 (got %1$@).", seconds)) }
    }

    func run() async throws {
        if !output.json { print(tr("A test notification is on its way; press one of its buttons (waiting up to %1$@ s).", seconds)) }
        let reply = try await DaemonClient.call(UVD.NotifyTest.self, NotifyTestParameters(seconds: seconds))
        if output.json { return try JSONOutput.print(reply) }
        switch reply.outcome {
        case .pressed:
            print(tr("%1$@ showed it, and uvd heard “%2$@”: notifications and their buttons work.", reply.server, reply.button ?? "?"))
        case .expired: print(tr("%1$@ showed it, and it expired before a button was pressed.", reply.server))
        case .dismissed: print(tr("%1$@ showed it, and it was dismissed without a button.", reply.server))
        case .closed: print(tr("%1$@ showed it, and it went away without saying why.", reply.server))
        case .clicked:
            print(
                tr(
                    "%1$@ showed it, and the notification itself was clicked, which uvd heard: on a prompt, a click brings back its buttons.",
                    reply.server))
        case .unanswered where reply.server.hasPrefix("gnome-shell "):
            print(
                tr(
                    "%1$@ took it, with its buttons, and no press came within %2$@ s. GNOME Shell moves a notification to its message tray after a few seconds, where it has no buttons: look there (the clock at the top), and click it to bring them back.",
                    reply.server, seconds))
        case .unanswered: print(tr("%1$@ took it, but no press came within %2$@ s. Did it show? See uvctl doctor.", reply.server, seconds))
        case .failed:
            print(tr("No notification could be shown: %1$@ %2$@", reply.server, reply.button ?? ""))
            throw ExitCode(ExitStatus.failure.rawValue)
        }
    }
}
