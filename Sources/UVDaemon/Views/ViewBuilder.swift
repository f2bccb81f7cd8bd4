import FoundationEssentials
import UVCore
import UVProtocol
import UVProviders

/// Turns `Knowledge` into the replies of `GetStatus` and `GetForecast`: every number comes from
/// the day's `DayFacts`, the same the engine's rules read. Pure: time is a parameter.
enum ViewBuilder {
    /// The status at `now`, from a day blended afresh.
    static func status(_ knowledge: Knowledge, now: Date) -> StatusInfo {
        status(knowledge, blended: knowledge.blendedDay(now: now), now: now)
    }

    /// The status at `now`, read from today's `blended` day (`knowledge.blendedDay(now:)`).
    static func status(_ knowledge: Knowledge, blended: BlendedDay, now: Date) -> StatusInfo {
        status(knowledge, reading: knowledge.reading(now: now, blended: blended), now: now)
    }

    /// The status at `now`, from the day's `reading` (`knowledge.reading(now:blended:)`), for a
    /// caller that reads more of it.
    static func status(_ knowledge: Knowledge, reading: DayReading, now: Date) -> StatusInfo {
        let place = knowledge.place
        let iso = ISOTimestamp(timeZone: place.timeZone)
        let facts = reading.facts
        let freshness = reading.updatedAt.map { Freshness(updatedAt: $0, now: now) } ?? .expired
        let modelled = reading.source == .model
        let sources = SourceViews.build(knowledge, blended: reading.blended, now: now)
        var status = StatusInfo(
            uvi: facts.uvi.rounded(places: 1), level: UVLevel(uvi: facts.uvi), source: reading.source,
            attribution: reading.source.attribution, updatedAt: reading.updatedAt.map(iso.string),
            ageMinutes: reading.updatedAt.map { Int(now.timeIntervalSince($0) / 60) },
            stale: !modelled && freshness != .fresh, freshness: ShownFreshness(freshness, modelled: modelled),
            note: reading.modelReason?.sentence, modelReason: reading.modelReason, location: locationInfo(place),
            skinType: facts.inputs.skinType,
            skinTypeIsDefault: knowledge.profile.skinType == nil, burnTimeMinutes: facts.burnTime.wholeMinutes,
            sunscreen: sunscreenInfo(facts, iso: iso),
            window: facts.window.map { SpanInfo(start: iso.string($0.start), end: iso.string($0.end)) },
            peak: facts.peak.map {
                PeakInfo(
                    start: iso.string($0.span.start), end: iso.string($0.span.end), uvi: $0.uvi.rounded(places: 1), at: iso.string($0.at))
            },
            temperatureCelsius: knowledge.usableForecast(now: now)?.current?.temperatureCelsius,
            weatherCode: knowledge.usableForecast(now: now)?.current?.weatherCode, requestsToday: knowledge.requestsToday,
            now: iso.string(now), sources: sources.sources, disagreements: sources.disagreements)
        status.family = familyStatus(knowledge, facts: facts)
        status.vitaminD = vitaminD(
            knowledge, day: LocalDay.interval(containing: now, in: place.timeZone), now: now, blended: reading.blended)
        return status
    }

    /// Each person's burn time from the same day as the user's (`Party`), when there is a
    /// family; who burns first is named ("you" for the user).
    static func familyStatus(_ knowledge: Knowledge, facts: DayFacts) -> FamilyStatusInfo? {
        guard !knowledge.family.isEmpty else { return nil }
        let party = Party(facts: facts, you: facts.inputs.skinType, family: knowledge.family, zone: knowledge.place.timeZone)
        let name = { (person: Party.Person) in person.isUser ? FamilyStatusInfo.you : person.name }
        return FamilyStatusInfo(
            firstToBurn: party.firstToBurn.map(name),
            people: party.people.map { person in
                PersonBurnInfo(
                    name: name(person), you: person.isUser, skinType: person.skinType, ageMonths: person.ageInMonths,
                    burnTimeMinutes: person.burnTime?.wholeMinutes, keepOutOfSun: person.keepOutOfSun)
            })
    }

    /// A day's hours, window and peak, with the forecast and blended series they come from:
    /// today is the blended day everything else reads; other days are the forecast's own.
    static func outlook(_ knowledge: Knowledge, day: DateInterval, now: Date) -> (
        outlook: DayOutlook, covering: UVForecast?, blended: BlendedDay?
    ) {
        let place = knowledge.place
        let skin = knowledge.profile.effectiveSkinType
        let covering = knowledge.usableForecasts(now: now).first { !$0.series.samples(in: day).isEmpty }
        let blended = day.contains(now) ? knowledge.blendedDay(now: now) : nil
        let series = blended?.series ?? covering?.series ?? DayOutlook.modelledSeries(day: day, coordinate: place.coordinate)
        let outlook = DayOutlook(
            series: series, day: day, coordinate: place.coordinate, skinType: skin, threshold: knowledge.window.threshold(for: skin))
        return (outlook, covering, blended)
    }

