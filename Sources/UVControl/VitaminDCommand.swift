import ArgumentParser
import FoundationEssentials
import UVCore
import UVProtocol

/// `uvctl vitamin-d`: the minutes of sun that make a standard vitamin-D dose, hour by hour beside
/// the burn time, the day's best hour, and each family member's.
///
/// uvd answers for its place or a saved one, from the UV `uvctl forecast` shows for the day; for
/// `--lat/--lon`, or without uvd, uvctl works out the same computation here on a clear sky.
struct VitaminDCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vitamin-d",
        abstract: tr("Minutes of sun for a day's vitamin D, beside the burn time."),
        discussion: tr(
            "Model: a standard dose is the UV equal to 1000 IU by mouth, a quarter of your burn dose on a quarter of the body (Webb & Engelsen 2006), weighted by the CIE 174 previtamin-D action spectrum against the erythema spectrum for the Sun's height and 300 DU of ozone (after Fioletov 2009); below Engelsen 2005's threshold no vitamin D is made. Sunscreen is taken to block it as it blocks burning. An estimate for a healthy adult, not medical advice: uvctl guide vitamin-d."
        )
    )

    @OptionGroup var target: LocationOrPlace

    @OptionGroup var date: DayOption

    @Option(name: .customLong("skin-type"), help: ArgumentHelp(tr("Fitzpatrick skin type, I to VI (or 1 to 6); default: your profile's.")))
    var skinType: SkinType?

    @Option(help: ArgumentHelp(tr("The skin in the sun: %1$@ (default face-arms-hands).", SkinExposure.choices), valueName: "skin"))
    var exposed: SkinExposure = .standard

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let day = date.day, !day.isComputed, let text = date.date {
            throw ValidationError(ComputedYears.refusal("--date", text))
        }
    }

    func run() async throws {
        let now = Date()
        let info = try await answer(now: now)
        if output.json {
            try JSONOutput.print(info)
            return
        }
        print(render(info, now: now), terminator: "")
    }

    /// uvd's answer for its place or a saved one; else this clear-sky one.
    private func answer(now: Date) async throws -> VitaminDInfo {
        if !target.isCoordinate,
            let reply = await DaemonClient.callIfRunning(
                UVD.GetVitaminD.self, VitaminDParameters(location: target.location, date: date.day, skinType: skinType, exposed: exposed))
        {
            return reply.vitaminD
        }
        let place = target.resolve { tr("%1$@; saved locations are uvd's, and it is not running", $0) }
        let known = skinType == nil ? await DaemonClient.statusIfRunning() : nil
        guard let skin = skinType ?? known.flatMap({ $0.skinTypeIsDefault ? nil : $0.skinType.value }) else {
            throw ValidationError(
                known == nil
                    ? tr("Give --skin-type (uvd is not running to say your profile's).")
                    : tr("Give --skin-type, or save yours: uvctl profile set --skin-type, or uvctl skin quiz --save."))
        }
        // uvd's family while it runs and they are out (`uvctl family off` leaves the user alone).
        let listed = await DaemonClient.callIfRunning(UVD.ListFamily.self, Empty())
        let family = (listed?.out == true ? listed?.people ?? [] : []).filter { !$0.you }.compactMap { person in
            person.skinType.map { FamilyMember(name: person.name, skinType: $0.value, born: person.born?.value) }
        }
        let day = date.day?.interval(in: place.timeZone) ?? LocalDay.interval(containing: now, in: place.timeZone)
        let series = DayOutlook.modelledSeries(day: day, coordinate: place.coordinate)
        return VitaminDInfo(
            day: day, place: place, approximate: false, sky: .clearSky, you: skin, family: family, exposure: exposed, now: now,
            uvi: series.uvi(at:))
    }

    /// The day as text: the hours, the answer, the family, what a dose is.
    private func render(_ info: VitaminDInfo, now: Date) -> String {
        let clock = ClockFormat(timeZone: info.location.zone)
        let day = info.date.value.interval(in: info.location.zone)
        var lines = [tr("Vitamin D · %1$@ · %2$@", info.location.name, clock.day(day.start))]
        let sky = info.sky.value == .forecast ? tr("the day's forecast UV") : tr("clear sky")
        lines.append(tr("Skin type %1$@, %2$@, %3$@", info.skinType.value.numeral, info.exposurePhrase, sky))
        lines.append("")
        let headings = [tr("Hour"), tr("UV"), tr("Dose"), tr("Burn")]
        let rows = info.hours.compactMap { hour -> [String]? in
            guard let start = ISOInstant.parse(hour.time) else { return nil }
            return [
                clock.time(start), DisplayLocale.current.decimal(hour.uvi, places: 1),
                hour.minutes.map { tr("%1$@ min", $0) } ?? "–", hour.burnTimeMinutes.map { tr("%1$@ min", $0) } ?? "–",
            ]
        }
        if !rows.isEmpty {
            let widths = headings.indices.map { column in ([headings] + rows).map { $0[column].displayWidth }.max() ?? 0 }
            for row in [headings] + rows {
                let cells = row.indices.map { $0 == row.count - 1 ? row[$0] : row[$0].rightPadded(to: widths[$0]) }
                lines.append("  " + cells.joined(separator: "  "))
            }
            lines.append("")
        }
        lines += info.summary(now: now, time: clock.time, day: clock.day)
        let family = info.familyLines(time: clock.time)
        if !family.isEmpty {
            lines.append("")
            lines += family
        }
        lines.append("")
        lines.append(Terminal.standardOutput().dim(VitaminDInfo.footnote))
        return lines.joined(separator: "\n") + "\n"
    }
}
