import FoundationEssentials
import UVCore
import UVProtocol
import UVProviders

/// What each source says about now and today's peak, the part uvd gives it and why, and where
/// two of them disagree by 2 UVI or more: the `sources` of the status. Pure: time is a parameter.
enum SourceViews {
    /// A difference worth saying in words.
    static let disagreement = 2.0

    /// One source's numbers, before they are worded.
    struct Said {
        var source: UVSource
        var name: String
        var now: Double?
        var peak: Double?
        var updatedAt: Date?
        var role: SourceRole
        var why: String
    }

    /// `blended` is the day the reading now was computed from (`Knowledge.reading(now:)`).
    static func build(_ knowledge: Knowledge, blended: BlendedDay, now: Date) -> (sources: [SourceInfo], disagreements: [String]) {
        let said = gather(knowledge, blended: blended, now: now)
        let iso = ISOTimestamp(timeZone: knowledge.place.timeZone)
        let sources = said.map { item in
            SourceInfo(
                source: item.source, now: item.now?.rounded(places: 1), peak: item.peak?.rounded(places: 1),
                updatedAt: item.updatedAt.map(iso.string), role: item.role, why: item.why)
        }
        return (sources, disagreements(said))
    }

    static func gather(_ knowledge: Knowledge, blended: BlendedDay, now: Date) -> [Said] {
        let day = LocalDay.interval(containing: now, in: knowledge.place.timeZone)
        func covers(_ forecast: UVForecast) -> Bool {
            guard let first = forecast.hourly.first?.time, let last = forecast.hourly.last?.time else { return false }
            return now >= first && now <= last
        }
        func peak(_ series: UVSeries) -> Double? { series.samples(in: day).map(\.uvi).max() }
        var said: [Said] = []
        for (forecast, fetchedAt, usable) in [
            (knowledge.cams, knowledge.camsFetchedAt, knowledge.usableCAMS(now: now) != nil),
            (knowledge.forecast, knowledge.fetchedAt, knowledge.usableForecast(now: now) != nil),
        ] {
            guard let forecast else { continue }
            let inDay = !forecast.series.samples(in: day).isEmpty
            let role: SourceRole
            let why: String
            if !usable || !inDay {
                (role, why) = (.unused, usable ? tr("it has no hours for today") : tr("its answer is too old to follow"))
            } else if blended.base == forecast.source {
                (role, why) = (
                    .day,
                    forecast.source == .cams
                        ? tr("the forecast followed: CAMS models clouds, aerosols and ozone")
                        : tr("the forecast followed: CAMS has no usable answer")
                )
            } else if blended.sources.contains(forecast.source) {
                (role, why) = (.fallback, tr("gives the hours CAMS does not reach"))
            } else {
                (role, why) = (.crossCheck, tr("compared with CAMS; its current conditions give the weather"))
            }
            said.append(
                Said(
                    source: forecast.source, name: name(forecast.source),
                    now: covers(forecast) ? forecast.series.uvi(at: now) : forecast.current?.uvi,
                    peak: inDay ? peak(forecast.series) : nil, updatedAt: fetchedAt, role: role, why: why))
        }
        if let latest = knowledge.recentReadings.max(by: { $0.time < $1.time }) {
            let leads = blended.nowcast != nil
            said.append(
                Said(
                    source: .arpansa, name: name(.arpansa), now: latest.uvi, peak: nil, updatedAt: latest.time,
                    role: leads ? .now : .unused,
                    why: leads
                        ? tr("measured within 30 minutes: leads the value now and the next hours, fading into the forecast")
                        : blended.stationFrozen
                            ? tr("not believed: one value for half an hour while the Sun moved (a stuck sensor or feed)")
                            : tr("its latest reading is over 30 minutes old, or the Sun is too low to tell cloud")))
        }
        let model = DayOutlook.modelledSeries(day: day, coordinate: knowledge.place.coordinate)
        let modelLeads = blended.base == .model
        said.append(
            Said(
                source: .model, name: name(.model), now: ClearSkyUV().uvIndex(at: now, coordinate: knowledge.place.coordinate),
                peak: peak(model),
                updatedAt: nil, role: modelLeads ? .day : .reference,
                why: modelLeads
                    ? tr("no usable forecast: the clear-sky model gives the day's hours") : tr("a cloudless sky, for comparison")))
        return said
    }

    /// The source's name in a sentence.
    static func name(_ source: UVSource) -> String {
        switch source {
        case .cams: tr("CAMS")
        case .openMeteo: tr("Open-Meteo's forecast")
        case .openWeatherMap: tr("OpenWeatherMap")
        case .arpansa: tr("the ARPANSA station")
        case .model: tr("the clear-sky model")
        }
    }

    /// Pairs of real sources (the clear-sky model differs under any cloud, and says so by design)
    /// whose values now or peaks differ by 2 UVI or more.
    static func disagreements(_ said: [Said]) -> [String] {
        let real = said.filter { $0.source != .model && $0.role != .unused }
        var sentences: [String] = []
        for (index, first) in real.enumerated() {
            for second in real.dropFirst(index + 1) {
                if let a = first.now, let b = second.now, abs(a - b) >= disagreement {
                    sentences.append(
                        tr(
                            "Now, %1$@ says %2$@ and %3$@ says %4$@: they differ by %5$@.", first.name, number(a), second.name, number(b),
                            number(abs(a - b))))
                }
                if let a = first.peak, let b = second.peak, abs(a - b) >= disagreement {
                    sentences.append(
                        tr(
                            "For today's peak, %1$@ says %2$@ and %3$@ says %4$@: they differ by %5$@.", first.name, number(a), second.name,
                            number(b),
                            number(abs(a - b))))
                }
            }
        }
        return sentences
    }

    static func number(_ value: Double) -> String { DisplayLocale.current.decimal(value, places: 1) }
}
