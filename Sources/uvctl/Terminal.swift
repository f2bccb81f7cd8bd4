import Foundation
import UVCore

/// What standard output can show: colour only on a terminal, never with `NO_COLOR` (no-color.org)
/// nor on `TERM=dumb`.
struct Terminal {
    let usesColor: Bool

    static func standardOutput(environment: [String: String] = ProcessInfo.processInfo.environment) -> Terminal {
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let dumb = environment["TERM"] == "dumb"
        return Terminal(usesColor: isatty(STDOUT_FILENO) == 1 && !noColor && !dumb)
    }

    func paint(_ text: String, _ level: UVLevel) -> String {
        usesColor ? "\u{1B}[38;5;\(level.terminalColor)m\(text)\u{1B}[0m" : text
    }

    func bold(_ text: String) -> String { usesColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { usesColor ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
}
