import FoundationEssentials
import UVCore

/// Lines broken to fit a width, for text on a terminal: at spaces, and in Japanese (which has
/// none) between characters.
enum TextWrap {
    /// `text` (one line) as lines of at most `width` terminal columns, broken between words or
    /// around wide characters; every line after the first is led by `indent` spaces. A word longer
    /// than the width stays whole. Without a width (not a terminal), the text as it is.
    static func wrap(_ text: String, width: Int?, indent: Int) -> String {
        guard let width, text.displayWidth > width else { return text }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for (before, word) in words(text) {
            for (index, piece) in segments(String(word)).enumerated() {
                let spaces = index == 0 ? String(repeating: " ", count: before) : ""
                let pieceWidth = piece.displayWidth
                if lineWidth > indent || (lines.isEmpty && lineWidth > 0), lineWidth + spaces.count + pieceWidth > width {
                    lines.append(line)
                    line = String(repeating: " ", count: indent) + piece
                    lineWidth = indent + pieceWidth
                } else {
                    line += spaces + piece
                    lineWidth += spaces.count + pieceWidth
                }
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// Each run of characters other than a space, with the count of spaces before it; spaces at
    /// the end are dropped. (Scanned by hand: a regex literal links Swift's regex engine, about
    /// 1 MB of the binary, for this alone.)
    static func words(_ text: String) -> [(spaces: Int, word: Substring)] {
        var words: [(spaces: Int, word: Substring)] = []
        var index = text.startIndex
        while index < text.endIndex {
            var spaces = 0
            while index < text.endIndex, text[index] == " " {
                spaces += 1
                index = text.index(after: index)
            }
            let start = index
            while index < text.endIndex, text[index] != " " { index = text.index(after: index) }
            if start < index { words.append((spaces, text[start..<index])) }
        }
        return words
    }

    /// A word cut where a line may break inside it: before and after each wide character, but
    /// not before closing punctuation and small kana nor after an opening bracket (the simplest
    /// of the line-breaking rules of JIS X 4051).
    static func segments(_ word: String) -> [String] {
        var segments: [String] = []
        var current = ""
        var previous: Character?
        for character in word {
            let wide = character.unicodeScalars.first.map { String($0).displayWidth == 2 } ?? false
            let previousWide = previous.map { String($0).displayWidth == 2 } ?? false
            if let previous, wide || previousWide, !noBreakBefore.contains(character), !noBreakAfter.contains(previous) {
                segments.append(current)
                current = ""
            }
            current.append(character)
            previous = character
        }
        return current.isEmpty ? segments : segments + [current]
    }

    private static let noBreakBefore: Set<Character> = Set("。、，．）」』】〕・：；？！ー～ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.:;!?)]}%")
    private static let noBreakAfter: Set<Character> = Set("（「『【〔([{")
}
