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

/// What `uvctl location remove` and `sunscreen remove` answer: that it was done.
extension Empty: CommandAnswer {
    init?(answering reply: CoreReply) {
        guard case .done = reply else { return nil }
        self.init()
    }
}

/// A method's reply that is a command's answer, as the core gave it (`CommandCall`).
protocol CommandReply: Sendable {
    associatedtype Answer: CommandAnswer
    init(answer: Answer)
}

extension LocationReply: CommandReply {
    init(answer: LocationInfo) { self.init(location: answer) }
}

extension QuietReply: CommandReply {
    init(answer: QuietInfo) { self.init(quiet: answer) }
}

extension MessageReply: CommandReply {
    init(answer: String) { self.init(message: answer) }
}

extension SunscreenReply: CommandReply {
    init(answer: SunscreenInfo) { self.init(sunscreen: answer) }
}

extension ProfileReply: CommandReply {
    init(answer: Profile) { self.init(profile: ViewBuilder.profileInfo(answer)) }
}

extension FamilyReply: CommandReply {
    init(answer: FamilyReply) { self = answer }
}

extension Empty: CommandReply {
    init(answer: Empty) { self = answer }
}
