import FoundationEssentials
import UVCore

/// One engine step sorted the way every shell carries it out — the daemon's and the simulator's
/// alike: the new state, what to show and withdraw (in order), the one deadline, whether a
/// refresh is wanted, the sunscreen a pressed "Applied" recorded (already the state's), and
/// whether "I'm inside" ends the time outside.
public struct EngineStep: Sendable {
    public let state: EngineState
    public let changes: [NotificationChange<Alert>]
    public let wake: Date?
    public let wantsRefresh: Bool
    /// "Applied sunscreen" was pressed: the application the shell keeps.
    public let recordedSunscreen: SunscreenApplication?
    /// "I'm inside" was pressed: the shell ends the time outside that is open.
    public let endsTimeOutside: Bool
    /// What the rules kept from the screen, and why (for the history).
    public let heldBack: [(alert: Alert, reason: HoldReason)]

    /// The step over every event that happened at `now` (none: the deadlines looked at).
    public init(_ state: EngineState, _ events: [EngineEvent], now: Date) {
        let (next, effects) = Engine.reduce(state, events, now: now)
        self.state = next
        changes = effects.compactMap { if case .change(let change) = $0 { change } else { nil } }
        wake = effects.lazy.compactMap { if case .wakeAt(let date) = $0 { date } else { nil } }.last
        wantsRefresh = effects.contains(.refresh)
        recordedSunscreen = effects.lazy.compactMap { if case .recordSunscreen(let application) = $0 { application } else { nil } }.last
        endsTimeOutside = effects.contains(.endTimeOutside)
        heldBack = effects.compactMap { if case .heldBack(let alert, let reason) = $0 { (alert, reason) } else { nil } }
    }

    public init(_ state: EngineState, _ event: EngineEvent, now: Date) {
        self.init(state, [event], now: now)
    }
}
