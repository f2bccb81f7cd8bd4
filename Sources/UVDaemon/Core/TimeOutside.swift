import FoundationEssentials
import UVCore
import UVProtocol
import UVStore

/// The time the user spends outside, and what the sun gave in it: whether time outside is open
/// now (`OutsideNow`, held here and nowhere else), what `uvctl outside` asks of it, and a day's
/// dose from the store's intervals and the sunscreen worn. It decides and reads; the core keeps
/// the changes it returns with the event (`StoreChanges.outside`) and settles.
struct TimeOutside: Sendable {
    private var open: OutsideNow
    private let reading: any CoreReading

    /// `open`: what the store says is open as uvd starts; the day's intervals are read from
    /// `reading` as a dose is asked.
    init(open: OutsideNow, reading: any CoreReading) {
        self.open = open
        self.reading = reading
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
        open.networkIs(state, homeMarked: homeMarked, at: now)
    }

    /// "I'm inside": whatever is open ends now.
    mutating func inside(at now: Date) -> [OutsideChange] { open.inside(at: now) }

    /// `uvctl outside start|stop`, `add|remove HH:MM-HH:MM [--date D]`, `clear [--date D]`: the
    /// changes to keep (none when nothing changes), and what to tell the user.
    mutating func command(_ parameters: OutsideParameters, clock: PlaceClock, now: Date) throws(Refusal) -> (
        changes: [OutsideChange], reply: String
    ) {
        guard let action = OutsideParameters.Action(rawValue: parameters.action) else {
            throw Refusal(.invalidValue, tr("outside takes start, stop, add, remove or clear (got '%1$@')", parameters.action))
        }
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
            let day = try Self.day(parameters.date, zone: clock.zone, now: now)
            let span = try Self.span(parameters.span ?? "", on: day, zone: clock.zone, now: now)
            let (start, end) = (clock.readable(span.start, now: now), clock.readable(span.end, now: now))
            return action == .add
                ? ([.add(OutsideInterval(start: span.start, end: span.end, source: .user))], tr("outside %1$@–%2$@ added", start, end))
                : ([.remove(span)], tr("outside %1$@–%2$@ removed", start, end))
        case .clear:
            let day = try Self.day(parameters.date, zone: clock.zone, now: now)
            if day.contains(now) { open.cleared() }
            return ([.clear(day)], tr("time outside on %1$@ cleared", LocalDay.key(day.start, in: clock.zone)))
        }
    }

    /// The local day a `--date` names, or today.
    static func day(_ date: String?, zone: Zone, now: Date) throws(Refusal) -> DateInterval {
        guard let date else { return LocalDay.interval(containing: now, in: zone) }
        guard let interval = LocalDay.interval(isoDate: date, in: zone) else {
            throw Refusal(.invalidValue, tr("date '%1$@' is not a calendar date: use YYYY-MM-DD", date))
        }
        return interval
    }

    /// "HH:MM-HH:MM" on `day`'s clock, not reaching past now: the times outside that were.
    private static func span(_ text: String, on day: DateInterval, zone: Zone, now: Date) throws(Refusal) -> DateInterval {
        let ends = text.split(separator: "-").map { WallClock.minuteOfDay(parsing: String($0)) }
        guard ends.count == 2, let first = ends[0], let last = ends[1], first < last else {
            throw Refusal(.invalidValue, tr("'%1$@' is not a span of the day: use HH:MM-HH:MM, the start before the end", text))
        }
        let start = zone.nextDate(after: day.start.addingTimeInterval(-1), minuteOfDay: first)
        let end = zone.nextDate(after: day.start.addingTimeInterval(-1), minuteOfDay: last)
        guard end <= now.addingTimeInterval(60) else {
            throw Refusal(.invalidValue, tr("%1$@ has not come yet: time outside is what was, up to now", text))
        }
        return DateInterval(start: start, end: end)
    }

    /// The day's dose of the user (skin `skin`) and of `family` out with them, from the store's
    /// intervals and the sunscreen each wore, over `series`, the day's UV; a day without time
    /// outside reads nothing more (its UV is not even made).
    func dose(of day: DateInterval, skin: SkinType, family: [FamilyMember], zone: Zone, series: () -> UVSeries, now: Date) -> PartyDose {
        let until = min(now, day.end)
        let intervals = (try? reading.outsideIntervals(overlapping: day)) ?? []
        guard !intervals.isEmpty else {
            return PartyDose(
                intervals: [], until: until, uvi: { _ in 0 }, sunscreen: [], you: skin, family: family, agesAt: until, zone: zone)
        }
        let worn = (try? reading.sunscreenWorn(within: day)) ?? []
        let uv = series()
        return PartyDose(
            intervals: intervals.map { $0.clipped(to: day) }, until: until, uvi: uv.uvi(at:), sunscreen: worn, you: skin, family: family,
            agesAt: until, zone: zone)
    }
}
