import FoundationEssentials
import UVProtocol

/// How uvd answers one method of `io.uvd`. Every `UVD` call conforms, beside what it asks of the
/// core: a command (`CommandCall`, with its `CoreCommand` case), a view (`ViewCall`, with the view
/// it reads) or the shell's own (`ControlService`). `ControlService` finds each by its name in
/// `UVD.calls`, so a new method is its `UVD` type and its one conformance.
protocol Answered: UVDCall {
    static func answer(_ parameters: Parameters, shell: CoreShell, now: Date) async throws -> Reply
}

/// A method that changes the core: its parameters become one `CoreCommand`, and the core's answer
/// becomes the method's reply (`CommandReply`).
protocol CommandCall: Answered where Reply: CommandReply {
    /// The command the parameters give, checked once here: a refusal names the parameter.
    static func command(_ parameters: Parameters, now: Date) throws(Refusal) -> CoreCommand
}

extension CommandCall {
    static func answer(_ parameters: Parameters, shell: CoreShell, now: Date) async throws -> Reply {
        let command = try command(parameters, now: now)
        return Reply(answer: try await shell.command(command, now: now))
    }
}

/// A method that reads the core at once and changes nothing.
protocol ViewCall: Answered {
    static func view(_ parameters: Parameters, of core: Core, now: Date) throws(Refusal) -> Reply
}

extension ViewCall {
    static func answer(_ parameters: Parameters, shell: CoreShell, now: Date) async throws -> Reply {
        try await shell.read { core throws(Refusal) in try view(parameters, of: core, now: now) }
    }
}
