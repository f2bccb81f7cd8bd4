import UVCore

/// A TOML 1.0 parser (toml.io/en/v1.0.0) written for hostile input: it never traps, never
/// recurses deeper than `maximumDepth`, and every error names the line, the column, what was
/// found and what was expected. Checked against the toml-lang/toml-test 1.0.0 suite.
///
/// It is written here because the TOML package that could be used aborts the process on
/// malformed documents (an assertion in its bundled C++ parser), which a daemon reading a file
/// a person edits cannot afford.
public enum TOMLParser {
    /// The deepest nesting of tables, arrays and inline tables accepted.
    public static let maximumDepth = 100

    public static func parse(_ bytes: [UInt8]) throws(TOMLError) -> TOMLTable {
        let layout = try UTF8Check.layout(of: bytes)
        var reader = TOMLDocumentReader(scanner: TOMLScanner(bytes: bytes, lineStarts: layout.lineStarts, start: layout.start))
        return try reader.read()
    }

    public static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
        try parse(Array(text.utf8))
    }
}

/// Reads a document's lines: key-value pairs into the current table, and table headers.
struct TOMLDocumentReader {
    var scanner: TOMLScanner
    private let root = TOMLTableNode(origin: .header, depth: 0)
    private var current: TOMLTableNode

    init(scanner: TOMLScanner) {
        self.scanner = scanner
        self.current = root
    }

    mutating func read() throws(TOMLError) -> TOMLTable {
        while true {
            scanner.skipWhitespace()
            try scanner.skipComment()
            if scanner.atEnd { break }
            if scanner.skipNewline() { continue }
            if scanner.current == UInt8(ascii: "[") {
                try header()
            } else {
                try keyValue(into: current)
            }
            try scanner.expectEndOfLine()
        }
        return root.table
    }

    /// `[a.b]` or `[[a.b]]`.
    private mutating func header() throws(TOMLError) {
        let isArray = scanner.peek(1) == UInt8(ascii: "[")
        scanner.index += isArray ? 2 : 1
        scanner.skipWhitespace()
        let key = try self.key()
        scanner.skipWhitespace()
        for _ in 0..<(isArray ? 2 : 1) {
            guard scanner.current == UInt8(ascii: "]") else {
                throw scanner.unexpected(isArray ? tr("']]' to close the header") : tr("']' to close the header"))
            }
            scanner.index += 1
        }
        var node = root
        for step in 0..<(key.parts.count - 1) {
            node = try TOMLPlacement.headerStep(in: node, key: key, step: step)
        }
        current = try TOMLPlacement.define(in: node, key: key, asArrayElement: isArray)
    }

    /// `key = value`, the key possibly dotted.
    private mutating func keyValue(into table: TOMLTableNode) throws(TOMLError) {
        let key = try self.key()
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "=") else { throw scanner.unexpected(tr("'=' after the key %1$@", key.text)) }
        scanner.index += 1
        scanner.skipWhitespace()
        let value = try self.value(depth: table.depth + key.parts.count)
        try TOMLPlacement.assign(value, to: key, in: table)
    }

    /// A bare, quoted or dotted key.
    private mutating func key() throws(TOMLError) -> TOMLKey {
        var key = TOMLKey(parts: [], positions: [])
        while true {
            key.positions.append(scanner.position)
            key.parts.append(try simpleKey())
            guard key.parts.count <= TOMLParser.maximumDepth else {
                throw TOMLError(
                    trn(
                        "the key has more than %1$@ part; expected a shallower key",
                        "the key has more than %1$@ parts; expected a shallower key", count: TOMLParser.maximumDepth,
                        TOMLParser.maximumDepth), at: key.positions[0])
            }
            scanner.skipWhitespace()
            guard scanner.current == UInt8(ascii: ".") else { return key }
            scanner.index += 1
            scanner.skipWhitespace()
        }
    }

    private mutating func simpleKey() throws(TOMLError) -> String {
        if scanner.current == UInt8(ascii: "\"") || scanner.current == UInt8(ascii: "'") {
            return try scanner.string(allowMultiline: false)
        }
        let start = scanner.index
        while let byte = scanner.current, TOMLScanner.isBareKeyByte(byte) { scanner.index += 1 }
        guard scanner.index > start else {
            throw scanner.unexpected(tr("a key (letters, digits, '_' and '-', or a quoted key)"))
        }
        return String(decoding: scanner.bytes[start..<scanner.index], as: UTF8.self)
    }

    private mutating func value(depth: Int) throws(TOMLError) -> TOMLValue {
        guard depth <= TOMLParser.maximumDepth else {
            throw TOMLError(
                trn(
                    "values are nested more than %1$@ level deep; expected shallower nesting",
                    "values are nested more than %1$@ levels deep; expected shallower nesting", count: TOMLParser.maximumDepth,
                    TOMLParser.maximumDepth), at: scanner.position)
        }
        switch scanner.current {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try scanner.string(allowMultiline: true))
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "{"): return try inlineTable(depth: depth)
        default: return try scanner.bareValue()
        }
    }

    private mutating func array(depth: Int) throws(TOMLError) -> TOMLValue {
        scanner.index += 1
        var items: [TOMLValue] = []
        while true {
            try scanner.skipBlank()
            if scanner.current == UInt8(ascii: "]") { break }
            items.append(try value(depth: depth + 1))
            try scanner.skipBlank()
            if scanner.current == UInt8(ascii: ",") {
                scanner.index += 1
                continue
            }
            guard scanner.current == UInt8(ascii: "]") else { throw scanner.unexpected(tr("',' or ']' in the array")) }
            break
        }
        scanner.index += 1
        return .array(items)
    }

    /// `{ a = 1, b.c = 2 }`: on one line, no trailing comma, closed once written.
    private mutating func inlineTable(depth: Int) throws(TOMLError) -> TOMLValue {
        scanner.index += 1
        let node = TOMLTableNode(origin: .dotted, depth: depth)
        scanner.skipWhitespace()
        if scanner.current == UInt8(ascii: "}") {
            scanner.index += 1
            return .table(node.table)
        }
        while true {
            try keyValue(into: node)
            scanner.skipWhitespace()
            if scanner.current == UInt8(ascii: ",") {
                scanner.index += 1
                scanner.skipWhitespace()
                continue
            }
            guard scanner.current == UInt8(ascii: "}") else {
                throw scanner.unexpected(tr("',' or '}' (an inline table stays on one line)"))
            }
            scanner.index += 1
            return .table(node.table)
        }
    }
}
