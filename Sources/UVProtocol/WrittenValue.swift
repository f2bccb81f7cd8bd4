import UVCore
import UVEngine

/// A value that travels in a call as people write it: the text (`30` for an SPF, `IV` for a
/// skin type, `leave-home` for a rule), or for a few a number (`40` minutes of water
/// resistance). uvctl parses it once, where it is typed, and sends the type; the daemon decodes
/// the type, and what is none of its values is refused there, once, naming the parameter
/// (`ValueRefused`). The JSON is what was written, as before types travelled.
public protocol WrittenValue: Sendable, Equatable {
    /// What stands for it on the wire: its text, unless it is a number.
    associatedtype Form: Codable & Sendable & CustomStringConvertible = String
    /// The value `form` names, or nil.
    init?(written form: Form)
    /// What stands for it in a call.
    var written: Form { get }
    /// Why `form`, given for `parameter`, is refused: what was wrong and what would be right.
    static func refusal(of form: Form, for parameter: String) -> String
}

/// A `WrittenValue` in a call or reply: encoded as what stands for it, decoded into the type.
public struct Written<Value: WrittenValue>: Codable, Sendable, Equatable {
    public var value: Value

    public init(_ value: Value) { self.value = value }

    public init(from decoder: any Decoder) throws {
        let form = try decoder.singleValueContainer().decode(Value.Form.self)
        guard let value = Value(written: form) else {
            throw ValueRefused(message: Value.refusal(of: form, for: decoder.codingPath.last?.stringValue ?? "parameters"))
        }
        self.value = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value.written)
    }
}

extension Written: CustomStringConvertible {
    /// What it travels as, as text.
    public var description: String { value.written.description }
}

/// A call's parameter whose text is none of its type's values: answered `io.uvd.InvalidValue`
/// with `message`, which names the parameter, the text and what may be written.
public struct ValueRefused: Error, Sendable, Equatable {
    public let message: String
}

/// A `WrittenValue` chosen from a list said in one place (`choices`): a text that is none of
/// them is refused as "spf '12' is not allowed; use none, 15, 30 or 50".
public protocol ListedValue: WrittenValue {
    /// What may be written, as every help and refusal says it.
    static var choices: String { get }
}

extension ListedValue {
    public static func refusal(of form: Form, for parameter: String) -> String { notAllowed(form.description, for: parameter) }

    /// "spf '12' is not allowed; use 15, 30 or 50".
    static func notAllowed(_ text: String, for parameter: String) -> String {
        tr("%1$@ '%2$@' is not allowed; use %3$@", parameter, text, choices)
    }
}

/// A `WrittenValue` read by its own `init?(parsing:)` and written as its `description` (a day, a
/// span, a month, a zone's name).
public protocol ParsedValue: WrittenValue, CustomStringConvertible where Form == String {
    init?(parsing text: String)
}

extension ParsedValue {
    public init?(written text: String) { self.init(parsing: text) }
    public var written: String { description }
}

/// A `ListedValue` written as its raw value (`lots`, `active`).
public protocol NamedValue: ListedValue, RawRepresentable<String> {}

extension NamedValue {
    public init?(written text: String) { self.init(rawValue: text) }
    public var written: String { rawValue }
}

extension SPF: ListedValue {
    public init?(written text: String) { self.init(parsing: text) }
    public var written: String { argument }
}

extension AppliedSPF: ListedValue {
    public init?(written text: String) {
        guard let spf = SPF(parsing: text) else { return nil }
        self.init(spf)
    }
    public var written: String { spf.argument }
    /// `none` is refused as no sunscreen; anything else as not an SPF.
    public static func refusal(of text: String, for parameter: String) -> String {
        SPF(parsing: text) == SPF.none ? noneRefusal : notAllowed(text, for: parameter)
    }
}

extension SkinType: ListedValue {
    public init?(written text: String) { self.init(parsing: text) }
    /// The Roman numeral in ASCII, whatever the language of the sender.
    public var written: String { ["I", "II", "III", "IV", "V", "VI"][rawValue - 1] }
}

extension SunscreenQuantity: NamedValue {}

/// A word a reply carries from a list that a later release may add to (a UV level, a source, a
/// freshness), written as its raw value.
public protocol ReplyWord: RawRepresentable<String>, Sendable, Equatable {}

/// A `ReplyWord` in a reply: uvctl reads the type, never the text. A word this release does not
/// know (a later uvd's new source) is kept as written, so that the rest of the reply still reads
/// and the client says what it can (`value` is nil).
public enum Word<Value: ReplyWord>: Codable, Sendable, Equatable, CustomStringConvertible {
    case known(Value)
    case unknown(String)

    public init(_ value: Value) { self = .known(value) }

    /// The word as its type; nil for one this release does not know.
    public var value: Value? {
        if case .known(let value) = self { value } else { nil }
    }

    /// The word as written.
    public var description: String {
        switch self {
        case .known(let value): value.rawValue
        case .unknown(let word): word
        }
    }

    public init(from decoder: any Decoder) throws {
        let word = try decoder.singleValueContainer().decode(String.self)
        self = Value(rawValue: word).map(Self.known) ?? .unknown(word)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension UVLevel: ReplyWord {}
extension ReapplyCountdown: ReplyWord {}
extension ReapplyTime.Reason: ReplyWord {}
extension UVSource: ReplyWord {}
extension Place.Source: ReplyWord {}
extension OutsideInterval.Source: ReplyWord {}
extension Whereabouts.State: ReplyWord {}

/// Minutes, as printed on the bottle: the number on the wire.
extension WaterResistance: ListedValue {
    public static var choices: String { tr("0, 40 or 80") }
    public init?(written minutes: Int) { self.init(rawValue: minutes) }
    public var written: Int { rawValue }
}
extension SunscreenActivity: NamedValue {}

extension Rule: WrittenValue {
    /// A rule the engine has; another name is refused.
    public init?(written text: String) {
        let rule = Rule(rawValue: text)
        guard rule.isKnown else { return nil }
        self = rule
    }
    public var written: String { rawValue }
    public static func refusal(of text: String, for parameter: String) -> String {
        tr("no rule '%1$@'; rules: %2$@", text, names)
    }
}

extension BirthMonth: ParsedValue {}
extension CalendarDate: ParsedValue {}
extension QuietSpan: ParsedValue {}
extension ClockSpan: ParsedValue {}
extension ZoneName: ParsedValue {}

/// A field a call may set or forget (a family member's `born` and `spf`): the text "" forgets it,
/// another is decoded as `Value`, once, and refused there naming the parameter (`ValueRefused`).
/// The JSON is the text, as before the field travelled typed.
public enum Settable<Value: WrittenValue>: Codable, Sendable, Equatable where Value.Form == String {
    case forget
    case set(Value)

    /// The value set, or nil to forget it.
    public var value: Value? {
        if case .set(let value) = self { value } else { nil }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard !text.isEmpty else {
            self = .forget
            return
        }
        guard let value = Value(written: text) else {
            throw ValueRefused(message: Value.refusal(of: text, for: decoder.codingPath.last?.stringValue ?? "parameters"))
        }
        self = .set(value)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value?.written ?? "")
    }
}
