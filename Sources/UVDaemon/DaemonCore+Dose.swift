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
        unsaved.outside += outside.networkIs(state, homeMarked: network.home != nil, at: now)
    }

    /// "I'm inside" (a notification's button, `uvctl outside stop`): the time outside that is
    /// open, the network's and the user's, ends now; returns whether any was open.
    @discardableResult
    func endTimeOutside(now: Date) -> Bool {
        let ended = outside.inside(at: now)
        unsaved.outside += ended
        return !ended.isEmpty
    }

    /// `uvctl outside start|stop`, `add|remove HH:MM-HH:MM [--date D]`, `clear [--date D]`.
    func outsideCommand(_ parameters: OutsideParameters, now: Date) throws(Refusal) -> String {
        let zone = user.place.timeZone
        guard let action = OutsideParameters.Action(rawValue: parameters.action) else {
            throw Refusal(.invalidValue, tr("outside takes start, stop, add, remove or clear (got '%1$@')", parameters.action))
        }
        switch action {
        case .start:
            guard let opened = outside.userStarts(at: now) else {
                return tr("already outside since you said so; uvctl outside stop ends it")
            }
            unsaved.outside.append(opened)
            settle(now: now)
            return tr("outside from %1$@", readable(now, now: now))
        case .stop:
            guard endTimeOutside(now: now) else {
                throw Refusal(.invalidValue, tr("no time outside is open now: uvctl outside start begins it"))
            }
            settle(now: now)
            return tr("inside from %1$@", readable(now, now: now))
        case .add, .remove:
            let day = try day(parameters.date, now: now)
            let span = try span(parameters.span ?? "", on: day, now: now)
            unsaved.outside.append(
                action == .add ? .add(OutsideInterval(start: span.start, end: span.end, source: .user)) : .remove(span))
            settle(now: now)
            return action == .add
                ? tr("outside %1$@–%2$@ added", readable(span.start, now: now), readable(span.end, now: now))
                : tr("outside %1$@–%2$@ removed", readable(span.start, now: now), readable(span.end, now: now))
        case .clear:
            let day = try day(parameters.date, now: now)
            unsaved.outside.append(.clear(day))
            if day.contains(now) { outside.cleared() }
            settle(now: now)
            return tr("time outside on %1$@ cleared", LocalDay.key(day.start, in: zone))
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

    /// The most days `uvctl dose --days` gives: as long as time outside is kept.
    static let mostDoseDays = 90

    /// The dose of the day `date` (today without one), and with `days` that many days ending
    /// with it, oldest first.
    func doseReply(now: Date, date: String?, days: Int?) throws(Refusal) -> DoseReply {
        let last = try day(date, now: now)
        let knowledge = knowledge(now: now)
        func dose(_ day: DateInterval) -> DoseInfo {
            DoseInfo(
                computedDose(day, series: { ViewBuilder.daySeries(knowledge, day: day, now: now) }, now: now), day: day,
                zone: user.place.timeZone)
        }
        guard let days else { return DoseReply(dose: dose(last)) }
        guard (1...Self.mostDoseDays).contains(days) else {
            throw Refusal(.invalidValue, tr("days must be 1 to %1$@ (got %2$@): time outside is kept %1$@ days", Self.mostDoseDays, days))
        }
        var span = [last]
        while span.count < days, let earliest = span.first {
            span.insert(LocalDay.interval(containing: earliest.start.addingTimeInterval(-1), in: user.place.timeZone), at: 0)
        }
        let doses = span.map(dose)
        return DoseReply(dose: doses[doses.count - 1], days: doses)
    }

    /// What the rules hear of today's dose (`DoseReading`); nil without time outside today.
    /// `series`: today's, as the step blended it.
    func doseReading(now: Date, series: UVSeries) -> DoseReading? {
        let day = LocalDay.interval(containing: now, in: user.place.timeZone)
        return DoseReading(
            computedDose(day, series: { series }, now: now), outside: outside.isOutside, now: now, dayEnd: day.end, uvi: series.uvi(at:),
            sunscreenOn: user.sunscreen)
    }

    /// Today's dose for the status, or nil when the day has no time outside. `series`: today's,
    /// as the caller already blended it (the day is not blended again for the dose).
    func todaysDose(now: Date, series: UVSeries) -> DoseInfo? {
        let dose = dayDose(LocalDay.interval(containing: now, in: user.place.timeZone), series: series, now: now)
        return dose.intervals.isEmpty ? nil : dose
    }

    /// The day's dose as `uvctl status` and `uvctl dose` give it, over `series`, the day's UV
    /// (`ViewBuilder.daySeries`).
    func dayDose(_ day: DateInterval, series: UVSeries, now: Date) -> DoseInfo {
        DoseInfo(computedDose(day, series: { series }, now: now), day: day, zone: user.place.timeZone)
    }

    /// The day's dose from the store's intervals and sunscreen worn over the day's UV; a day
    /// without time outside reads nothing more (its UV is not even made).
    private func computedDose(_ day: DateInterval, series: () -> UVSeries, now: Date) -> DayDose {
        let intervals = (try? store.outsideIntervals(overlapping: day)) ?? []
        let skin = user.profile.effectiveSkinType
        guard !intervals.isEmpty else { return DayDose(intervals: [], until: now, skinType: skin, uvi: { _ in 0 }, sunscreen: []) }
        let worn = (try? store.sunscreenWorn(within: day)) ?? []
        let uv = series()
        return DayDose(
            intervals: intervals.map { $0.clipped(to: day) }, until: min(now, day.end), skinType: skin, uvi: uv.uvi(at:), sunscreen: worn)
    }
}
