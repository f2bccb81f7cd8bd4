import Foundation
import UVCore

/// One engine step sorted the way every shell carries it out — the daemon's and the simulator's
/// alike: the new state, what to show and withdraw (in order), the one deadline, and whether a
/// refresh or a sunscreen record is wanted. Recording the sunscreen is a further step, taken after
/// this one's effects, so that the deadline it sets is the last one armed.
public struct EngineStep: Sendable {
    /// Show or take away one notification, in the order the engine said.
    public enum Change: Sendable, Equatable {
        case show(Alert)
        case withdraw(subject: String)
    }

    public let state: EngineState
    public let changes: [Change]
    public let wake: Date?
    public let wantsRefresh: Bool
    /// "Applied sunscreen" was pressed: the shell records an application now.
    public let recordsSunscreen: Bool

    public init(_ state: EngineState, _ event: EngineEvent, now: Date) {
        let (next, effects) = Engine.reduce(state, event, now: now)
        self.state = next
        changes = effects.compactMap {
            switch $0 {
            case .notify(let alert): .show(alert)
            case .withdraw(let subject): .withdraw(subject: subject)
            case .recordSunscreen, .wakeAt, .refresh: nil
            }
        }
        wake = effects.lazy.compactMap { if case .wakeAt(let date) = $0 { date } else { nil } }.last
        wantsRefresh = effects.contains(.refresh)
        recordsSunscreen = effects.contains(.recordSunscreen)
    }
}
