import Foundation
import UVCore

/// Local clock times the way the user's locale writes them: `9:20 am` or `09:20`.
struct ClockFormat {
    let uses12Hour: Bool
    let timeZone: TimeZone

    /// 12- or 24-hour as the user's locale says (`WallClock.localeUses12Hour`).
    init(timeZone: TimeZone, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.timeZone = timeZone
        uses12Hour = WallClock.localeUses12Hour(environment: environment)
    }

    /// The clock of an instant uvd wrote (`2026-11-22T11:35:15+04:00`): its own offset, which is
    /// the place's, so that every time uvctl shows is on the same clock as `uvctl status`.
    init?(writtenIn text: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let offset = ISOInstant.trailingOffset(text), let zone = TimeZone(secondsFromGMT: offset) else { return nil }
        self.init(timeZone: zone, environment: environment)
    }

    /// The clock's name: the IANA zone (`Australia/Sydney`), or `UTC+11:00` for a bare offset.
    var zoneName: String {
        guard timeZone.identifier.hasPrefix("GMT") else { return timeZone.identifier }
        let seconds = timeZone.secondsFromGMT()
        return String(format: "UTC%@%02d:%02d", seconds < 0 ? "-" : "+", abs(seconds) / 3600, abs(seconds) % 3600 / 60)
    }

    /// `9:20 am` / `09:20`.
    func time(_ date: Date) -> String {
        WallClock.format(date, in: timeZone, twelveHour: uses12Hour)
    }

    /// The hour alone where the clock allows it, for chart rows: `9 am` / `09:00`.
    func hour(_ date: Date) -> String {
        WallClock.format(date, in: timeZone, twelveHour: uses12Hour, omitZeroMinutes: true)
    }

    /// `Mon 23 Nov`.
    func shortDay(_ date: Date) -> String { format(date, "EEE d MMM") }

    /// `Sunday 4 October 2026`.
    func day(_ date: Date) -> String { format(date, "EEEE d MMMM yyyy") }

    private func format(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}
