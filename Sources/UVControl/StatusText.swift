import FoundationEssentials
import UVCore
import UVProtocol

/// The human form of a status: one glance, a few lines.
enum StatusText {
    static func lines(_ status: StatusInfo, terminal: Terminal, now: Date = Date()) -> [String] {
        let zone = status.location.zone
        let clock = ClockFormat(timeZone: zone)
        let level = status.shownLevel
        var lines: [String] = []

        let uv = terminal.paint(terminal.bold(tr("UV %1$@ %2$@", DisplayLocale.current.decimal(status.uvi, places: 1), level.name)), level)
        var headline = tr("%1$@ · %2$@", uv, status.location.name)
        if status.source.value == .model {
            headline = tr("%1$@ · modelled", headline)
        } else if let updated = status.updatedAt.flatMap(ISOInstant.parse) {
            let age = status.ageMinutes.map { $0 < 1 ? tr("just now") : tr("%1$@ min ago", $0) } ?? ""
            headline = tr("%1$@ · updated %2$@ (%3$@)", headline, clock.time(updated), age)
            if status.stale { headline += " " + terminal.bold(tr("stale")) }
        }
        lines.append(headline)
        if let weather = weatherLine(status) { lines.append(weather) }
        if status.location.isDefault { lines.append(terminal.dim(Place.defaultLocationNote)) }
        if let note = status.modelReason?.sentence ?? status.note { lines.append(terminal.dim(note)) }
        lines += status.warnings
        lines.append(level.advice)

        let skin =
            status.skinTypeIsDefault
            ? tr("skin type %1$@ — set yours with `uvctl profile set --skin-type`", status.skinType) : tr("skin type %1$@", status.skinType)
        if let minutes = status.burnTimeMinutes {
            lines.append(
                minutes >= 240
                    ? tr("Burn time about %1$@ min or more (%2$@)", minutes, skin) : tr("Burn time about %1$@ min (%2$@)", minutes, skin))
        } else {
            lines.append(tr("No burn risk now (%1$@)", skin))
        }
        if let family = status.family { lines.append(family.sentence) }
        if let whereabouts = status.whereabouts?.whereabouts {
            lines.append(tr("Now: %1$@", whereabouts.sentence(time: clock.time)))
        }
        if let sunscreen = status.sunscreen, let applied = ISOInstant.parse(sunscreen.appliedAt),
            let reapply = ISOInstant.parse(sunscreen.reapplyAt)
        {
            let countdown = sunscreen.countdown.value
            var chip = AppliedSentence.text(
                spf: sunscreen.spf.value, quantity: sunscreen.quantity.value, appliedAt: clock.time(applied), reapplyAt: clock.time(reapply)
            )
            if countdown == .now {
                chip += " " + terminal.bold(tr("(now)"))
            } else if countdown == .attention || countdown == .urgent {
                chip += " " + tr("(in %1$@ min)", max(1, Int(reapply.timeIntervalSince(now) / 60)))
            }
            lines.append(chip)
            if let firstOut = sunscreen.firstOut { lines.append(tr("%1$@'s protection runs out first.", firstOut)) }
            if countdown == .now, sunscreen.reapplyReason.value == .water {
                lines.append(
                    terminal.bold(tr("Water has washed it off (past its water resistance): you are unprotected until you reapply.")))
            }
        }
        lines.append(WindowSentence(window: status.window, peak: status.peak, terminal: terminal, clock: clock).text(now: now, today: true))
        if let line = status.vitaminD?.statusLine(now: now, time: clock.time, day: clock.day) { lines.append(line) }
        if let dose = status.dose { lines.append(DoseText.summary(dose)) }
        lines.append(terminal.dim(status.readerAttribution))
        return lines
    }

    /// `24 °C · partly cloudy`: what the provider says of the weather now, where it says it.
    static func weatherLine(_ status: StatusInfo, environment: [String: String] = ProcessEnvironment.atStart) -> String? {
        let temperature = status.temperatureCelsius.map {
            Weather.temperature(celsius: $0, fahrenheit: Weather.usesFahrenheit(environment: environment))
        }
        let condition = status.weatherCode.flatMap(Weather.condition(wmoCode:))
        switch (temperature, condition) {
        case (let temperature?, let condition?): return tr("%1$@ · %2$@", temperature, condition)
        case (let temperature?, nil): return temperature
        case (nil, let condition?): return condition.prefix(1).uppercased() + condition.dropFirst()
        case (nil, nil): return nil
        }
    }
}
