import FoundationEssentials
import UVCore

/// Local clock times the way the user's locale writes them: `9:20 am` or `09:20`.
struct ClockFormat {
    let locale: DisplayLocale
    let timeZone: Zone

    var uses12Hour: Bool { locale.uses12Hour }

    /// 12- or 24-hour and the names of days as the user's locale says (`DisplayLocale.current`,
    /// read once per process).
    init(timeZone: Zone) {
        self.timeZone = timeZone
        locale = DisplayLocale.current
    }

    /// The clock of an instant uvd wrote (`2026-11-22T11:35:15+04:00`): its own offset, which is
    /// the place's, so that every time uvctl shows is on the same clock as `uvctl status`.
    init?(writtenIn text: String) {
        guard let offset = ISOInstant.trailingOffset(text), let zone = Zone(secondsFromGMT: offset) else { return nil }
        self.init(timeZone: zone)
    }

    /// The clock's name: the IANA zone (`Australia/Sydney`), or `UTC+11:00` for a bare offset.
    var zoneName: String {
        guard timeZone.identifier.hasPrefix("GMT") else { return timeZone.identifier }
        return "UTC" + CivilDate.offsetText(timeZone.secondsFromGMT(for: Date()))
    }

    /// `9:20 am` / `09:20`.
    func time(_ date: Date) -> String {
        WallClock.format(date, in: timeZone, twelveHour: uses12Hour)
    }

    /// The hour alone where the clock allows it, for chart rows: `9 am` / `09:00`.
    func hour(_ date: Date) -> String {
        WallClock.format(date, in: timeZone, twelveHour: uses12Hour, omitZeroMinutes: true)
    }

    /// `Mon 23 Nov` (`lun. 23 nov.`).
    func shortDay(_ date: Date) -> String { locale.format(date, .shortDay, in: timeZone) }

    /// `Sunday 4 October 2026` (`dimanche 4 octobre 2026`).
    func day(_ date: Date) -> String { locale.format(date, .longDay, in: timeZone) }
}
