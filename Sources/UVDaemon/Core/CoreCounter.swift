import Synchronization

/// What the core has done since it started, for the tests that hold each event to one engine
/// step, one store write and one status (`SettleCountTests`). Kept outside the core's value, so
/// that a view, which only reads the core, can still be counted.
final class CoreCounter: Sendable {
    private let tally = Mutex([CoreCount: Int]())

    /// Adds one to the count of `which`.
    func count(_ which: CoreCount) {
        tally.withLock { $0[which, default: 0] += 1 }
    }

    /// How many times `which` happened so far.
    subscript(_ which: CoreCount) -> Int { tally.withLock { $0[which] ?? 0 } }
}

/// What a `CoreCounter` counts.
enum CoreCount: Hashable {
    /// A step of the rule engine (each over every event settled at once).
    case engineSteps
    /// Today's UV blended from what the providers said (`Knowledge.blendedDay`).
    case blendedDays
    /// A status computed, for a query or for watchers.
    case statuses
    /// A delivery kept as its pass ended (`delivery(now:_:)`).
    case deliveries
    /// The one timer armed.
    case timerArms
    /// A `uvctl refresh` call that joined the forced round under way.
    case refreshesJoined
}
