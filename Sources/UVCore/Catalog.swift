import Foundation

/// Every sentence uvd shows on the desktop (and the WHO words uvctl shares), in one table, keyed, with positional arguments
/// (`%1$@`, `%2$@`) so that a translation may reorder them. A translation is the same table in
/// another language; `text` is the one place that looks strings up.
public enum Catalog {
    public enum Key: String, CaseIterable, Sendable {
        case levelLow = "level.low"
        case levelModerate = "level.moderate"
        case levelHigh = "level.high"
        case levelVeryHigh = "level.very-high"
        case levelExtreme = "level.extreme"
        case adviceLow = "advice.low"
        case adviceModerate = "advice.moderate"
        case adviceVeryHigh = "advice.very-high"
        case leaveHomeSummary = "leave-home.summary"
        case leaveHomeBody = "leave-home.body"
        case uvAlertSummary = "uv-alert.summary"
        case reapplySummary = "reapply.summary"
        case reapplyNowSummary = "reapply.now.summary"
        case reapplyBody = "reapply.body"
        case morningSummary = "morning.summary"
        case morningBody = "morning.body"
        case morningPeak = "morning.peak"
        case buttonApplied = "button.applied"
        case buttonReapplied = "button.reapplied"
        case buttonRemind = "button.remind"
        case buttonNotToday = "button.not-today"
        case commandApplied = "command.applied"
        case commandRemind = "command.remind"
        case commandNotToday = "command.not-today"
    }

    /// English, the source language.
    public static let english: [Key: String] = [
        // The WHO categories and their protection advice (Global Solar UV Index, WHO 2002).
        .levelLow: "Low",
        .levelModerate: "Moderate",
        .levelHigh: "High",
        .levelVeryHigh: "Very high",
        .levelExtreme: "Extreme",
        .adviceLow: "You can safely stay outside.",
        .adviceModerate: "Seek shade during midday hours. Slip on a shirt, slop on sunscreen, slap on a hat.",
        .adviceVeryHigh: "Avoid being outside during midday hours. Shirt, sunscreen and hat are a must.",
        .leaveHomeSummary: "UV up to %1$@ today",
        .leaveHomeBody: "Apply sunscreen before you leave.",
        .uvAlertSummary: "UV %1$@: %2$@",
        .reapplySummary: "Reapply by %1$@",
        .reapplyNowSummary: "Reapply sunscreen now",
        .reapplyBody: "Applied SPF %1$@ • %2$@ at %3$@ — reapply by %4$@",
        .morningSummary: "UV today",
        .morningBody: "Sunscreen window today %1$@ – %2$@",
        .morningPeak: " (peak %1$@ at %2$@)",
        .buttonApplied: "Applied sunscreen",
        .buttonReapplied: "Reapplied",
        .buttonRemind: "Remind me in 15 min",
        .buttonNotToday: "Not today",
        .commandApplied: "Applied? Run: uvctl sunscreen apply",
        .commandRemind: "Later: uvctl snooze %1$@ 15m",
        .commandNotToday: "Not today: uvctl mute %1$@ --today",
    ]

    /// The sentence for `key` with its arguments filled in.
    public static func text(_ key: Key, _ arguments: String...) -> String {
        let template = english[key] ?? key.rawValue
        var result = template
        for (index, argument) in arguments.enumerated() {
            result = result.replacingOccurrences(of: "%\(index + 1)$@", with: argument)
        }
        return result
    }

    /// Where the server cannot show buttons: the uvctl command that does what button `action` would.
    public static func commandFor(action: String, rule: String) -> String {
        switch action {
        case "applied": text(.commandApplied)
        case "remind": text(.commandRemind, rule)
        default: text(.commandNotToday, rule)
        }
    }
}
