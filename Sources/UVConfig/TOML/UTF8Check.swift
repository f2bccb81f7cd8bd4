import UVCore

/// Checks that a document is UTF-8 (strictly: no overlong forms, no surrogates, nothing past
/// U+10FFFF, per the Unicode Standard's table 3-7) and records where each line starts.
///
/// A UTF-8 byte-order mark is skipped; a UTF-16 or UTF-32 one is an error that says how to fix it.
enum UTF8Check {
    /// Where the document's text begins (after a UTF-8 byte-order mark) and each line's first byte.
    struct Layout {
        var start: Int
        var lineStarts: [Int]
    }

    static func layout(of bytes: [UInt8]) throws(TOMLError) -> Layout {
        let origin = TOMLPosition(line: 1, column: 1)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw TOMLError(tr("the file starts with a UTF-16 byte-order mark; expected UTF-8 text (save it as UTF-8)"), at: origin)
        }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
            throw TOMLError(tr("the file starts with a UTF-32 byte-order mark; expected UTF-8 text (save it as UTF-8)"), at: origin)
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var lineStarts = [0]
        var line = 1
        var column = 1
        var index = start
        while index < bytes.count {
            let length = sequenceLength(bytes, at: index)
            guard length > 0 else {
                throw TOMLError(
                    tr("found the byte 0x%1$@, which is not UTF-8; expected UTF-8 text", String(bytes[index], radix: 16, uppercase: true)),
                    at: TOMLPosition(line: line, column: column))
            }
            if bytes[index] == 0x0A {
                line += 1
                column = 1
                lineStarts.append(index + 1)
            } else {
                column += 1
            }
            index += length
        }
        return Layout(start: start, lineStarts: lineStarts)
    }

    /// The length of the well-formed sequence at `index`, or 0 if there is none.
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        if first < 0x80 { return 1 }
        let (length, secondRange): (Int, ClosedRange<UInt8>) =
            switch first {
            case 0xC2...0xDF: (2, 0x80...0xBF)
            case 0xE0: (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
            case 0xED: (3, 0x80...0x9F)
            case 0xF0: (4, 0x90...0xBF)
            case 0xF1...0xF3: (4, 0x80...0xBF)
            case 0xF4: (4, 0x80...0x8F)
            default: (0, 0...0)
            }
        guard length > 0, index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return length
    }
}
