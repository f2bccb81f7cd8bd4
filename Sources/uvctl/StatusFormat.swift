import ArgumentParser
import Foundation
import UVCore
import UVProtocol

/// One-line renderings of a status for bars and watches.
enum StatusFormat: String, ExpressibleByArgument, CaseIterable {
    case waybar, i3blocks, polybar, compact

    func render(_ status: StatusInfo, now: Date = Date()) -> String {
        let level = UVLevel(rawValue: status.level) ?? UVLevel(uvi: status.uvi)
        let uvi = String(format: "%.1f", status.uvi)
        let burn = status.burnTimeMinutes.map { tr(" · BT %1$@m", $0) } ?? ""
        let countdown = status.sunscreen.flatMap { ReapplyCountdown(rawValue: $0.countdown) }
        switch self {
        case .compact:
            return tr("UV %1$@ %2$@", uvi, level.name) + burn + (status.stale ? tr(" (stale)") : "")
        case .i3blocks:
            return "UV \(uvi)\(burn)\nUV \(uvi)\n\(level.hexColor)"
        case .polybar:
            return "%{F\(level.hexColor)}UV \(uvi)%{F-}\(burn)"
        case .waybar:
            var classes = [level.rawValue]
            if status.stale { classes.append("stale") }
            if let countdown { classes.append("reapply-\(countdown.rawValue)") }
            let module = WaybarModule(
                text: "UV \(uvi)", alt: level.rawValue, tooltip: StatusText.lines(status, terminal: Terminal(usesColor: false), now: now).joined(separator: "\n"),
                class: classes, percentage: min(100, Int((status.uvi / 11 * 100).rounded())))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return String(decoding: (try? encoder.encode(module)) ?? Data(), as: UTF8.self)
        }
    }

    /// waybar's custom-module JSON (return-type json).
    struct WaybarModule: Encodable {
        let text: String
        let alt: String
        let tooltip: String
        let `class`: [String]
        let percentage: Int
    }
}
