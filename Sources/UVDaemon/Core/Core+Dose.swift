import FoundationEssentials
import UVCore
import UVEngine
import UVProtocol
import UVStore

/// Today's dose: the time outside (from the network, and from the user's word) and what the sun
/// gave in it, from the same UV series `uvctl forecast` shows and the sunscreen on at each minute.
extension Core {

    /// The most days `uvctl dose --days` gives: as long as time outside is kept.
    static let mostDoseDays = 90

    /// The dose of the day `date` (today without one), and with `days` that many days ending
    /// with it, oldest first.
    func doseReply(now: Date, date: CalendarDate?, days: Int?) throws(Refusal) -> DoseReply {
        let last = TimeOutside.day(date, zone: user.place.timeZone, now: now)
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
            sunscreen: user.sunscreen)
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

    /// The day's dose (`TimeOutside.dose`) of the user and of the family out now (each
    /// person's share: the same in `uvctl dose`, the status and the dose notices).
    private func computedDose(_ day: DateInterval, series: () -> UVSeries, now: Date) -> PartyDose {
        outside.dose(
            of: day, skin: user.profile.effectiveSkinType, family: user.party(at: now), zone: user.place.timeZone, series: series, now: now)
    }
}

extension UVD.GetDose: ViewCall {
    static func view(_ parameters: DoseParameters, of core: Core, now: Date) throws(Refusal) -> DoseReply {
        try core.doseReply(now: now, date: parameters.date?.value, days: parameters.days)
    }
}
