import UVCore

/// Integers, floats, booleans and date-times: the values written without quotes or brackets
/// (toml.io/en/v1.0.0#integer, #float, #offset-date-time).
extension TOMLScanner {
    /// A bare value at the cursor. It is read as one token of the characters numbers and
    /// date-times use (a date may be followed by a space and a time), then checked whole.
    mutating func bareValue() throws(TOMLError) -> TOMLValue {
        let start = index
        for (word, flag) in [("true", true), ("false", false)] where starts(with: word) {
            index += word.utf8.count
            guard let next = current, Self.isTokenByte(next) else { return .boolean(flag) }
            index = start
        }
        scanToken()
        if index - start == 10, bytes[start + 4] == UInt8(ascii: "-"), current == 0x20,
            let digit = peek(1), Self.isDigit(digit), let second = peek(2), Self.isDigit(second), peek(3) == UInt8(ascii: ":")
        {
            index += 1
            scanToken()
        }
        let token = Array(bytes[start..<index])
        // Made only when it is thrown: worded and placed at each value, it made a long line quadratic.
        func failure() -> TOMLError {
            TOMLError(
                tr(
                    "found '%1$@', expected a value: a number, true, false, a date-time, a \"string\", an [array] or an {inline table}",
                    String(decoding: token.prefix(40), as: UTF8.self)), at: position(of: start))
        }
        guard !token.isEmpty else {
            throw unexpected(tr("a value: a number, true, false, a date-time, a \"string\", an [array] or an {inline table}"))
        }
        if token.count >= 10, token[4] == UInt8(ascii: "-"), token.prefix(4).allSatisfy(Self.isDigit) {
            var reader = TOMLDateTimeReader(token)
            guard let moment = reader.dateTime() else { throw failure() }
            return .dateTime(moment)
        }
        if token.count >= 3, token[2] == UInt8(ascii: ":"), token.prefix(2).allSatisfy(Self.isDigit) {
            var reader = TOMLDateTimeReader(token)
            guard let moment = reader.localTime() else { throw failure() }
            return .dateTime(moment)
        }
        guard let number = Self.number(token) else {
            guard Self.isIntegerNotation(token) else { throw failure() }
            throw TOMLError(
                tr(
                    "the integer %1$@ is out of range: TOML integers go from -9223372036854775808 to 9223372036854775807",
                    String(decoding: token.prefix(40), as: UTF8.self)), at: position(of: start))
        }
        return number
    }

    /// Whether the token is written as an integer, whatever its size: when `number` refuses such
    /// a token, it is too large for 64 bits (toml.io/en/v1.0.0#integer: "an error must be thrown").
    static func isIntegerNotation(_ token: [UInt8]) -> Bool {
        if token.count > 2, token[0] == UInt8(ascii: "0") {
            switch token[1] {
            case UInt8(ascii: "x"): return digitsWithUnderscores(token[2...], radix: 16) != nil
            case UInt8(ascii: "o"): return digitsWithUnderscores(token[2...], radix: 8) != nil
            case UInt8(ascii: "b"): return digitsWithUnderscores(token[2...], radix: 2) != nil
            default: break
            }
        }
        var rest = token[...]
        if rest.first == UInt8(ascii: "-") || rest.first == UInt8(ascii: "+") { rest = rest.dropFirst() }
        guard let digits = digitsWithUnderscores(rest, radix: 10) else { return false }
        return digits.count == 1 || digits.first != UInt8(ascii: "0")
    }

    private mutating func scanToken() {
        while let byte = current, Self.isTokenByte(byte) { index += 1 }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }

    /// A decimal, hexadecimal, octal or binary integer, or a float; nil when the token is neither.
    static func number(_ token: [UInt8]) -> TOMLValue? {
        let text = String(decoding: token, as: UTF8.self)
        switch text {
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return .float(.nan)
        default: break
        }
        if token.count > 2, token[0] == UInt8(ascii: "0") {
            let radix: UInt64? =
                switch token[1] {
                case UInt8(ascii: "x"): 16
                case UInt8(ascii: "o"): 8
                case UInt8(ascii: "b"): 2
                default: nil
                }
            if let radix {
                guard let digits = digitsWithUnderscores(token[2...], radix: radix),
                    let magnitude = magnitude(digits, radix: radix), magnitude <= UInt64(Int64.max)
                else { return nil }
                return .integer(Int64(magnitude))
            }
        }
        var rest = token[...]
        let negative = rest.first == UInt8(ascii: "-")
        if rest.first == UInt8(ascii: "-") || rest.first == UInt8(ascii: "+") { rest = rest.dropFirst() }
        let integerEnd = rest.firstIndex { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") } ?? rest.endIndex
        guard let whole = digitsWithUnderscores(rest[..<integerEnd], radix: 10),
            whole.count == 1 || whole.first != UInt8(ascii: "0")
        else { return nil }
        var tail = rest[integerEnd...]
        guard !tail.isEmpty else {
            guard let magnitude = magnitude(whole, radix: 10) else { return nil }
            if negative {
                guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
                return .integer(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
            }
            guard magnitude <= UInt64(Int64.max) else { return nil }
            return .integer(Int64(magnitude))
        }
        var literal = (negative ? "-" : "") + String(decoding: whole, as: UTF8.self)
        if tail.first == UInt8(ascii: ".") {
            let fractionEnd = tail.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") } ?? tail.endIndex
            guard let fraction = digitsWithUnderscores(tail[(tail.startIndex + 1)..<fractionEnd], radix: 10) else { return nil }
            literal += "." + String(decoding: fraction, as: UTF8.self)
            tail = tail[fractionEnd...]
        }
        if let marker = tail.first {
            guard marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") else { return nil }
            var exponent = tail.dropFirst()
            var sign = ""
            if let first = exponent.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
                sign = first == UInt8(ascii: "-") ? "-" : ""
                exponent = exponent.dropFirst()
            }
            guard let digits = digitsWithUnderscores(exponent, radix: 10) else { return nil }
            literal += "e" + sign + String(decoding: digits, as: UTF8.self)
        }
        return Double(literal).map(TOMLValue.float)
    }

    /// The digits of a run where each underscore stands between two digits, or nil.
    private static func digitsWithUnderscores(_ run: ArraySlice<UInt8>, radix: UInt64) -> [UInt8]? {
        var digits: [UInt8] = []
        var previousWasDigit = false
        for byte in run {
            if byte == UInt8(ascii: "_") {
                guard previousWasDigit else { return nil }
                previousWasDigit = false
                continue
            }
            guard let value = hexDigit(byte), UInt64(value) < radix else { return nil }
            digits.append(byte)
            previousWasDigit = true
        }
        return previousWasDigit ? digits : nil
    }

    /// The value of validated digits, or nil past UInt64's range.
    private static func magnitude(_ digits: [UInt8], radix: UInt64) -> UInt64? {
        var total: UInt64 = 0
        for byte in digits {
            guard let digit = hexDigit(byte) else { return nil }
            let (shifted, overflowA) = total.multipliedReportingOverflow(by: radix)
            let (sum, overflowB) = shifted.addingReportingOverflow(UInt64(digit))
            guard !overflowA, !overflowB else { return nil }
            total = sum
        }
        return total
    }
}
