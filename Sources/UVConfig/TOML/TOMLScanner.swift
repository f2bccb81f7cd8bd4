import UVCore

/// A cursor over a document's bytes: whitespace, comments and newlines, and positions.
///
/// The document was checked to be UTF-8 before (`UTF8Check`), which also recorded where each
/// line starts. A position is a binary search for the line and a count of scalars from the last
/// position asked on that line (`PositionCursor`): the parser asks in order, so the positions of
/// every key on a line of a hundred thousand cost one pass over it, not one pass each.
struct TOMLScanner {
    let bytes: [UInt8]
    let lineStarts: [Int]
    var index: Int
    private let cursor = PositionCursor()

    init(bytes: [UInt8], lineStarts: [Int], start: Int) {
        self.bytes = bytes
        self.lineStarts = lineStarts
        self.index = start
    }

    /// The last position worked out: the next one on the same line, further on, counts from here.
    /// A reference, so that copies of the scanner (a lookahead) share what was counted.
    private final class PositionCursor {
        var offset = 0
        var line = 0
        var column = 1
    }

    var atEnd: Bool { index >= bytes.count }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    func peek(_ offset: Int) -> UInt8? {
        let at = index + offset
        return at < bytes.count ? bytes[at] : nil
    }

    func starts(with text: String) -> Bool {
        var at = index
        for byte in text.utf8 {
            guard at < bytes.count, bytes[at] == byte else { return false }
            at += 1
        }
        return true
    }

    /// The line and column of a byte offset.
    func position(of offset: Int) -> TOMLPosition {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var at = lineStarts[low]
        if cursor.line == low, cursor.offset <= offset, cursor.offset >= at {
            (at, column) = (cursor.offset, cursor.column)
        }
        while at < offset && at < bytes.count {
            if bytes[at] & 0xC0 != 0x80 { column += 1 }
            at += 1
        }
        (cursor.offset, cursor.line, cursor.column) = (at, low, column)
        return TOMLPosition(line: low + 1, column: column)
    }

    var position: TOMLPosition { position(of: index) }

    /// What is at the cursor, as a message names it.
    var found: String { FoundByte.describe(bytes[min(index, bytes.count)...]) }

    func unexpected(_ expected: String) -> TOMLError {
        .unexpected(found, expected: expected, at: position)
    }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 { index += 1 }
    }

    /// A comment runs to the end of the line; tab is the only control character it may hold.
    mutating func skipComment() throws(TOMLError) {
        guard current == UInt8(ascii: "#") else { return }
        index += 1
        while let byte = current, byte != 0x0A {
            if byte == 0x0D, peek(1) == 0x0A { return }
            guard !Self.isForbiddenControl(byte) else {
                throw unexpected(tr("a comment without control characters"))
            }
            index += 1
        }
    }

    /// Consumes LF or CRLF; false when neither is here.
    mutating func skipNewline() -> Bool {
        if current == 0x0A {
            index += 1
            return true
        }
        if current == 0x0D, peek(1) == 0x0A {
            index += 2
            return true
        }
        return false
    }

    /// Whitespace, comments and newlines, as found between an array's values.
    mutating func skipBlank() throws(TOMLError) {
        while true {
            skipWhitespace()
            try skipComment()
            guard skipNewline() else { return }
        }
    }

    /// After a key-value pair or table header: only whitespace and a comment may follow on the line.
    mutating func expectEndOfLine() throws(TOMLError) {
        skipWhitespace()
        try skipComment()
        guard atEnd || skipNewline() else {
            throw unexpected(tr("the end of the line or a comment"))
        }
    }

    /// Control characters TOML allows nowhere outside the places that name them (tab is allowed).
    static func isForbiddenControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09) || byte == 0x7F
    }

    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}
