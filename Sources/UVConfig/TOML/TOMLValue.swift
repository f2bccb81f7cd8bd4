/// Where something is in a TOML document: 1-based line, and 1-based column counted in Unicode
/// scalars (what an editor shows), so a message can say `config.toml:3:14`.
public struct TOMLPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }

    public static func < (lhs: TOMLPosition, rhs: TOMLPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A TOML 1.0 value (toml.io/en/v1.0.0).
public indirect enum TOMLValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case float(Double)
    case boolean(Bool)
    case dateTime(TOMLDateTime)
    case array([TOMLValue])
    case table(TOMLTable)

    /// The value written back as TOML, for messages ("daily_budget = -3 is not allowed").
    public var tomlText: String {
        switch self {
        case .string(let text): Self.quoted(text)
        case .integer(let number): String(number)
        case .float(let number): Self.floatText(number)
        case .boolean(let flag): String(flag)
        case .dateTime(let moment): moment.description
        case .array(let items): "[" + items.map(\.tomlText).joined(separator: ", ") + "]"
        case .table(let table):
            "{" + table.entries.map { "\(Self.keyText($0.key)) = \($0.value.tomlText)" }.joined(separator: ", ") + "}"
        }
    }

    static func floatText(_ number: Double) -> String {
        if number.isNaN { return "nan" }
        if number.isInfinite { return number < 0 ? "-inf" : "inf" }
        return "\(number)"
    }

    /// A key as TOML writes it: bare when it can be, quoted otherwise.
    static func keyText(_ key: String) -> String {
        let bare = !key.isEmpty && key.utf8.allSatisfy { TOMLScanner.isBareKeyByte($0) }
        return bare ? key : quoted(key)
    }

    /// A basic string with every control character escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// A table: its keys in the order they were written, each with where it was written.
public struct TOMLTable: Sendable, Equatable {
    /// One key of a table.
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var position: TOMLPosition
        public var value: TOMLValue
    }

    public private(set) var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    public subscript(key: String) -> TOMLValue? {
        entries.first { $0.key == key }?.value
    }
}

/// An offset date-time, local date-time, local date or local time.
public struct TOMLDateTime: Sendable, Hashable, CustomStringConvertible {
    /// Year, month and day, if the value has a date.
    public var date: (year: Int, month: Int, day: Int)?
    /// Hour, minute, second and nanoseconds, if the value has a time.
    public var time: (hour: Int, minute: Int, second: Int, nanosecond: Int)?
    /// Minutes east of UTC, for an offset date-time.
    public var offsetMinutes: Int?

    public static func == (lhs: TOMLDateTime, rhs: TOMLDateTime) -> Bool {
        lhs.description == rhs.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }

    /// RFC 3339 text, with the fraction trimmed of trailing zeros.
    public var description: String {
        var parts = ""
        if let date { parts += "\(Self.pad(date.year, 4))-\(Self.pad(date.month, 2))-\(Self.pad(date.day, 2))" }
        if let time {
            if date != nil { parts += "T" }
            parts += "\(Self.pad(time.hour, 2)):\(Self.pad(time.minute, 2)):\(Self.pad(time.second, 2))"
            if time.nanosecond > 0 {
                var fraction = Self.pad(time.nanosecond, 9)
                while fraction.hasSuffix("0") { fraction.removeLast() }
                parts += "." + fraction
            }
        }
        if let offsetMinutes {
            if offsetMinutes == 0 {
                parts += "Z"
            } else {
                let size = abs(offsetMinutes)
                parts += (offsetMinutes < 0 ? "-" : "+") + "\(Self.pad(size / 60, 2)):\(Self.pad(size % 60, 2))"
            }
        }
        return parts
    }

    private static func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
