import FoundationEssentials
import Glibc
import UVCore
import UVProtocol

/// What standard output can show: colour only on a terminal, never with `NO_COLOR` (no-color.org)
/// nor on `TERM=dumb`; lines wrapped to the terminal's width (`COLUMNS`, else the window's size),
/// and not at all when the output goes to a file or a pipe.
struct Terminal {
    let usesColor: Bool
    var width: Int?

    init(usesColor: Bool, width: Int? = nil) {
        self.usesColor = usesColor
        self.width = width
    }

    static func standardOutput(environment: [String: String] = ProcessEnvironment.atStart) -> Terminal {
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let dumb = environment["TERM"] == "dumb"
        let onTerminal = isatty(STDOUT_FILENO) == 1
        return Terminal(usesColor: onTerminal && !noColor && !dumb, width: onTerminal ? columns(environment) : nil)
    }

    /// `COLUMNS` when set to a number, else the window's width from the terminal (TIOCGWINSZ).
    private static func columns(_ environment: [String: String]) -> Int? {
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// One line wrapped to the width, continuation lines indented by `indent`.
    func wrap(_ line: String, indent: Int) -> String { TextWrap.wrap(line, width: width, indent: indent) }

    /// A doctor result, coloured: ok green, warn yellow, fail red.
    func result(_ text: String, _ result: CheckVerdict) -> String {
        guard usesColor else { return text }
        let code =
            switch result {
            case .ok: "32"
            case .warn: "33"
            case .fail: "31"
            }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    func paint(_ text: String, _ level: UVLevel) -> String {
        usesColor ? "\u{1B}[38;5;\(level.terminalColor)m\(text)\u{1B}[0m" : text
    }

    func bold(_ text: String) -> String { usesColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { usesColor ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
}
