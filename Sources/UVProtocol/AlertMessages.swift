import UVCore
import UVEngine

/// Quiet hours as uvd applies them.
public struct QuietInfo: Codable, Sendable, Equatable {
    public var spans: [Written<QuietSpan>]
    public var origin: String
    public var quietNow: Bool
    @Null public var until: String?
    /// Rules muted until unmuted.
    public var muted: [Written<Rule>]
    /// Rules muted for the rest of today ("Not today").
    public var mutedToday: [Written<Rule>]
    /// Rules snoozed, and until when.
    public var snoozed: [SnoozedRuleInfo]

    public init(
        spans: [QuietSpan], origin: String, quietNow: Bool, until: String?, muted: [Rule], mutedToday: [Rule], snoozed: [SnoozedRuleInfo]
    ) {
        self.spans = spans.map(Written.init)
        self.origin = origin
        self.quietNow = quietNow
        self.until = until
        self.muted = muted.map(Written.init)
        self.mutedToday = mutedToday.map(Written.init)
        self.snoozed = snoozed
    }
}

/// A rule snoozed until an instant.
public struct SnoozedRuleInfo: Codable, Sendable, Equatable {
    public var rule: Written<Rule>
    public var until: String
    public init(rule: Rule, until: String) {
        self.rule = Written(rule)
        self.until = until
    }
}

/// One line of `uvctl history`.
public struct HistoryInfo: Codable, Sendable, Equatable {
    public var time: String
    public var kind: HistoryKind
    public var subject: String
    @Null public var summary: String?
    @Null public var body: String?
    @Null public var key: String?
    /// The zone of `time` and of the text, when it is not the current place's.
    @Null public var zone: Written<ZoneName>?

    public init(
        time: String, kind: HistoryKind, subject: String, summary: String?, body: String?, key: String?, zone: ZoneName? = nil
    ) {
        self.time = time
        self.kind = kind
        self.subject = subject
        self.summary = summary
        self.body = body
        self.key = key
        self.zone = zone.map(Written.init)
    }
}

/// The network in use and the one marked as home.
public struct HomeInfo: Codable, Sendable, Equatable {
    @Null public var marked: String?
    @Null public var interface: String?
    public var kind: String
    public var reason: String
    @Null public var current: String?

    public init(marked: String?, interface: String?, kind: String, reason: String, current: String?) {
        self.marked = marked
        self.interface = interface
        self.kind = kind
        self.reason = reason
        self.current = current
    }
}

/// One line of `uvctl doctor`.
public struct CheckInfo: Codable, Sendable, Equatable {
    public var name: String
    public var result: CheckVerdict
    public var detail: String
    @Null public var fix: String?

    public init(name: String, result: CheckVerdict, detail: String, fix: String? = nil) {
        self.name = name
        self.result = result
        self.detail = detail
        self.fix = fix
    }
}

/// A doctor check's verdict, written `ok`, `warn` or `fail` on the wire. A verdict a newer uvd
/// names that this uvctl does not know reads as `warn`: looked at, not failed.
public enum CheckVerdict: String, Codable, Sendable, Equatable, CaseIterable {
    case ok, warn, fail

    public init(from decoder: any Decoder) throws {
        self = CheckVerdict(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .warn
    }
}

public struct SetQuietParameters: Codable, Sendable {
    @Null public var spans: [Written<QuietSpan>]?
    @Null public var reset: Bool?
    public init(spans: [QuietSpan]?, reset: Bool?) {
        self.spans = spans?.map(Written.init)
        self.reset = reset
    }
}

public struct MinutesParameters: Codable, Sendable {
    public var minutes: Int
    public init(minutes: Int) { self.minutes = minutes }
}

/// `Unmute`: which rule.
public struct RuleParameters: Codable, Sendable {
    public var rule: Written<Rule>
    public init(rule: Rule) { self.rule = Written(rule) }
}

/// `Snooze`: which rule, for how long.
public struct SnoozeParameters: Codable, Sendable {
    public var rule: Written<Rule>
    public var minutes: Int
    public init(rule: Rule, minutes: Int) {
        self.rule = Written(rule)
        self.minutes = minutes
    }
}

/// `Mute`: which rule, for good or (`today`) until the local day ends.
public struct MuteParameters: Codable, Sendable {
    public var rule: Written<Rule>
    public var today: Bool?
    public init(rule: Rule, today: Bool?) {
        self.rule = Written(rule)
        self.today = today
    }
}

/// `GetHistory`'s: the latest `limit` entries, or with `days` every entry of the last days.
public struct LimitParameters: Codable, Sendable {
    @Null public var limit: Int?
    @Null public var days: Int?
    public init(limit: Int?, days: Int? = nil) {
        self.limit = limit
        self.days = days
    }
}

public struct HistoryReply: Codable, Sendable {
    public var entries: [HistoryInfo]
    public init(entries: [HistoryInfo]) { self.entries = entries }
}

public struct DiagnoseReply: Codable, Sendable {
    public var checks: [CheckInfo]
    public init(checks: [CheckInfo]) { self.checks = checks }
}

/// `NotifyTest`: how long to wait for a press.
public struct NotifyTestParameters: Codable, Sendable {
    public var seconds: Int?
    public init(seconds: Int?) { self.seconds = seconds }
}

/// What became of the test notification (a string on the wire).
public enum NotifyTestOutcome: String, Codable, Sendable, Equatable, CaseIterable {
    /// A button was pressed (`button` says which).
    case pressed
    /// The notification itself was clicked.
    case clicked
    case expired
    case dismissed
    /// It went away without the server saying why.
    case closed
    /// Nothing came back within the time given.
    case unanswered
    /// It could not be shown (`server` or `button` says why).
    case failed
}

/// What the notification server did with the test notification.
public struct NotifyTestReply: Codable, Sendable, Equatable {
    /// The server's name and version, or why none answers.
    public var server: String
    public var outcome: NotifyTestOutcome
    /// The button pressed, by its label.
    @Null public var button: String?
    public init(server: String, outcome: NotifyTestOutcome, button: String?) {
        self.server = server
        self.outcome = outcome
        self.button = button
    }
}