    /// The UV series of a day, the one `outlook` (and so `uvctl forecast`) shows: today's blended
    /// day, else the forecast covering the day, else the clear-sky model.
    static func daySeries(_ knowledge: Knowledge, day: DateInterval, now: Date) -> UVSeries {
        daySky(knowledge, day: day, now: now).series
    }

    /// `daySeries`, and whether it is a forecast or the clear-sky model; `blended`, today's day
    /// when the caller has it.
    static func daySky(_ knowledge: Knowledge, day: DateInterval, now: Date, blended: BlendedDay? = nil) -> (
        series: UVSeries, sky: VitaminDSky
    ) {
        if day.contains(now) {
            let today = blended ?? knowledge.blendedDay(now: now)
            return (today.series, today.base == .model ? .clearSky : .forecast)
        }
        if let covering = knowledge.usableForecasts(now: now).first(where: { !$0.series.samples(in: day).isEmpty }) {
            return (covering.series, .forecast)
        }
        return (DayOutlook.modelledSeries(day: day, coordinate: knowledge.place.coordinate), .clearSky)
    }

    /// A day's vitamin D for the user and the family (`VitaminDParty`), from the UV `uvctl
    /// forecast` shows for that day: what status, forecast, the tray and `uvctl vitamin-d` say.
    static func vitaminD(
        _ knowledge: Knowledge, day: DateInterval, now: Date, blended: BlendedDay? = nil, skinType: SkinType? = nil,
        exposure: SkinExposure = .standard
    ) -> VitaminDInfo {
        let place = knowledge.place
        let (series, sky) = daySky(knowledge, day: day, now: now, blended: blended)
        return VitaminDInfo(
            day: day, place: place, approximate: true, sky: sky, you: skinType ?? knowledge.profile.effectiveSkinType,
            family: knowledge.family, exposure: exposure, now: now, uvi: series.uvi(at:))
    }

    static func forecast(_ knowledge: Knowledge, day: DateInterval, now: Date) -> ForecastInfo {
        let (outlook, covering, blended) = outlook(knowledge, day: day, now: now)
        let clearSky = Dictionary(
            (covering?.hourly ?? []).compactMap { hour in hour.clearSkyUVI.map { (hour.time, $0) } },
            uniquingKeysWith: { first, _ in first })
        var forecast = ForecastInfo(
            outlook: outlook, place: knowledge.place, approximate: true, skinType: knowledge.profile.effectiveSkinType,
            window: knowledge.window,
            source: covering?.source ?? .model, updatedAt: covering.flatMap { knowledge.fetchedAt($0.source) }, clearSky: clearSky,
            daily: knowledge.usableForecast(now: now)?.daily ?? [], hourSource: blended.map { blended in { blended.source(at: $0) } })
        forecast.vitaminD = vitaminD(knowledge, day: day, now: now, blended: blended)
        return forecast
    }

    /// The profile as `GetProfile` and `SetProfile` reply it.
    static func profileInfo(_ profile: Profile) -> ProfileInfo {
        ProfileInfo(
            skinType: profile.skinType, spf: profile.defaultSPF, quantity: profile.defaultQuantity, activity: profile.defaultActivity,
            waterResistanceMinutes: profile.waterResistance)
    }

    static func locationInfo(_ place: Place) -> LocationInfo {
        LocationInfo(place, approximate: true)
    }

    /// The sunscreen on record as the day's facts see it: `applied` (one just put on), else the
    /// application whose protection runs out first (the user's alone, or whoever's first out with
    /// the family), with the party's reapply time and whose it is; nil without one.
    static func sunscreenInfo(_ facts: DayFacts, iso: ISOTimestamp, applied: SunscreenApplication? = nil) -> SunscreenInfo? {
        guard let application = applied ?? facts.reapplyApplication, let reapply = facts.reapply, let countdown = facts.countdown else {
            return nil
        }
        return SunscreenInfo(
            spf: application.spf, quantity: application.quantity, activity: application.activity,
            appliedAt: iso.string(application.appliedAt), effectiveSPF: application.effectiveSPF(at: facts.now).rounded(places: 1),
            reapplyAt: iso.string(reapply.date), reapplyReason: reapply.reason, countdown: countdown,
            waterEventAt: application.waterEventAt.map(iso.string), firstOut: facts.reapplyFirst)
    }
}
