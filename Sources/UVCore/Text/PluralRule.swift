import FoundationEssentials

/// A catalog's `Plural-Forms` rule: which form of a sentence goes with a count.
///
/// The header line `Plural-Forms: nplurals=2; plural=(n > 1);` holds a C expression in `n`
/// (GNU gettext manual §11.2.6 "Additional functions for plural forms"); this reads the subset
/// gettext itself accepts (`?:`, `||`, `&&`, `==`, `!=`, `<`, `<=`, `>`, `>=`, `+`, `-`, `*`, `/`,
/// `%`, `!`, parentheses, `n` and decimal numbers) and evaluates it on unsigned 64-bit numbers as
/// gettext does. A catalog is outside data, so nothing here traps: nesting is bounded, arithmetic
/// wraps, a division by zero gives 0 (where gettext would raise SIGFPE), and a form number out of
/// range means the first form.
public struct PluralRule: Sendable, Equatable {
    /// How many forms each plural message has.
    public let count: Int
    private let expression: Expression

    /// English's rule: one, and everything else.
    public static let english = PluralRule(count: 2, expression: .binary(.notEqual, .n, .number(1)))

    /// The rule of a catalog header (its `Plural-Forms:` line); nil when the header has none or
    /// it cannot be read.
    public init?(header: String) {
        guard let line = header.split(separator: "\n").first(where: { $0.hasPrefix("Plural-Forms:") }) else { return nil }
        var count: Int?
        var expression: Expression?
        for field in line.dropFirst("Plural-Forms:".count).split(separator: ";") {
            let parts = field.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            switch parts[0].trimmingSpaces() {
            case "nplurals": count = Int(parts[1].trimmingSpaces())
            case "plural":
                var parser = Parser(Array(parts[1].utf8))
                expression = parser.parseWhole()
            default: continue
            }
        }
        guard let count, (1...16).contains(count), let expression else { return nil }
        self.init(count: count, expression: expression)
    }

    private init(count: Int, expression: Expression) {
        self.count = count
        self.expression = expression
    }

    /// The form (0 ..< count) for `number`.
    public func form(for number: Int) -> Int {
        let value = expression.evaluate(UInt64(truncatingIfNeeded: number))
        return value < UInt64(count) ? Int(value) : 0
    }

    private indirect enum Expression: Sendable, Equatable {
        case n
        case number(UInt64)
        case not(Expression)
        case binary(Operator, Expression, Expression)
        case choice(Expression, Expression, Expression)

        func evaluate(_ n: UInt64) -> UInt64 {
            switch self {
            case .n: return n
            case .number(let value): return value
            case .not(let operand): return operand.evaluate(n) == 0 ? 1 : 0
            case .choice(let condition, let then, let otherwise):
                return condition.evaluate(n) != 0 ? then.evaluate(n) : otherwise.evaluate(n)
            case .binary(let operation, let left, let right): return operation.apply(left.evaluate(n), right.evaluate(n))
            }
        }
    }

    private enum Operator: String, Sendable, Equatable, CaseIterable {
        case or = "||"
        case and = "&&"
        case equal = "=="
        case notEqual = "!="
        case lessOrEqual = "<="
        case greaterOrEqual = ">="
        case less = "<"
        case greater = ">"
        case plus = "+"
        case minus = "-"
        case times = "*"
        case divided = "/"
        case remainder = "%"

        func apply(_ left: UInt64, _ right: UInt64) -> UInt64 {
            switch self {
            case .or: return left != 0 || right != 0 ? 1 : 0
            case .and: return left != 0 && right != 0 ? 1 : 0
            case .equal: return left == right ? 1 : 0
            case .notEqual: return left != right ? 1 : 0
            case .lessOrEqual: return left <= right ? 1 : 0
            case .greaterOrEqual: return left >= right ? 1 : 0
            case .less: return left < right ? 1 : 0
            case .greater: return left > right ? 1 : 0
            case .plus: return left &+ right
            case .minus: return left &- right
            case .times: return left &* right
            case .divided: return right == 0 ? 0 : left / right
            case .remainder: return right == 0 ? 0 : left % right
            }
        }
    }

    /// Recursive descent over C's precedence levels, at most `maximumDepth` deep.
    private struct Parser {
        static let maximumDepth = 64
        static let levels: [[Operator]] = [
            [.or], [.and], [.equal, .notEqual], [.lessOrEqual, .greaterOrEqual, .less, .greater], [.plus, .minus],
            [.times, .divided, .remainder],
        ]
        let bytes: [UInt8]
        var index = 0
        var depth = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func parseWhole() -> Expression? {
            guard let expression = choice() else { return nil }
            skipSpace()
            return index == bytes.count ? expression : nil
        }

        mutating func choice() -> Expression? {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maximumDepth, let condition = binary(level: 0) else { return nil }
            guard take("?") else { return condition }
            guard let then = choice(), take(":"), let otherwise = choice() else { return nil }
            return .choice(condition, then, otherwise)
        }

        mutating func binary(level: Int) -> Expression? {
            guard level < Self.levels.count else { return unary() }
            guard var left = binary(level: level + 1) else { return nil }
            while let operation = Self.levels[level].first(where: { take($0.rawValue) }) {
                guard let right = binary(level: level + 1) else { return nil }
                left = .binary(operation, left, right)
            }
            return left
        }

        mutating func unary() -> Expression? {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maximumDepth else { return nil }
            if take("!") { return unary().map(Expression.not) }
            if take("(") {
                guard let inner = choice(), take(")") else { return nil }
                return inner
            }
            if take("n") { return .n }
            skipSpace()
            var value: UInt64 = 0
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                let (times, overflow) = value.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                value = times &+ UInt64(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            return index > start ? .number(value) : nil
        }

        /// Consumes `token` after any spaces; `!` is not taken when it starts `!=`, nor `<`/`>` when they start `<=`/`>=`.
        mutating func take(_ token: String) -> Bool {
            skipSpace()
            let wanted = Array(token.utf8)
            guard index + wanted.count <= bytes.count, Array(bytes[index..<index + wanted.count]) == wanted else { return false }
            if wanted.count == 1, [UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: ">")].contains(wanted[0]),
                index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "=")
            {
                return false
            }
            index += wanted.count
            return true
        }

        mutating func skipSpace() {
            while index < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n")].contains(bytes[index]) { index += 1 }
        }
    }
}
