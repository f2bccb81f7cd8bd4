import FoundationEssentials
import UVCore
import UVProtocol
import UVStore

/// The time the user spends outside, and what the sun gave in it: whether time outside is open
/// now (`OutsideNow`, held here and nowhere else), what `uvctl outside` asks of it, and a day's
/// dose from the intervals and the sunscreen worn (`OutsideRecord`, held here too). It decides;
/// the core saves the changes it returns with the event (`StoreChanges.outside`) and settles.
struct TimeOutside: Sendable {
    private var open: OutsideNow
    private var record: OutsideRecord

    /// `open`: what the store says is open as uvd starts; `record`: its intervals and sunscreen.
    init(open: OutsideNow, record: OutsideRecord) {
        self.open = open
        self.record = record
    }

    /// Whether time outside is open now, by the network or the user's word.
    var isOutside: Bool { open.isOutside }
    /// A network interval is open (away from home on a phone or modem connection).
    var network: Bool { open.network }
    /// A user interval is open (`uvctl outside start`).
    var user: Bool { open.user }
    /// Where the person is, as the rules read it.
    var whereabouts: Whereabouts { open.whereabouts }

    /// The connection in use is now `state` (`OutsideNow.networkIs`).
    mutating func networkIs(_ state: NetworkState, homeMarked: Bool, at now: Date) -> [OutsideChange] {
        recorded(open.networkIs(state, homeMarked: homeMarked, at: now))
    }

    /// "I'm inside": whatever is open ends now.
    mutating func inside(at now: Date) -> [OutsideChange] { recorded(open.inside(at: now)) }

    /// `application` put on (`uvctl sunscreen apply`, the Applied button).
    mutating func put(on application: SunscreenApplication) { record.put(on: application) }

    /// What a user's change does to the sunscreen worn (`uvctl sunscreen remove`, `water`).
    mutating func sunscreenChanged(_ change: UserChange) {
        switch change {
        case .sunscreenRemoved(let at): record.takeOff(at: at)
        case .waterEvent(let at): record.water(at: at)
        default: break
        }
    }

    /// `changes`, made to the record as the store will make them.
    private mutating func recorded(_ changes: [OutsideChange]) -> [OutsideChange] {
        for change in changes { record.apply(change) }
        return changes
    }

    /// `uvctl outside start|stop`, `add|remove HH:MM-HH:MM [--date D]`, `clear [--date D]`: the
    /// changes to keep (none when nothing changes), and what to tell the user.
    mutating func command(_ parameters: OutsideParameters, clock: PlaceClock, now: Date) throws(Refusal) -> (
        changes: [OutsideChange], reply: String
    ) {
        let (changes, reply) = try decided(parameters, clock: clock, now: now)
        return (recorded(changes), reply)
    }

    private mutating func decided(_ parameters: OutsideParameters, clock: PlaceClock, now: Date) throws(Refusal) -> (
        changes: [OutsideChange], reply: String
    ) {
        let action = parameters.action.value
        switch action {
        case .start:
            guard let opened = open.userStarts(at: now) else {
                return ([], tr("already outside since you said so; uvctl outside stop ends it"))
            }
            return ([opened], tr("outside from %1$@", clock.readable(now, now: now)))
        case .stop:
            let ended = open.inside(at: now)
            guard !ended.isEmpty else {
                throw Refusal(.invalidValue, tr("no time outside is open now: uvctl outside start begins it"))
            }
            return (ended, tr("inside from %1$@", clock.readable(now, now: now)))
        case .add, .remove:
            let day = try Self.keptDay(parameters.date?.value, zone: clock.zone, now: now)
            let span = try Self.interval(parameters.span?.value, on: day, zone: clock.zone, now: now)
            let (start, end) = (clock.readable(span.start, now: now), clock.readable(span.end, now: now))
            return action == .add
                ? ([.add(OutsideInterval(start: span.start, end: span.end, source: .user))], tr("outside %1$@–%2$@ added", start, end))
                : ([.remove(span)], tr("outside %1$@–%2$@ removed", start, end))
        case .clear:
            let day = try Self.keptDay(parameters.date?.value, zone: clock.zone, now: now)
            if day.contains(now) { open.cleared() }
            return ([.clear(day)], tr("time outside on %1$@ cleared", LocalDay.key(day.start, in: clock.zone)))
        }
    }

    /// The local day a `--date` names, or today.
    static func day(_ date: CalendarDate?, zone: Zone, now: Date) -> DateInterval {
        date?.interval(in: zone) ?? LocalDay.interval(containing: now, in: zone)
    }

    /// The local day a `--date` names, or today, when its time outside is still kept (90 days).
    private static func keptDay(_ date: CalendarDate?, zone: Zone, now: Date) throws(Refusal) -> DateInterval {
        let day = day(date, zone: zone, now: now)
        guard day.end > now.addingTimeInterval(-OutsideRecord.kept) else {
            let days = Int(OutsideRecord.kept / 86_400)
            throw Refusal(
                .invalidValue,
                tr("date '%1$@' is more than %2$@ days ago: time outside is kept %2$@ days", date?.description ?? "", days))
        }
        return day
    }

    /// `span` on `day`'s clock, not reaching past now: the times outside that were.
    private static func interval(_ span: ClockSpan?, on day: DateInterval, zone: Zone, now: Date) throws(Refusal) -> DateInterval {
        guard let span else {
            throw Refusal(.invalidValue, tr("'%1$@' is not a span of the day: use HH:MM-HH:MM, the start before the end", ""))
        }
        let interval = span.interval(on: day, in: zone)
        guard interval.end <= now.addingTimeInterval(60) else {
            throw Refusal(.invalidValue, tr("%1$@ has not come yet: time outside is what was, up to now", span.description))
        }
        return interval
    }

    /// The day's dose of the user (skin `skin`) and of `family` out with them, from the
    /// intervals kept and the sunscreen each wore, over `series`, the day's UV; a day without time
    /// outside reads nothing more (its UV is not even made).
    func dose(of day: DateInterval, skin: SkinType, family: [FamilyMember], zone: Zone, series: () -> UVSeries, now: Date) -> PartyDose {
        let until = min(now, day.end)
        let intervals = record.intervals(overlapping: day)
        guard !intervals.isEmpty else {
            return PartyDose(
                intervals: [], until: until, uvi: { _ in 0 }, sunscreen: [], you: skin, family: family, agesAt: until, zone: zone)
        }
        let worn = record.worn(within: day)
        let uv = series()
        return PartyDose(
            intervals: intervals.map { $0.clipped(to: day) }, until: until, uvi: uv.uvi(at:), sunscreen: worn, you: skin, family: family,
            agesAt: until, zone: zone)
    }
}
