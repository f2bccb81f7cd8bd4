import Foundation
import UVCore

/// Lines broken at spaces to fit a width, for text on a terminal.
enum TextWrap {
    /// `text` (one line) as lines of at most `width` visible columns, broken between words; every
    /// line after the first is led by `indent` spaces. A word longer than the width stays whole.
    /// Without a width (not a terminal), the text as it is.
    static func wrap(_ text: String, width: Int?, indent: Int) -> String {
        guard let width, text.displayWidth > width else { return text }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for match in text.matches(of: /( *)([^ ]+)/) {
            let (spaces, word) = (String(match.1), String(match.2))
            let wordWidth = word.displayWidth
            if lineWidth > indent || (lines.isEmpty && lineWidth > 0), lineWidth + spaces.count + wordWidth > width {
                lines.append(line)
                line = String(repeating: " ", count: indent) + word
                lineWidth = indent + wordWidth
            } else {
                line += spaces + word
                lineWidth += spaces.count + wordWidth
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
