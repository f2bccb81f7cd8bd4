import Foundation

/// Local clock times the way the user's locale writes them: `9:20 am` or `09:20`.
struct ClockFormat {
    let uses12Hour: Bool
    let timeZone: TimeZone

    /// 12- or 24-hour from `LC_ALL`, `LC_TIME` or `LANG` (in that order); `C` and `POSIX` mean 24-hour.
    init(timeZone: TimeZone, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.timeZone = timeZone
        let locale = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        let identifier = String(locale.prefix { $0 != "." && $0 != "@" })
        if identifier == "C" || identifier == "POSIX" {
            uses12Hour = false
        } else {
            let pattern = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: Locale(identifier: identifier))
            uses12Hour = pattern?.contains("a") ?? false
        }
    }

    /// `9:20 am` / `09:20`.
    func time(_ date: Date) -> String { format(date, minutesIn12Hour: true) }

    /// The hour alone where the clock allows it, for chart rows: `9 am` / `09:00`.
    func hour(_ date: Date) -> String { format(date, minutesIn12Hour: false) }

    private func format(_ date: Date, minutesIn12Hour: Bool) -> String {
        let parts = LocalClock(date, timeZone)
        guard uses12Hour else { return "\(twoDigits(parts.hour)):\(twoDigits(parts.minute))" }
        let hour = parts.hour % 12 == 0 ? 12 : parts.hour % 12
        let minutes = minutesIn12Hour || parts.minute != 0 ? ":\(twoDigits(parts.minute))" : ""
        return "\(hour)\(minutes) \(parts.hour < 12 ? "am" : "pm")"
    }

    /// `Sunday 4 October 2026`.
    func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEEE d MMMM yyyy"
        return formatter.string(from: date)
    }

    private func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// Hour and minute of an instant on a zone's wall clock.
private struct LocalClock {
    let hour: Int
    let minute: Int

    init(_ date: Date, _ zone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = calendar.dateComponents([.hour, .minute], from: date)
        hour = components.hour ?? 0
        minute = components.minute ?? 0
    }
}
