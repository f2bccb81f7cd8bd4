import FoundationEssentials
import UVConfig
import UVCore
import UVEngine
import UVPlaces
import UVPlatform
import UVProtocol
import UVStore

/// A command the user gives, as the edge parsed it.
enum CoreCommand: Sendable {
    /// `uvctl profile set`: the fields it changes (checked at the edge).
    case profile(ProfileChange)
    /// `person`: a family member's name, or `you`; nil for everyone out.
    case applySunscreen(spf: SPF?, quantity: SunscreenQuantity?, activity: SunscreenActivity?, at: Date, for: String?)
    case removeSunscreen
    case recordWater
    /// `uvctl location set`: the place its query names, looked up at the edge.
    case setLocation(Place)
    case clearLocation
    /// `uvctl location add NAME PLACE`: the place saved under `name` (checked at the edge).
    case addLocation(Place)
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

/// What a command changes, worked out from the core as it is without changing it: the values
/// it leaves (the user's record, the network's, the time outside), what it puts on or where it
/// moves to (which `Core` carries out as it would for any other event), what the store keeps
/// and what the rules hear. `Core.take(_:now:)` makes it the core's own; only that writes.
struct CommandChange {
    var user: UserRecord?
    var network: NetworkSight?
    var outside: TimeOutside?
    /// The sunscreen put on.
    var putOn: SunscreenApplication?
    /// The place to move to.
    var relocation: Place?
    /// The profile as changed, for the store.
    var profile: Profile?
    /// The time outside the store is to change.
    var outsideChanges: [OutsideChange] = []
    var keeping: [UserChange] = []
    var hearing: [EngineEvent] = []
    /// Whether it changed anything: only then is it taken, settled and kept.
    var changed = true
    /// What the command itself says back (`uvctl outside`, `uvctl home set`).
    var said: String?
}

extension CoreCommand {
    /// What the command changes of `core`, or its refusal, which changes nothing.
    func change(of core: Core, now: Date) throws(Refusal) -> CommandChange {
        var user = core.user
        switch self {
        case .profile(let change):
            let updated = change.applied(to: user.profile)
            user.changeProfile(to: updated)
            return CommandChange(user: user, profile: updated)
        case .applySunscreen(let spf, let quantity, let activity, let date, let person):
            let (wearer, own) = try core.sunscreenWearer(person)
            // One person's own sunscreen is theirs unless another is named.
            guard var application = user.profile.application(at: date, spf: spf ?? own, quantity: quantity, activity: activity) else {
                throw Refusal(.invalidValue, AppliedSPF.noneRefusal)
            }
            application.wearer = wearer
            return CommandChange(putOn: application)
        case .removeSunscreen:
            guard !user.sunscreen.isEmpty || user.futureSunscreen != nil else { throw Refusal.noSunscreen }
            user.takesSunscreenOff()
            return CommandChange(user: user, keeping: [.sunscreenRemoved(at: now)])
        case .recordWater:
            guard !user.sunscreen.isEmpty else { throw Refusal.noSunscreen }
            user.wentInWater(at: now)
            return CommandChange(user: user, keeping: [.waterEvent(at: now)])
        case .setLocation(let chosen):
            return CommandChange(relocation: chosen, keeping: [.manualPlace(chosen)])
        case .clearLocation:
            return CommandChange(relocation: user.geoPlace ?? core.systemPlace, keeping: [.manualPlace(nil)])
        case .addLocation(let chosen):
            user.save(chosen)
            return CommandChange(user: user, keeping: [.savePlace(chosen)])
        case .removeLocation(let name):
            guard let saved = user.savedPlaces.named(name)?.name else { throw Refusal(.noSuchPlace, tr("no saved location '%1$@'", name)) }
            user.removeSavedPlace(named: saved)
            return CommandChange(user: user, keeping: [.removePlace(named: saved)])
        case .markHome:
            var network = core.network
            guard network.current.kind == .wifi, let id = network.current.networkID else { throw Self.refusalToMarkHome(network) }
            network.markHome(id)
            return CommandChange(
                network: network, keeping: [.homeNetwork(id)], hearing: [.command(.homeMarked(true)), .network(network.state)],
                said: tr("home is the Wi-Fi network on %1$@ (%2$@)", network.current.interface ?? "?", id))
        case .clearHome:
            var network = core.network
            network.markHome(nil)
            return CommandChange(network: network, keeping: [.homeNetwork(nil)], hearing: [.command(.homeMarked(false))])
        case .quiet(let hours): return CommandChange(hearing: [.command(.quietHours(hours))])
        case .quietFor(let minutes): return CommandChange(hearing: [.command(.quietUntil(try Self.instant(minutes: minutes, after: now)))])
        case .quietOff: return CommandChange(hearing: [.command(.quietOff)])
        case .snooze(let rule, let minutes):
            return CommandChange(hearing: [.command(.snooze(rule, until: try Self.instant(minutes: minutes, after: now)))])
        case .mute(let rule, let today): return CommandChange(hearing: [.command(today ? .muteToday(rule) : .mute(rule))])
        case .unmute(let rule): return CommandChange(hearing: [.command(.unmute(rule))])
        case .outside(let parameters):
            var outside = core.outside
            let (changes, said) = try outside.command(parameters, clock: core.clock, now: now)
            return CommandChange(outside: outside, outsideChanges: changes, changed: !changes.isEmpty, said: said)
        case .addMember(let member):
            try core.refuseFutureBirth(member.born, now: now)
            guard user.member(named: member.name) == nil else {
                throw Refusal(.invalidValue, tr("%1$@ is in the family already: change them with uvctl family set", member.name))
            }
            guard user.family.count < FamilyMember.largestFamily else {
                throw Refusal(.invalidValue, tr("a family has at most %1$@ people besides you", FamilyMember.largestFamily))
            }
            user.changeFamily(to: user.family + [member])
            return CommandChange(user: user, keeping: [.family(user.family)])
        case .setMember(let name, let change):
            guard let (index, found) = user.member(named: name) else { throw Core.noMember(name) }
            var member = found
            if let skinType = change.skinType { member.skinType = skinType }
            if let born = change.born {
                try core.refuseFutureBirth(born, now: now)
                member.born = born
            }
            if let spf = change.spf { member.spf = spf }
            var family = user.family
            family[index] = member
            user.changeFamily(to: family)
            return CommandChange(user: user, keeping: [.family(family)])
        case .familyOut(let out, let today):
            let away: FamilyAway? = out ? nil : (today ? .on(DayKey(now, in: core.currentPlace.timeZone)) : .untilOn)
            user.familyIsAway(away)
            return CommandChange(user: user, keeping: [.familyAway(away)])
        case .removeMember(let name):
            guard let (index, _) = user.member(named: name) else { throw Core.noMember(name) }
            var family = user.family
            family.remove(at: index)
            user.changeFamily(to: family)
            return CommandChange(user: user, keeping: [.family(family)])
        }
    }

