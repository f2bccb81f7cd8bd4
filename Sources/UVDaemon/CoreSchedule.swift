import Foundation

/// When the core wakes next: the engine's deadline and the next refresh round share the one
/// timer. With the time spent suspended as last seen, to notice a resume.
struct CoreSchedule: Sendable {
    /// The deadline the engine's last step asked for.
    var engineWake = Date.distantFuture
    /// When the next refresh round is due (at once after a start; `.distantFuture` while one runs).
    var refreshDue = Date.distantPast
    /// Time spent suspended as last seen (CLOCK_BOOTTIME − CLOCK_MONOTONIC).
    var suspendedSeconds: Double = 0
}

/// What the core has done since it started, for the tests that hold each event to one engine
/// step, one store write and one status (`SettleCountTests`).
struct CoreCounts: Sendable, Equatable {
    /// Steps of the rule engine (each over every event settled at once).
    var engineSteps = 0
    /// Today's UV blended from what the providers said (`Knowledge.blendedDay`).
    var blendedDays = 0
    /// Statuses computed, for a query or for watchers.
    var statuses = 0
    /// Delivery reports kept (`delivered(_:now:)`).
    var deliveries = 0
    /// Times the one timer was armed.
    var timerArms = 0
}
