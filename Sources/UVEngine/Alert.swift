import Foundation

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

/// A button on a notification: `key` comes back in an `.action` event.
public struct AlertAction: Sendable, Equatable, Codable {
    public var key: String
    public var label: String
}

/// A notification the engine wants shown. `subject` is its identity: a new alert with the same
/// subject replaces the one on screen, never stacks beside it.
public struct Alert: Sendable, Equatable, Codable {
    public var subject: String
    public var rule: Rule
    public var summary: String
    public var body: String
    public var urgency: Urgency
    public var actions: [AlertAction]
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
