import Foundation
import UVCore
import UVProtocol

/// The human form of a status: one glance, a few lines.
enum StatusText {
    static func lines(_ status: StatusInfo, terminal: Terminal, now: Date = Date()) -> [String] {
        let zone = TimeZone(identifier: status.location.timeZone) ?? .current
        let clock = ClockFormat(timeZone: zone)
        let level = UVLevel(rawValue: status.level) ?? UVLevel(uvi: status.uvi)
        var lines: [String] = []

        var headline = terminal.paint(terminal.bold(String(format: "UV %.1f %@", status.uvi, level.name)), level) + " · \(status.location.name)"
        if status.source == UVSource.model.rawValue {
            headline += " · modelled"
        } else if let updated = status.updatedAt.flatMap(InstantParser.parse) {
            let age = status.ageMinutes.map { $0 < 1 ? "just now" : "\($0) min ago" } ?? ""
            headline += " · updated \(clock.time(updated)) (\(age))"
            if status.stale { headline += " " + terminal.bold("stale") }
        }
        lines.append(headline)
        if status.location.isDefault { lines.append(terminal.dim(Place.defaultLocationNote)) }
        if let note = status.note { lines.append(terminal.dim(note)) }
        lines.append(level.advice)

        let skin = "skin type \(status.skinType)" + (status.skinTypeIsDefault ? " — set yours with `uvctl profile set --skin-type`" : "")
        if let minutes = status.burnTimeMinutes {
            lines.append("Burn time about \(minutes) min\(minutes >= 240 ? " or more" : "") (\(skin))")
        } else {
            lines.append("No burn risk now (\(skin))")
        }
        if let sunscreen = status.sunscreen, let applied = InstantParser.parse(sunscreen.appliedAt), let reapply = InstantParser.parse(sunscreen.reapplyAt) {
            let quantity = sunscreen.quantity.prefix(1).uppercased() + sunscreen.quantity.dropFirst()
            let countdown = ReapplyCountdown(reapplyAt: reapply, now: now)
            var chip = "Applied SPF \(sunscreen.spf) • \(quantity) at \(clock.time(applied)) — reapply by \(clock.time(reapply))"
            if countdown == .now { chip += " " + terminal.bold("(now)") }
            lines.append(chip)
        }
        switch status.window.flatMap({ span in InstantParser.parse(span.start).flatMap { start in InstantParser.parse(span.end).map { TimeSpan(start: start, end: $0) } } }) {
        case nil:
            lines.append("No sunscreen window today.")
        case let window?:
            var text = now > window.end ? "Safe tonight." : "Take care \(clock.time(window.start)) – \(clock.time(window.end))"
            if let peak = status.peak, peak.uvi >= 1, let at = InstantParser.parse(peak.at) {
                text += String(format: " · peak %.0f at %@", peak.uvi, clock.time(at))
            }
            lines.append(text)
        }
        lines.append(terminal.dim(status.attribution))
        return lines
    }
}
