import ArgumentParser
import FoundationEssentials
import UVCore
import UVProtocol

/// One-line renderings of a status for bars and watches.
enum StatusFormat: String, ExpressibleByArgument, CaseIterable {
    case waybar, i3blocks, polybar, compact

    /// i3blocks' exit status for an urgent block (its man page: "33 … urgent").
    static let i3blocksUrgent: Int32 = 33

    /// Whether a bar should draw attention: extreme UV, or sunscreen due now.
    static func isUrgent(_ status: StatusInfo) -> Bool {
        status.level.value == .extreme || status.sunscreen?.countdown.value == .now
    }

    /// The block for `uvctl status` (one run per update). i3blocks reads three lines: full text,
    /// short text, colour; `watch` gives `render(_:persistent:)` instead.
    func render(_ status: StatusInfo, now: Date = Date()) -> String {
        render(status, persistent: false, now: now)
    }

    /// `persistent`: for `uvctl watch`, where i3blocks (`interval=persist`, `format=json`) takes one
    /// JSON object per line.
    func render(_ status: StatusInfo, persistent: Bool, now: Date = Date()) -> String {
        let level = status.shownLevel
        let uvi = DisplayLocale.current.decimal(status.uvi, places: 1)
        let burn = status.burnTimeMinutes.map { tr(" · BT %1$@m", $0) } ?? ""
        let countdown = status.sunscreen?.countdown.value
        switch self {
        case .compact:
            return tr("UV %1$@ %2$@", uvi, level.name) + burn + (status.stale ? tr(" (stale)") : "")
        case .i3blocks where persistent:
            return Self.i3blocksBlock(
                fullText: "UV \(uvi)\(burn)", shortText: "UV \(uvi)", color: level.hexColor, urgent: Self.isUrgent(status))
        case .i3blocks:
            return "UV \(uvi)\(burn)\nUV \(uvi)\n\(level.hexColor)"
        case .polybar:
            return "%{F\(level.hexColor)}UV \(uvi)%{F-}\(burn)"
        case .waybar:
            var classes = [level.rawValue]
            if status.stale { classes.append("stale") }
            if let countdown { classes.append("reapply-\(countdown.rawValue)") }
            // 80 % of the day's burn dose or more: the bar can say so (`#custom-uv.dose-high`).
            if let dose = status.dose, dose.burnDosePercent >= 80 { classes.append("dose-high") }
            // Out (away from home, or outside by your word): where the reminders pop up.
            if status.whereabouts?.state.value == .out { classes.append("out") }
            let tooltip = StatusText.lines(status, terminal: Terminal(usesColor: false), now: now).joinedText(separator: "\n")
            return Self.waybarModule(
                text: Self.pango("UV \(uvi)"), alt: level.rawValue, tooltip: Self.pango(tooltip), classes: classes,
                percentage: min(100, Int((status.uvi / 11 * 100).rounded())))
        }
    }

    /// A line for a bar while uvd does not answer: the last value is not shown as if current.
    func unavailable(persistent: Bool) -> String {
        let text = tr("UV ? (uvd stopped)")
        switch self {
        case .compact: return text
        case .i3blocks where persistent:
            return Self.i3blocksBlock(fullText: text, shortText: "UV ?", color: "#888888", urgent: false)
        case .i3blocks: return "\(text)\nUV ?\n#888888"
        case .polybar: return "%{F#888888}\(text)%{F-}"
        case .waybar:
            return Self.waybarModule(
                text: Self.pango("UV ?"), alt: "stopped", tooltip: Self.pango(text), classes: ["stopped"], percentage: 0)
        }
    }

    /// Pango markup escaping: waybar reads `text` and `tooltip` as markup, so `&` in a place name
    /// ("Choi Wan Estate (I & II)") would break the module.
    static func pango(_ text: String) -> String {
        text.escapingMarkup(apostrophe: true)
    }

    /// waybar's custom-module JSON (`return-type: json`).
    static func waybarModule(text: String, alt: String, tooltip: String, classes: [String], percentage: Int) -> String {
        BarJSON.object([
            ("alt", .string(alt)), ("class", .strings(classes)), ("percentage", .integer(percentage)), ("text", .string(text)),
            ("tooltip", .string(tooltip)),
        ])
    }

    /// i3blocks' JSON block (`format=json`), the keys of the i3bar protocol.
    static func i3blocksBlock(fullText: String, shortText: String, color: String, urgent: Bool) -> String {
        BarJSON.object([
            ("color", .string(color)), ("full_text", .string(fullText)), ("short_text", .string(shortText)), ("urgent", .bool(urgent)),
        ])
    }
}