    /// What the user is told once the command is kept: its reply, read from the core as it now is.
    func reply(from core: Core, change: CommandChange, now: Date) throws(Refusal) -> CoreReply {
        switch self {
        case .profile: return .answered(core.user.profile)
        // What was just put on (the last recorded), with the party's reapply time and whose it is.
        case .applySunscreen: return .answered(try core.sunscreenInfo(now: now, applied: core.user.sunscreen.newest))
        case .recordWater: return .answered(try core.sunscreenInfo(now: now))
        case .removeSunscreen, .removeLocation: return .answered(Empty())
        case .setLocation, .clearLocation: return .answered(ViewBuilder.locationInfo(core.user.place))
        case .addLocation(let saved): return .answered(ViewBuilder.locationInfo(saved))
        case .markHome, .outside: return .answered(change.said ?? "")
        case .clearHome: return .answered(tr("no home network marked: leaving any Wi-Fi counts"))
        case .quiet, .quietFor, .quietOff: return .answered(core.quietInfo(now: now))
        case .snooze(let rule, let minutes):
            let until = now.addingTimeInterval(Double(minutes) * 60)
            return .answered(
                tr(
                    "%1$@ snoozed until %2$@", rule.rawValue,
                    WallClock.format(until, in: core.currentPlace.timeZone, twelveHour: core.engineSettings.uses12HourClock)))
        case .mute(let rule, let today):
            return .answered(today ? tr("%1$@ muted for today", rule.rawValue) : tr("%1$@ muted until `uvctl unmute %1$@`", rule.rawValue))
        case .unmute(let rule): return .answered(tr("%1$@ speaks again", rule.rawValue))
        case .addMember, .setMember, .removeMember, .familyOut: return .answered(core.familyReply(now: now))
        }
    }

