import Foundation
import UVCore

/// The rules that speak.
public enum Rule: String, Sendable, Codable, CaseIterable, CodingKeyRepresentable {
    case leaveHome = "leave-home"
    case uvAlert = "uv-alert"
    case reapply
    case morning
}

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

    /// What the server sends back when it is pressed.
    public var key: String { self == .reapplied ? "applied" : rawValue }
}

/// What an alert means, with the numbers it speaks of: the presenter makes the words.
public enum AlertMeaning: Sendable, Equatable, Codable {
    /// Leaving home without sunscreen on a day whose UV still reaches `peakAhead`.
    case leaveHome(peakAhead: Double)
    /// The UV index reached `level`'s band (now `uvi`).
    case uvLevel(uvi: Double, level: UVLevel)
    /// The reapply countdown at `stage`, for the application made at `appliedAt`.
    case reapply(stage: ReapplyCountdown, at: Date, spf: String, quantity: String, appliedAt: Date)
    /// The morning summary: today's sunscreen window and its peak.
    case morning(window: TimeSpan, peakUVI: Double?, peakAt: Date?)
    /// Words saved by a version that kept words, not meaning (an alert held over an upgrade).
    case said(summary: String, body: String)
}

/// A notification the engine wants shown. `subject` is its identity: a new alert with the same
/// subject replaces the one on screen, never stacks beside it.
public struct Alert: Sendable, Equatable, Codable {
    public var subject: String
    public var rule: Rule
    public var meaning: AlertMeaning
    public var urgency: Urgency
    public var actions: [AlertAction]

    public init(subject: String, rule: Rule, meaning: AlertMeaning, urgency: Urgency, actions: [AlertAction]) {
        self.subject = subject
        self.rule = rule
        self.meaning = meaning
        self.urgency = urgency
        self.actions = actions
    }

    private enum CodingKeys: String, CodingKey { case subject, rule, meaning, urgency, actions, summary, body }
    private struct SavedAction: Decodable { var key: String }

    /// Reads alerts saved with words (`summary`, `body`, `actions` as key and label) too.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        subject = try container.decode(String.self, forKey: .subject)
        rule = try container.decode(Rule.self, forKey: .rule)
        urgency = try container.decode(Urgency.self, forKey: .urgency)
        if let meaning = try container.decodeIfPresent(AlertMeaning.self, forKey: .meaning) {
            self.meaning = meaning
            actions = try container.decode([AlertAction].self, forKey: .actions)
        } else {
            meaning = .said(summary: try container.decode(String.self, forKey: .summary), body: try container.decode(String.self, forKey: .body))
            actions = try container.decode([SavedAction].self, forKey: .actions).compactMap { AlertAction(rawValue: $0.key) }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(subject, forKey: .subject)
        try container.encode(rule, forKey: .rule)
        try container.encode(meaning, forKey: .meaning)
        try container.encode(urgency, forKey: .urgency)
        try container.encode(actions, forKey: .actions)
    }
}

/// What the engine asks the shell to do.
public enum EngineEffect: Sendable, Equatable {
    case notify(Alert)
    case withdraw(subject: String)
    /// "Applied sunscreen" was pressed: record an application with the profile's defaults.
    case recordSunscreen
    /// Call `reduce(.tick)` at this instant (the earliest deadline; one timer).
    case wakeAt(Date)
    /// Fetch the forecast now if the fetch policy allows (after a resume it is likely stale).
    case refresh
}
