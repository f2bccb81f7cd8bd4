import Synchronization

/// What the core has done since it started, for the tests that hold each event to one engine
/// step, one store write and one status (`SettleCountTests`). Kept outside the core's value, so
/// that a view, which only reads the core, can still be counted.
final class CoreCounter: Sendable {
    private let tally = Mutex(CoreCounts())

    /// Adds one to the count `which` names.
    func count(_ which: WritableKeyPath<CoreCounts, Int> & Sendable) {
        tally.withLock { $0[keyPath: which] += 1 }
    }

    /// The counts so far.
    var counts: CoreCounts { tally.withLock { $0 } }
}

/// The counts a `CoreCounter` keeps.
struct CoreCounts: Sendable, Equatable {
    /// Steps of the rule engine (each over every event settled at once).
    var engineSteps = 0
    /// Today's UV blended from what the providers said (`Knowledge.blendedDay`).
    var blendedDays = 0
    /// Statuses computed, for a query or for watchers.
    var statuses = 0
    /// Deliveries kept as their pass ended (`delivery(now:_:)`).
    var deliveries = 0
    /// Times the one timer was armed.
    var timerArms = 0
    /// `uvctl refresh` calls that joined the forced round under way.
    var refreshesJoined = 0
}
