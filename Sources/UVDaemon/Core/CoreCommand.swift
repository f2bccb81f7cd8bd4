import FoundationEssentials
import UVConfig
import UVCore
import UVEngine
import UVProtocol

/// A command the user gives, as the edge parsed it.
enum CoreCommand: Sendable {
    /// `uvctl profile set`: the fields it changes (checked at the edge).
    case profile(ProfileChange)
    /// `person`: a family member's name, or `you`; nil for everyone out.
    case applySunscreen(spf: SPF?, quantity: SunscreenQuantity?, activity: SunscreenActivity?, at: Date, for: String?)
    case removeSunscreen
    case recordWater
    case setLocation(query: String)
    case clearLocation
    case addLocation(name: String, query: String)
    case removeLocation(name: String)
    /// `uvctl home set`, after the route is read again (`CoreEvent.routeReadAgain`).
    case markHome
    case clearHome
    /// Quiet hours of the user's own, or (nil) the configuration's again.
    case quiet(QuietHours?)
    case quietFor(minutes: Int)
    case quietOff
    case snooze(Rule, minutes: Int)
    case mute(Rule, today: Bool)
    case unmute(Rule)
    case outside(OutsideParameters)
    /// `uvctl family add`: a new member, its name checked at the edge.
    case addMember(FamilyMember)
    /// `uvctl family set NAME …`: what changes of the member named so.
    case setMember(name: String, MemberChange)
    case removeMember(name: String)
    /// `uvctl family on` (true) or `off` (false); `today`: off for today only.
    case familyOut(Bool, today: Bool)
}

/// What `uvctl profile set` changes of the profile: nil leaves a field as it was.
struct ProfileChange: Sendable {
    var skinType: SkinType?
    var spf: SPF?
    var quantity: SunscreenQuantity?
    var activity: SunscreenActivity?
    var waterResistance: WaterResistance?

    /// `profile` with the fields this change gives.
    func applied(to profile: Profile) -> Profile {
        var changed = profile
        if let skinType { changed.skinType = skinType }
        if let spf { changed.defaultSPF = spf }
        if let quantity { changed.defaultQuantity = quantity }
        if let activity { changed.defaultActivity = activity }
        if let waterResistance { changed.waterResistance = waterResistance }
        return changed
    }
}

/// What `uvctl family set` changes of a member: nil leaves a field as it was; for `born` and
/// `spf`, `.some(nil)` forgets it.
struct MemberChange: Sendable {
    var skinType: SkinType?
    var born: BirthMonth??
    var spf: SPF??
}

/// The methods that change the core, each beside its command: what its parameters become
/// (`CommandCall`); the core's answer is its reply (`CommandReply`).
extension UVD.SetLocation: CommandCall {
    static func command(_ parameters: PlaceParameters, now: Date) -> CoreCommand { .setLocation(query: parameters.place) }
}

extension UVD.ClearLocation: CommandCall {
    static func command(_: Empty, now: Date) -> CoreCommand { .clearLocation }
}

extension UVD.AddLocation: CommandCall {
    static func command(_ parameters: AddLocationParameters, now: Date) -> CoreCommand {
        .addLocation(name: parameters.name, query: parameters.place)
    }
}

extension UVD.RemoveLocation: CommandCall {
    static func command(_ parameters: NameParameters, now: Date) -> CoreCommand { .removeLocation(name: parameters.name) }
}

extension UVD.SetProfile: CommandCall {
    /// Only the fields it gives change; the rest the core's profile keeps.
    static func command(_ parameters: ProfileParameters, now: Date) -> CoreCommand {
        .profile(
            ProfileChange(
                skinType: parameters.skinType?.value, spf: parameters.spf?.value, quantity: parameters.quantity?.value,
                activity: parameters.activity?.value, waterResistance: parameters.waterResistanceMinutes?.value))
    }
}

