import FoundationEssentials
import UVCore

/// The words for a vitamin-D day: what `uvctl vitamin-d` prints, and the line `uvctl status` and
/// the tray's tooltip give, made in one place. Times and days are written by the caller's clock
/// (`time`, `day`), as the status and the tray write them.
extension VitaminDInfo {
    /// The day's answer for the user (`answer`), then the position statement on a day the sun
    /// makes none or whose UV stays under 3.
    public func summary(now: Date, time: (Date) -> String, day: (Date) -> String) -> [String] {
        let lowUV = (hours.map(\.uvi).max() ?? 0) < Self.lowUV
        let needsStatement = best == nil ? sunTooLow : lowUV
        return answer(now: now, time: time, day: day) + (needsStatement ? [Self.positionStatement] : [])
    }

    /// The best hour, or why there is none and, when the sun is too low, the next day it is not.
    private func answer(now: Date, time: (Date) -> String, day: (Date) -> String) -> [String] {
        if let best { return [bestSentence(best, time: time)] }
        let interval = date.value.interval(in: location.zone)
        let today = interval.contains(now)
        guard sunTooLow else {
            return [
                today
                    ? tr("Too little UV to make vitamin D today (forecast).")
                    : tr("Too little UV to make vitamin D on %1$@ (forecast).", day(interval.start))
            ]
        }
        var lines = [
            today
                ? tr("The sun is too low to make vitamin D today (clear sky).")
                : tr("The sun is too low to make vitamin D on %1$@ (clear sky).", day(interval.start))
        ]
        if let next = nextDay?.value {
            lines.append(tr("The next day it can, here, is %1$@.", day(next.interval(in: location.zone).start)))
        }
        return lines
    }

    /// `uvctl status`'s and the tray's line, on days and at hours where it helps: the best hour
    /// until it has passed, or on a day without, why and when next; nil once the hour is gone.
    public func statusLine(now: Date, time: (Date) -> String, day: (Date) -> String) -> String? {
        if let best, let end = ISOInstant.parse(best.end), end <= now { return nil }
        return dayLine(now: now, time: time, day: day)
    }

    /// The day's answer in one line, "Vitamin D · …", whatever the hour (`uvctl simulate`'s last).
    public func dayLine(now: Date, time: (Date) -> String, day: (Date) -> String) -> String {
        tr("Vitamin D · %1$@", answer(now: now, time: time, day: day).joinedText(separator: " "))
    }

    /// "About 9 min with face, arms and hands bare between 10:00 and 11:00, a third of your burn time."
    public func bestSentence(_ best: VitaminDBestInfo, time: (Date) -> String) -> String {
        guard let start = ISOInstant.parse(best.start), let end = ISOInstant.parse(best.end) else {
            return tr("About %1$@ min %2$@.", best.minutes, exposurePhrase)
        }
        guard let share = best.burnShare else {
            return tr("About %1$@ min %2$@ between %3$@ and %4$@.", best.minutes, exposurePhrase, time(start), time(end))
        }
        return tr(
            "About %1$@ min %2$@ between %3$@ and %4$@, %5$@.", best.minutes, exposurePhrase, time(start), time(end),
            Self.sharePhrase(share))
    }

    /// One line per family member: their best hour, or shade for a baby under 12 months.
    public func familyLines(time: (Date) -> String) -> [String] {
        people.filter { !$0.you }.map { person in
            if person.shade { return tr("%1$@: shade; no dose time for a baby under 12 months.", person.name) }
            let who = tr("%1$@ (%2$@)", person.name, person.skinType.value.numeral)
            guard let best = person.best, let start = ISOInstant.parse(best.start), let end = ISOInstant.parse(best.end) else {
                return tr("%1$@: none from the sun this day.", who)
            }
            return tr("%1$@: about %2$@ min between %3$@ and %4$@.", who, best.minutes, time(start), time(end))
        }
    }

    /// How the bare skin is said; the raw word for one a newer uvd knows and this one does not.
    public var exposurePhrase: String { exposed.value?.phrase ?? exposed.description }

    /// The UV index under which a day's peak calls for the position statement beside the hour.
    static let lowUV = 3.0

    /// "a third of your burn time": the nearest plain fraction, or a percentage above three fifths.
    static func sharePhrase(_ share: Double) -> String {
        if share >= 1 { return tr("longer than your burn time") }
        if share > 0.6 { return tr("%1$@ % of your burn time", Int((share * 100).rounded())) }
        if share < 0.09 { return tr("under a tenth of your burn time") }
        let fractions: [(Double, String)] = [
            (1 / 2, tr("half your burn time")), (1 / 3, tr("a third of your burn time")), (1 / 4, tr("a quarter of your burn time")),
            (1 / 5, tr("a fifth of your burn time")), (1 / 6, tr("a sixth of your burn time")), (1 / 8, tr("an eighth of your burn time")),
            (1 / 10, tr("a tenth of your burn time")),
        ]
        return fractions.min { abs($0.0 / share - 1) < abs($1.0 / share - 1) }?.1 ?? ""
    }

    /// Cancer Council Australia's guidance for days and places with little UV, named.
    public static var positionStatement: String {
        tr(
            "Cancer Council Australia's position statement \u{201C}Risks and benefits of sun exposure\u{201D}: with UV 3 or more, a few minutes outdoors mid-morning or mid-afternoon with arms and hands bare is enough for most people; with UV below 3, it takes two to three hours a week of midday sun on face, arms and hands. Food and supplements are the other sources."
        )
    }

    /// What a standard dose is, and what the figure is not.
    public static var footnote: String {
        tr(
            "A standard dose is the UV equal to 1000 IU of vitamin D by mouth (Webb & Engelsen 2006). An estimate for a healthy adult, not medical advice: uvctl guide vitamin-d."
        )
    }
}
