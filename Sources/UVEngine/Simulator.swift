import Foundation
import UVCore

/// Plays events through the engine the way the daemon's shell does: each event at its time,
/// a tick at every deadline the engine asks for; a pressed "Applied" records the profile's
/// application, as the engine decides. `uvctl simulate` and the tests share it.
public struct Simulator: Sendable {
    public private(set) var state: EngineState
    public private(set) var wake: Date
    public private(set) var notified: [(time: Date, alert: Alert)] = []
    public private(set) var withdrawn: [(time: Date, subject: Subject)] = []
    public init(state: EngineState, start: Date) {
        self.state = state
        wake = start
    }

    public mutating func send(_ event: EngineEvent, at time: Date) {
        let step = EngineStep(state, event, now: time)
        state = step.state
        for change in step.changes {
            switch change {
            case .show(let alert): notified.append((time, alert))
            case .withdraw(let subject): withdrawn.append((time, subject))
            }
        }
        if let date = step.wake { wake = date }
    }

    /// Runs from the current deadline to `end`, interleaving `events`.
    public mutating func run(until end: Date, events: [(Date, EngineEvent)] = []) {
        run(until: end, steps: events.map { event in (event.0, { _ in event.1 }) })
    }

    /// Runs to `end`, interleaving events made at their moment from the state then (a water
    /// event changes whatever sunscreen is on at the time); a step that makes nil is skipped.
    public mutating func run(until end: Date, steps: [(Date, (EngineState) -> EngineEvent?)]) {
        var pending = steps.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)[...]
        while true {
            let nextEvent = pending.first?.0 ?? .distantFuture
            guard min(wake, nextEvent) <= end else { return }
            if nextEvent <= wake, let (at, make) = pending.popFirst() {
                if let event = make(state) { send(event, at: at) }
            } else {
                send(.tick, at: wake)
            }
        }
    }
}
