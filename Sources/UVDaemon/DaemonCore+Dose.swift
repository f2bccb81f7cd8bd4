import Foundation
import UVCore
import UVEngine
import UVProtocol
import UVStore

/// Today's dose: the time outside (from the network, and from the user's word) and what the sun
/// gave in it, from the same UV series `uvctl forecast` shows and the sunscreen on at each minute.
extension DaemonCore {
    /// Away from home (the default route on a phone or modem) begins network time outside; home
    /// again (home Wi-Fi, or any Wi-Fi while none is marked) ends it. Kept with the event.
    func noteOutside(_ state: NetworkState, now: Date) {
        if state.kind == .cellular, !outside.network {
            outside.network = true
            unsaved.outside.append(.open(.network, at: now))
        } else if state.isHome(homeMarked: network.home != nil), outside.network {
            outside.network = false
            unsaved.outside.append(.close(.network, at: now))
        }
    }

    /// `uvctl outside start|stop`, `add|remove HH:MM-HH:MM [--date D]`, `clear [--date D]`.
    func outsideCommand(_ parameters: OutsideParameters, now: Date) throws(Refusal) -> String {
        let zone = user.place.timeZone
        switch parameters.action {
        case "start":
            guard !outside.user else { return tr("already outside since you said so; uvctl outside stop ends it") }
            outside.user = true
            unsaved.outside.append(.open(.user, at: now))
            settle(now: now)
            return tr("outside from %1$@", readable(now, now: now))
        case "stop":
            guard outside.user else { throw Refusal(.invalidValue, tr("not outside by your word: uvctl outside start begins it")) }
            outside.user = false
            unsaved.outside.append(.close(.user, at: now))
            settle(now: now)
            return tr("inside from %1$@", readable(now, now: now))
        case "add", "remove":
            let day = try day(parameters.date, now: now)
            let span = try span(parameters.span ?? "", on: day, now: now)
            unsaved.outside.append(
                parameters.action == "add" ? .add(OutsideInterval(start: span.start, end: span.end, source: .user)) : .remove(span))
            settle(now: now)
            return parameters.action == "add"
                ? tr("outside %1$@–%2$@ added", readable(span.start, now: now), readable(span.end, now: now))
                : tr("outside %1$@–%2$@ removed", readable(span.start, now: now), readable(span.end, now: now))
        case "clear":
            let day = try day(parameters.date, now: now)
            unsaved.outside.append(.clear(day))
            if day.contains(now) { (outside.network, outside.user) = (false, false) }
            settle(now: now)
            return tr("time outside on %1$@ cleared", LocalDay.key(day.start, in: zone))
        default:
            throw Refusal(.invalidValue, tr("outside takes start, stop, add, remove or clear (got '%1$@')", parameters.action))
        }
    }

    /// The local day a `--date` names, or today.
    private func day(_ date: String?, now: Date) throws(Refusal) -> DateInterval {
        let zone = user.place.timeZone
        guard let date else { return LocalDay.interval(containing: now, in: zone) }
        guard let interval = LocalDay.interval(isoDate: date, in: zone) else {
            throw Refusal(.invalidValue, tr("date '%1$@' is not a calendar date: use YYYY-MM-DD", date))
        }
        return interval
    }

    /// "HH:MM-HH:MM" on `day`'s clock, not reaching past now: the times outside that were.
    private func span(_ text: String, on day: DateInterval, now: Date) throws(Refusal) -> DateInterval {
        let zone = user.place.timeZone
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

    /// The dose of the day `date` (today without one).
    func dose(now: Date, date: String?) throws(Refusal) -> DoseInfo {
        let day = try day(date, now: now)
        return dayDose(day, series: ViewBuilder.daySeries(knowledge(now: now), day: day, now: now), now: now)
    }

    /// What the rules hear of today's dose: the share of a burn so far, whether outside now, and
    /// when the next notice level would be reached staying out (nil without time outside today).
    /// `series`: today's, as the step blended it.
    func doseReading(now: Date, series: UVSeries) -> DoseReading? {
        guard let dose = todaysDose(now: now, series: series) else { return nil }
        let outsideNow = outside.network || outside.user
        let next = DoseReading.noticeLevels.map(Double.init).first { $0 > dose.burnDosePercent }
        var nextAt: Date?
        if outsideNow, let next {
            let day = LocalDay.interval(containing: now, in: user.place.timeZone)
            let sunscreen = user.sunscreen
            nextAt = Dose.time(
                toAdd: next - dose.burnDosePercent, from: now, skinType: user.profile.effectiveSkinType, uvi: series.uvi(at:),
                effectiveSPF: { sunscreen?.effectiveSPF(at: $0) ?? 1 }, within: day.end.timeIntervalSince(now))
        }
        // To the tenth of a percent: the rules need no finer, and the engine is told only of a change.
        return DoseReading(burnDosePercent: (dose.burnDosePercent * 10).rounded() / 10, outside: outsideNow, nextLevelAt: nextAt)
    }

    /// Today's dose for the status, or nil when the day has no time outside. `series`: today's,
    /// as the caller already blended it (the day is not blended again for the dose).
    func todaysDose(now: Date, series: UVSeries) -> DoseInfo? {
        let dose = dayDose(LocalDay.interval(containing: now, in: user.place.timeZone), series: series, now: now)
        return dose.intervals.isEmpty ? nil : dose
    }

    /// The day's dose as `uvctl status` and `uvctl dose` give it, over `series`, the day's UV
    /// (`ViewBuilder.daySeries`). A day without time outside reads nothing more.
    func dayDose(_ day: DateInterval, series: UVSeries, now: Date) -> DoseInfo {
        let intervals = (try? store.outsideIntervals(overlapping: day)) ?? []
        let worn = intervals.isEmpty ? [] : (try? store.sunscreenWorn(within: day)) ?? []
        let skin = user.profile.effectiveSkinType
        let clipped = intervals.map { OutsideInterval(start: max($0.start, day.start), end: min($0.end, day.end), source: $0.source) }
        let dayDose = DayDose(intervals: clipped, until: min(now, day.end), skinType: skin, uvi: series.uvi(at:), sunscreen: worn)
        let iso = ISOTimestamp(timeZone: user.place.timeZone)
        return DoseInfo(
            date: LocalDay.key(day.start, in: user.place.timeZone),
            intervals: dayDose.intervals.map {
                DoseIntervalInfo(
                    start: iso.string($0.interval.start), end: iso.string($0.interval.end), source: $0.interval.source.rawValue,
                    sed: $0.dose.sed, burnDosePercent: $0.dose.burnDosePercent)
            }, minutesOutside: Int(dayDose.secondsOutside / 60), sed: dayDose.total.sed, burnDosePercent: dayDose.total.burnDosePercent,
            unprotectedBurnDosePercent: dayDose.total.unprotectedBurnDosePercent, skinType: skin.numeral)
    }
}

/// Whether the user is outside now, by the network and by their word: what the store's open
/// intervals say, held so that each event does not ask it.
struct OutsideNow: Sendable {
    var network = false
    var user = false
}
