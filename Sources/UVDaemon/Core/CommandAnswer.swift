import UVCore
import UVProtocol

/// What a command answers, read off the core's reply (`CoreReply.answered`): the caller names the
/// type it reads (`CoreShell.command`), so one generic call serves every command.
protocol CommandAnswer: Sendable {}

extension CommandAnswer {
    /// The answer `reply` carries, or nil when it carries another type.
    init?(answering reply: CoreReply) {
        guard case .answered(let answer as Self) = reply else { return nil }
        self = answer
    }
}

/// What `uvctl home clear`, `snooze`, `mute`, `unmute`, `outside` say.
extension String: CommandAnswer {}

extension QuietInfo: CommandAnswer {}

extension LocationInfo: CommandAnswer {}

extension SunscreenInfo: CommandAnswer {}

extension Profile: CommandAnswer {}

extension FamilyReply: CommandAnswer {}

/// What `uvctl location remove` and `sunscreen remove` answer: that it was done.
extension Empty: CommandAnswer {}

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
