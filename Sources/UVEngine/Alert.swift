import FoundationEssentials
import UVCore

public enum Urgency: String, Sendable, Codable {
    case low, normal, critical
}

/// A button on a notification. Its `key` comes back in an `.action` event; its label is the
/// presenter's.
public enum AlertAction: String, Sendable, Equatable, Codable, CaseIterable {
    case applied
    /// "Applied" again, on a reapply reminder.
    case reapplied
    case remind
    case notToday = "not-today"
    /// "I'm inside": the time outside that is open ends now (the network's and the user's).
    case inside

    /// What the server sends back when it is pressed.
    public var key: String { self == .reapplied ? "applied" : rawValue }

    /// The button a key sent back names; the one table both ways. "Reapplied" shares
    /// "Applied"'s key (it does the same), so that key reads as `.applied`.
    public init?(key: String) {
        guard let action = Self.allCases.first(where: { $0.key == key }) else { return nil }
        self = action
    }
}

/// What became of a notification on screen: a button pressed, or why it went away without one.
/// The shell turns what the notification server sent back into this once, at its edge.
public enum AlertAnswer: Sendable, Equatable {
    case pressed(AlertAction)
    case closed(AlertClosing)

    /// The answer a key names: a button's `key`, or a closing's; nil for any other.
    public init?(key: String) {
        if let closing = AlertClosing(rawValue: key) {
            self = .closed(closing)
        } else if let action = AlertAction(key: key) {
            self = .pressed(action)
        } else {
            return nil
        }
    }

    /// Every key an answer can have, buttons first.
    public static var keys: [String] {
        var keys: [String] = []
        for key in AlertAction.allCases.map(\.key) + AlertClosing.allCases.map(\.rawValue) where !keys.contains(key) { keys.append(key) }
        return keys
    }

    /// The key it is kept and written under: the button's, or the closing's.
    public var key: String {
        switch self {
        case .pressed(let action): action.key
        case .closed(let closing): closing.rawValue
        }
    }

    /// Whether it shows someone at the machine: a press or a dismissal does; a notification
    /// that expired, or went without the server saying why, does not.
    public var showsSomeoneIsThere: Bool {
        switch self {
        case .pressed, .closed(.dismissed): true
        case .closed(.expired), .closed(.unexplained): false
        }
    }
}

/// Why a notification went away without a button: the specification's NotificationClosed
/// reasons other than uvd's own closing.
public enum AlertClosing: String, Sendable, Equatable, CaseIterable {
    /// It timed out (reason 1).
    case expired
    /// The user dismissed it (reason 2).
    case dismissed
    /// The server did not say (reason 4, or another).
    case unexplained = "closed"
}

/// What one kind of alert means, with the numbers it speaks of: a type of the rule that gives
/// it, declared beside the rule, which also makes its words.
public protocol RuleMeaning: Sendable, Equatable, Codable {
    /// The name it is saved under, `{"reapply": {…}}`: the one each kind has been saved under
    /// since 0.4.0.
    static var savedName: String { get }
    /// Its summary and body, on `presenter`'s clock.
    func words(_ presenter: Presenter) -> (summary: String, body: String)
}

/// What an alert means: one kind's meaning (`RuleMeaning`). Saved as `{"<savedName>": {…}}`,
/// and read back by the kinds this release knows: each rule's (`EngineRule.meanings`) and the
/// words an earlier release saved (`SavedWords`).
public struct AlertMeaning: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The meaning, of its kind's own type.
    public let kind: any RuleMeaning

    public init(_ kind: some RuleMeaning) {
        self.kind = kind
    }

    /// Every kind this release reads back.
    static let kinds: [any RuleMeaning.Type] = Rules.all.flatMap { $0.meanings } + [SavedWords.self]

    /// Its words, on `presenter`'s clock: the kind's own.
    public func words(_ presenter: Presenter) -> (summary: String, body: String) { kind.words(presenter) }

    /// The meaning as `kind` (`meaning.as(ReapplyMeaning.self)?.stage`); nil when it is another.
    public func `as`<Kind: RuleMeaning>(_ kind: Kind.Type) -> Kind? { self.kind as? Kind }

    public static func == (left: AlertMeaning, right: AlertMeaning) -> Bool { left.kind.isSame(as: right.kind) }

    public var description: String { "\(type(of: kind).savedName): \(kind)" }

    private struct SavedName: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SavedName.self)
        var names: String { Self.kinds.map { $0.savedName }.joined(separator: ", ") }
        guard container.allKeys.count == 1, let name = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a meaning is one key, its kind (\(names)); found \(container.allKeys.count)")
            )
        }
        guard let kind = Self.kinds.first(where: { $0.savedName == name.stringValue }) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath + [name],
                    debugDescription: "no kind of meaning '\(name.stringValue)' in this release; it reads \(names)")
            )
        }
        self.kind = try kind.decode(from: container, at: name)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SavedName.self)
        try container.encode(kind, forKey: SavedName(stringValue: type(of: kind).savedName))
    }
}

extension RuleMeaning {
    fileprivate func isSame(as other: any RuleMeaning) -> Bool { (other as? Self) == self }

    fileprivate static func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, at key: Key) throws -> any RuleMeaning {
        try container.decode(Self.self, forKey: key)
    }
}

