import UVCore

/// The four kinds of TOML string: basic `"…"`, multi-line basic `"""…"""`, literal `'…'` and
/// multi-line literal `'''…'''` (toml.io/en/v1.0.0#string).
extension TOMLScanner {
    /// A string starting at the cursor; keys may only use the single-line forms.
    mutating func string(allowMultiline: Bool) throws(TOMLError) -> String {
        let quote = current ?? 0
        let tripled = peek(1) == quote && peek(2) == quote
        if tripled {
            guard allowMultiline else { throw unexpected(tr("a key (a multi-line string cannot be a key)")) }
            index += 3
            if current == 0x0A { index += 1 } else if current == 0x0D, peek(1) == 0x0A { index += 2 }
        } else {
            index += 1
        }
        var out: [UInt8] = []
        while true {
            guard let byte = current else {
                throw unexpected(
                    tr(
                        "the closing %1$@ of the string",
                        tripled ? String(repeating: Character(Unicode.Scalar(quote)), count: 3) : "\(Character(Unicode.Scalar(quote)))"))
            }
            if byte == quote {
                if !tripled {
                    index += 1
                    break
                }
                var run = 0
                while peek(run) == quote { run += 1 }
                if run >= 3 {
                    guard run <= 5 else { throw unexpected(tr("at most two quotes before the closing quotes")) }
                    out.append(contentsOf: repeatElement(quote, count: run - 3))
                    index += run
                    break
                }
                out.append(contentsOf: repeatElement(quote, count: run))
                index += run
                continue
            }
            if byte == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") {
                try escape(into: &out, multiline: tripled)
                continue
            }
            if byte == 0x0A || (byte == 0x0D && peek(1) == 0x0A) {
                guard tripled else { throw unexpected(tr("the closing quote on the same line")) }
                out.append(0x0A)
                index += byte == 0x0D ? 2 : 1
                continue
            }
            guard !Self.isForbiddenControl(byte) else {
                throw unexpected(tr("text without control characters (write them as escapes, e.g. \\u0000)"))
            }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A backslash escape in a basic string, or a line-ending backslash in a multi-line one.
    private mutating func escape(into out: inout [UInt8], multiline: Bool) throws(TOMLError) {
        let start = index
        index += 1
        guard let letter = current else { throw unexpected(tr("an escape after the backslash")) }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "b"): 0x08, UInt8(ascii: "t"): 0x09, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "f"): 0x0C,
            UInt8(ascii: "r"): 0x0D, UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C,
        ]
        if let byte = simple[letter] {
            out.append(byte)
            index += 1
            return
        }
        if letter == UInt8(ascii: "u") || letter == UInt8(ascii: "U") {
            let count = letter == UInt8(ascii: "u") ? 4 : 8
            index += 1
            var value: UInt32 = 0
            for _ in 0..<count {
                guard let byte = current, let digit = Self.hexDigit(byte) else {
                    throw unexpected(
                        trn(
                            "%1$@ hexadecimal digit after \\%2$@", "%1$@ hexadecimal digits after \\%2$@", count: count, count,
                            "\(Character(Unicode.Scalar(letter)))"))
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw TOMLError(
                    tr(
                        "\\%1$@ is not a Unicode scalar value; expected one up to 10FFFF, outside D800-DFFF",
                        String(value, radix: 16, uppercase: true)), at: position(of: start))
            }
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
            return
        }
        if multiline, letter == 0x20 || letter == 0x09 || letter == 0x0A || letter == 0x0D {
            skipWhitespace()
            guard skipNewline() else {
                throw unexpected(tr("a newline after a line-ending backslash"))
            }
            while true {
                skipWhitespace()
                guard skipNewline() else { break }
            }
            return
        }
        throw TOMLError(
            tr("found %1$@ after a backslash; expected an escape: \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX or \\UXXXXXXXX", found),
            at: position(of: start))
    }

    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
