/// One JSON value as it travels on uvd's socket (RFC 8259), parsed from a message's bytes.
///
/// uvd and uvctl read every varlink message with this parser and `WireDecoder`, not with
/// FoundationEssentials' `JSONDecoder`: that decoder's keyed containers make a
/// `[String: JSONMap.Value]` from its mangled name (compiled inside the prebuilt library), and the
/// runtime checks `String: Hashable` for it by reading every one of the binary's 6,000
/// conformance records: 400 KB of the binary read from disk by each `uvctl`, a status bar's
/// `uvctl watch` among them. Written by hand for that reason; checked against the
/// nst/JSONTestSuite cases (`Tests/Fixtures/JSONTestSuite`) and fuzzed (`make fuzz`, `wire-json`).
public enum WireJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number as written (the grammar's digits, sign, fraction and exponent): converted to the
    /// type a field asks for when it is decoded, so that an `Int` is never read through a `Double`.
    case number(String)
    case string(String)
    case array([WireJSON])
    /// An object's members; of two with one name, the first is kept, as `JSONDecoder` keeps it.
    case object([String: WireJSON])

    /// Deeper than this, a message is refused rather than read by recursion without end.
    public static let maximumDepth = 512

    /// `bytes` as one JSON value, with nothing but whitespace around it.
    public init(parsing bytes: [UInt8]) throws(WireSyntaxError) {
        var parser = Parser(bytes: bytes)
        parser.skipWhitespace()
        self = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.error("text after the value") }
    }

    /// The parser's place in the bytes: one pass, no backtracking.
    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        func error(_ what: String) -> WireSyntaxError {
            WireSyntaxError(problem: what, offset: position)
        }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
        }

        mutating func value(depth: Int) throws(WireSyntaxError) -> WireJSON {
            guard let byte = current else { throw error("the text ends where a value should be") }
            switch byte {
            case UInt8(ascii: "{"):
                return try object(depth: depth + 1)
            case UInt8(ascii: "["):
                return try array(depth: depth + 1)
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"):
                try literal("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return .number(try number())
            default:
                throw error("no JSON value starts with \(Self.describe(byte))")
            }
        }

        mutating func literal(_ word: StaticString) throws(WireSyntaxError) {
            let start = position
            for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
                guard current == expected else {
                    position = start
                    throw error("not a JSON value (true, false and null are written in lowercase, in full)")
                }
                position += 1
            }
        }

        mutating func object(depth: Int) throws(WireSyntaxError) -> WireJSON {
            guard depth <= WireJSON.maximumDepth else { throw error("nested deeper than \(WireJSON.maximumDepth) levels") }
            position += 1
            var members: [String: WireJSON] = [:]
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            while true {
                guard current == UInt8(ascii: "\"") else { throw error("an object's member must start with its name in quotes") }
                let name = try string()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw error("a member's name must be followed by a colon") }
                position += 1
                skipWhitespace()
                let member = try value(depth: depth)
                if members[name] == nil { members[name] = member }
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","):
                    position += 1
                    skipWhitespace()
                case UInt8(ascii: "}"):
                    position += 1
                    return .object(members)
                default:
                    throw error("an object's members must be separated by commas and closed by a brace")
                }
            }
        }

        mutating func array(depth: Int) throws(WireSyntaxError) -> WireJSON {
            guard depth <= WireJSON.maximumDepth else { throw error("nested deeper than \(WireJSON.maximumDepth) levels") }
            position += 1
            var elements: [WireJSON] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            while true {
                elements.append(try value(depth: depth))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","):
                    position += 1
                    skipWhitespace()
                case UInt8(ascii: "]"):
                    position += 1
                    return .array(elements)
                default:
                    throw error("an array's elements must be separated by commas and closed by a bracket")
                }
            }
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, as written.
        mutating func number() throws(WireSyntaxError) -> String {
            let start = position
            if current == UInt8(ascii: "-") { position += 1 }
            if current == UInt8(ascii: "0") {
                position += 1
            } else {
                guard digits() > 0 else { throw error("a number needs a digit after its sign") }
            }
            if current == UInt8(ascii: ".") {
                position += 1
                guard digits() > 0 else { throw error("a number's decimal point must be followed by a digit") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                position += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
                guard digits() > 0 else { throw error("a number's exponent needs a digit") }
            }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        /// Skips the digits here and says how many there were.
        mutating func digits() -> Int {
            let start = position
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
            return position - start
        }

        /// A string from its opening quote to its closing one, escapes read; it must be UTF-8.
        mutating func string() throws(WireSyntaxError) -> String {
            position += 1
            var text: [UInt8] = []
            var runStart = position
            while true {
                guard let byte = current else { throw error("a string is not closed") }
                switch byte {
                case UInt8(ascii: "\""):
                    text += bytes[runStart..<position]
                    position += 1
                    guard let string = String(validating: text, as: UTF8.self) else {
                        throw WireSyntaxError(problem: "a string that is not UTF-8", offset: runStart)
                    }
                    return string
                case UInt8(ascii: "\\"):
                    text += bytes[runStart..<position]
                    try escape(into: &text)
                    runStart = position
                case 0..<0x20:
                    throw error("a control character (\(Self.describe(byte))) in a string must be written as an escape")
                default:
                    position += 1
                }
            }
        }

        /// One escape (`\n`, `\u00e9`, a surrogate pair `\ud83d\ude00`…), appended as UTF-8.
        mutating func escape(into text: inout [UInt8]) throws(WireSyntaxError) {
            position += 1
            guard let byte = current else { throw error("a string ends inside an escape") }
            position += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                let unit = try hexUnit()
                var scalar: Unicode.Scalar?
                switch unit {
                case 0xD800..<0xDC00:
                    guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                        throw error("a high surrogate escape must be followed by a low one")
                    }
                    position += 2
                    let low = try hexUnit()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("a high surrogate escape must be followed by a low one") }
                    scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                case 0xDC00..<0xE000:
                    throw error("a low surrogate escape without a high one before it")
                default:
                    scalar = Unicode.Scalar(unit)
                }
                guard let scalar else { throw error("an escape that is no Unicode character") }
                Unicode.UTF8.encode(scalar) { text.append($0) }
            default:
                position -= 1
                throw error("\\\(Self.describe(byte)) is no JSON escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX are)")
            }
        }

        /// The four hex digits of a `\u` escape.
        mutating func hexUnit() throws(WireSyntaxError) -> UInt32 {
            var unit: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = current else { throw error("a \\u escape needs four hex digits") }
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw error("a \\u escape needs four hex digits")
                }
                unit = unit << 4 | UInt32(digit)
                position += 1
            }
            return unit
        }

        /// A byte as a reader would name it: the character when printable ASCII, else its code.
        static func describe(_ byte: UInt8) -> String {
            (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
        }
    }
}

/// A message that is not JSON: what is wrong and the byte offset where it was found.
public struct WireSyntaxError: Error, Equatable, CustomStringConvertible {
    public let problem: String
    public let offset: Int

    public var description: String { "not valid JSON at byte \(offset): \(problem)" }
}