/// Words saved by a release that kept words, not meaning (an alert held over an upgrade).
public struct SavedWords: RuleMeaning {
    public static let savedName = "said"
    public var summary: String
    public var body: String

    public func words(_ presenter: Presenter) -> (summary: String, body: String) { (summary, body) }
}

extension AlertMeaning {
    /// Words saved by a release that kept words, not meaning.
    public static func said(summary: String, body: String) -> AlertMeaning { AlertMeaning(SavedWords(summary: summary, body: body)) }
}

/// The one of the party who burns first, as a prompt names them: a member by name, or the user.
public struct FirstToBurn: Sendable, Equatable, Codable {
    /// Nil for the user.
    public var name: String?
    public var minutes: Int

    public init(name: String?, minutes: Int) {
        self.name = name
        self.minutes = minutes
    }

    /// The party's first to burn at `facts`' moment, when the user has a family and someone's
    /// burn time comes within its horizon.
    public static func of(_ facts: DayFacts, you: SkinType, family: [FamilyMember], zone: Zone) -> FirstToBurn? {
        guard !family.isEmpty, let first = Party(facts: facts, you: you, family: family, zone: zone).firstToBurn,
            let minutes = first.burnTime?.wholeMinutes
        else { return nil }
        return FirstToBurn(name: first.isUser ? nil : first.name, minutes: minutes)
    }
}

/// A notification the engine wants shown. `subject` is its identity: a new alert with the same
/// subject replaces the one on screen, never stacks beside it.
public struct Alert: Sendable, Equatable, Codable {
    public var subject: Subject
    public var rule: Rule
    public var meaning: AlertMeaning
    public var urgency: Urgency
    public var actions: [AlertAction]

    public init(subject: Subject, rule: Rule, meaning: AlertMeaning, urgency: Urgency, actions: [AlertAction]) {
        self.subject = subject
        self.rule = rule
        self.meaning = meaning
        self.urgency = urgency
        self.actions = actions
    }

    private enum CodingKeys: String, CodingKey { case subject, rule, meaning, urgency, actions }
    /// The words an alert was saved with before it was saved by its meaning.
    private enum SavedWordsKeys: String, CodingKey { case summary, body }
    private struct SavedAction: Decodable { var key: String }

    /// Reads alerts saved with words (`summary`, `body`, `actions` as key and label) too.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        subject = try container.decode(Subject.self, forKey: .subject)
        rule = try container.decode(Rule.self, forKey: .rule)
        urgency = try container.decode(Urgency.self, forKey: .urgency)
        if let meaning = try container.decodeIfPresent(AlertMeaning.self, forKey: .meaning) {
            self.meaning = meaning
            actions = try container.decode([AlertAction].self, forKey: .actions)
        } else {
            let words = try decoder.container(keyedBy: SavedWordsKeys.self)
            meaning = .said(summary: try words.decode(String.self, forKey: .summary), body: try words.decode(String.self, forKey: .body))
            actions = try container.decode([SavedAction].self, forKey: .actions).compactMap { AlertAction(rawValue: $0.key) }
        }
    }
}

extension Alert {
    /// Whether it asks something of the sun that only someone out can do: a reapply reminder, a
    /// dose notice, a UV level below extreme, or anything critical. Such a pop-up while the person
    /// is in is the noise the rules keep to the glance (`uvctl simulate` counts them).
    public var asksForTheSun: Bool {
        urgency == .critical || (Rules.named(rule)?.asksForTheSun(self) ?? false)
    }
}

/// Why a rule kept something to itself instead of popping it up: what `uvctl history` says.
public enum HoldReason: String, Sendable, Equatable, Codable, CaseIterable {
    /// The person is in: it shows in the tray, `uvctl status` and waybar instead.
    case inside = "in"
    /// Nothing ahead today reaches the UV worth protecting from (`[reapply] uv_threshold`).
    case noUVAhead = "no-uv-ahead"
}

/// Show or take away one notification: what the engine says (`NotificationChange<Alert>`) and,
/// in words, what the daemon hands its outbox.
public enum NotificationChange<Content: Sendable & Equatable>: Sendable, Equatable {
    /// Show this, replacing what is on screen for its subject.
    case show(Content)
    /// Take the subject's notification away.
    case withdraw(subject: Subject)
}

/// What the engine asks the shell to do.
public enum EngineEffect: Sendable, Equatable {
    /// Show or withdraw a notification.
    case change(NotificationChange<Alert>)
    /// "Applied sunscreen" was pressed: keep this application (the profile's defaults, made at
    /// the press), which the engine has already taken as the one on record.
    case recordSunscreen(SunscreenApplication)
    /// Call `reduce(.tick)` at this instant (the earliest deadline; one timer).
    case wakeAt(Date)
    /// Fetch the forecast now if the fetch policy allows (after a resume it is likely stale).
    case refresh
    /// "I'm inside" was pressed: the shell ends the time outside that is open.
    case endTimeOutside
    /// A rule had this to say and kept it from the screen, for this reason: the history lists it.
    case heldBack(Alert, HoldReason)
}

extension HistoryKind {
    /// How the history lists an answer: a press as pressed, a notification that expired as
    /// expired, one dismissed or gone without a reason as dismissed.
    public init(_ answer: AlertAnswer) {
        switch answer {
        case .pressed: self = .pressed
        case .closed(.expired): self = .expired
        case .closed(.dismissed), .closed(.unexplained): self = .dismissed
        }
    }
}