    /// `minutes` (1 to 1440) after `now`.
    static func instant(minutes: Int, after now: Date) throws(Refusal) -> Date {
        guard (1...1440).contains(minutes) else { throw Refusal(.invalidValue, tr("minutes must be 1 to 1440 (got %1$@)", minutes)) }
        return now.addingTimeInterval(Double(minutes) * 60)
    }

    /// Why the network in use cannot be marked as home.
    private static func refusalToMarkHome(_ network: NetworkSight) -> Refusal {
        guard network.current.kind == .wifi else {
            return Refusal(
                .notOnWifi,
                tr(
                    "the default route is not over Wi-Fi (%1$@); connect to your home Wi-Fi and try again",
                    network.current.interface ?? tr("no default route")))
        }
        return Refusal(
            .networkUnknown,
            tr("this Wi-Fi network cannot be told apart from others (its gateway's address is not known yet); try again in a minute"))
    }
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

/// The place a query names (`PlaceQuery`), its zone read here at the edge: the core is given the
/// place, and reads no city list or zone file itself.
private func lookUp(_ query: String) throws(Refusal) -> Place {
    do { return try PlaceQuery.place(for: query) } catch { throw Refusal(.noSuchPlace, error.description) }
}

/// The methods that change the core, each beside its command: what its parameters become
/// (`CommandCall`); the core's answer is its reply (`CommandReply`).
extension UVD.SetLocation: CommandCall {
    static func command(_ parameters: PlaceParameters, now: Date) throws(Refusal) -> CoreCommand {
        .setLocation(try lookUp(parameters.place))
    }
}

extension UVD.ClearLocation: CommandCall {
    static func command(_: Empty, now: Date) -> CoreCommand { .clearLocation }
}

extension UVD.AddLocation: CommandCall {
    static func command(_ parameters: AddLocationParameters, now: Date) throws(Refusal) -> CoreCommand {
        guard !parameters.name.trimmingSpaces().isEmpty else { throw Refusal(.invalidValue, tr("a saved location needs a name")) }
        var chosen = try lookUp(parameters.place)
        chosen.name = parameters.name
        return .addLocation(chosen)
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

/// What commands read of the core to work out their change.
extension Core {
    /// A birth month after this one, on the place's calendar, is a typing slip.
    fileprivate func refuseFutureBirth(_ born: BirthMonth?, now: Date) throws(Refusal) {
        guard let born, born.ageInMonths(at: now, in: currentPlace.timeZone) < 0 else { return }
        throw Refusal(.invalidValue, tr("born %1$@ is after this month: use the month the child was born, YYYY-MM", born.description))
    }

    /// Whom `uvctl sunscreen apply --for` names, and the SPF of their own sunscreen: a family
    /// member (their name as kept), else `you`, the user; nil (or `--all`) is everyone out.
    fileprivate func sunscreenWearer(_ person: String?) throws(Refusal) -> (SunscreenWearer, ownSPF: SPF?) {
        guard let person else { return (.everyone, nil) }
        if let found = user.member(named: person) { return (.member(found.member.name), found.member.spf) }
        if person.trimmingSpaces().lowercased() == "you" { return (.user, nil) }
        throw Self.noMember(person)
    }

    /// No member of that name: how to find the names there are.
    fileprivate static func noMember(_ name: String) -> Refusal {
        Refusal(.invalidValue, tr("no one named %1$@ in the family; uvctl family list names them", name))
    }

    /// The sunscreen on record (`applied`, else the application whose protection runs out
    /// first), with the reapply time `uvctl status` and the reminders give.
    fileprivate func sunscreenInfo(now: Date, applied: SunscreenApplication? = nil) throws(Refusal) -> SunscreenInfo {
        guard
            let info = ViewBuilder.sunscreenInfo(
                knowledge(now: now).reading(now: now).facts, iso: ISOTimestamp(timeZone: user.place.timeZone), applied: applied)
        else {
            throw Refusal.noSunscreen
        }
        return info
    }
}
