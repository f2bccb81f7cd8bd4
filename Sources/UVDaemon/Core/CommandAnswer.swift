import UVCore
import UVProtocol

/// What a command answers, read off the core's reply (`CoreReply`): the caller names the type it
/// reads (`CoreShell.command`), so one generic call serves every command.
protocol CommandAnswer: Sendable {
    /// The answer `reply` carries, or nil when it carries another kind.
    init?(answering reply: CoreReply)
}

/// What `uvctl home clear`, `snooze`, `mute`, `unmute`, `outside` say.
extension String: CommandAnswer {
    init?(answering reply: CoreReply) {
        guard case .said(let text) = reply else { return nil }
        self = text
    }
}

extension QuietInfo: CommandAnswer {
    init?(answering reply: CoreReply) {
        guard case .quiet(let info) = reply else { return nil }
        self = info
    }
}

extension LocationInfo: CommandAnswer {
    init?(answering reply: CoreReply) {
        guard case .location(let info) = reply else { return nil }
        self = info
    }
}

extension SunscreenInfo: CommandAnswer {
    init?(answering reply: CoreReply) {
        guard case .sunscreen(let info) = reply else { return nil }
        self = info
    }
}

extension Profile: CommandAnswer {
    init?(answering reply: CoreReply) {
        guard case .profile(let profile) = reply else { return nil }
        self = profile
    }
}

extension FamilyReply: CommandAnswer {
    init?(answering reply: CoreReply) {
        guard case .family(let family) = reply else { return nil }
        self = family
    }
}