extension UVD.ApplySunscreen: CommandCall {
    static func command(_ parameters: SunscreenParameters, now: Date) -> CoreCommand {
        let minutesAgo = parameters.minutesAgo?.minutes ?? 0
        return .applySunscreen(
            spf: parameters.spf?.value.spf, quantity: parameters.quantity?.value, activity: parameters.activity?.value,
            at: now.addingTimeInterval(-Double(minutesAgo) * 60), for: parameters.person)
    }
}

extension UVD.RemoveSunscreen: CommandCall {
    static func command(_: Empty, now: Date) -> CoreCommand { .removeSunscreen }
}

extension UVD.RecordWater: CommandCall {
    static func command(_: Empty, now: Date) -> CoreCommand { .recordWater }
}

extension UVD.SetQuiet: CommandCall {
    /// The spans (each read as the parameters were decoded), or with `reset` the configuration's.
    static func command(_ parameters: SetQuietParameters, now: Date) throws(Refusal) -> CoreCommand {
        if parameters.reset ?? false { return .quiet(nil) }
        guard let spans = parameters.spans else { throw Refusal(.invalidValue, tr("give spans (an empty list for none) or reset")) }
        return .quiet(QuietHours(spans.map(\.value)))
    }
}

extension UVD.QuietNow: CommandCall {
    static func command(_ parameters: MinutesParameters, now: Date) -> CoreCommand { .quietFor(minutes: parameters.minutes) }
}

extension UVD.QuietOff: CommandCall {
    static func command(_: Empty, now: Date) -> CoreCommand { .quietOff }
}

extension UVD.Snooze: CommandCall {
    static func command(_ parameters: SnoozeParameters, now: Date) -> CoreCommand {
        .snooze(parameters.rule.value, minutes: parameters.minutes)
    }
}

extension UVD.Mute: CommandCall {
    static func command(_ parameters: MuteParameters, now: Date) -> CoreCommand {
        .mute(parameters.rule.value, today: parameters.today ?? false)
    }
}

extension UVD.Unmute: CommandCall {
    static func command(_ parameters: RuleParameters, now: Date) -> CoreCommand { .unmute(parameters.rule.value) }
}

extension UVD.ClearHome: CommandCall {
    static func command(_: Empty, now: Date) -> CoreCommand { .clearHome }
}

extension UVD.Outside: CommandCall {
    static func command(_ parameters: OutsideParameters, now: Date) -> CoreCommand { .outside(parameters) }
}

extension UVD.AddFamilyMember: CommandCall {
    /// A name checked (`FamilyMember.checkedName`), a skin type.
    static func command(_ parameters: FamilyMemberParameters, now: Date) throws(Refusal) -> CoreCommand {
        let name: String
        switch FamilyMember.checkedName(parameters.name) {
        case .success(let checked): name = checked
        case .failure(let problem): throw Refusal(.invalidValue, problem.description)
        }
        guard let skinType = parameters.skinType else {
            throw Refusal(.invalidValue, tr("give %1$@'s skin type (I to VI; uvctl skin quiz --for NAME finds it)", name))
        }
        return .addMember(FamilyMember(name: name, skinType: skinType.value, born: parameters.born?.value, spf: parameters.spf?.value))
    }
}

extension UVD.SetFamilyMember: CommandCall {
    /// Each field given; "" (`Settable.forget`) forgets `born` or `spf` (each checked as it was decoded).
    static func command(_ parameters: FamilyMemberParameters, now: Date) -> CoreCommand {
        .setMember(
            name: parameters.name,
            MemberChange(skinType: parameters.skinType?.value, born: parameters.born.map(\.value), spf: parameters.spf.map(\.value)))
    }
}

extension UVD.RemoveFamilyMember: CommandCall {
    static func command(_ parameters: NameParameters, now: Date) -> CoreCommand { .removeMember(name: parameters.name) }
}

extension UVD.SetFamilyOut: CommandCall {
    static func command(_ parameters: FamilyOutParameters, now: Date) -> CoreCommand {
        .familyOut(parameters.out, today: parameters.today ?? false)
    }
}
