import FoundationEssentials
import UVCore

/// Plays events through the engine the way the daemon's shell does: each event at its time,
/// a tick at every deadline the engine asks for; a pressed "Applied" records the profile's
/// application, as the engine decides. Time outside is kept as the daemon keeps it (a phone
/// or modem connection opens it, Wi-Fi closes it, the user's word and "I'm inside" too), and the
/// day's dose is heard before each step as the daemon's core hears it. `uvctl simulate` and the
/// tests share it.
public struct Simulator: Sendable {
    public private(set) var state: EngineState
    public private(set) var wake: Date
    /// Each pop-up, with where the person was when it came.
    public private(set) var notified: [(time: Date, alert: Alert, whereabouts: Whereabouts)] = []
    /// What the rules kept from the screen, and why.
    public private(set) var held: [(time: Date, alert: Alert, reason: HoldReason, whereabouts: Whereabouts)] = []
    public private(set) var withdrawn: [(time: Date, subject: Subject)] = []
    /// The time outside so far, in order; one still open ends at `.distantFuture`.
    public private(set) var outsideIntervals: [OutsideInterval] = []
    private var outside = OutsideNow()
    /// The sunscreen worn so far, for the dose.
    private var worn: [WornSunscreen] = []

    /// What happens at a moment of a simulated day.
    public enum Happening {
        /// An engine event, made from the state at its moment (a water event changes whatever
        /// is on); nil makes nothing.
        case event((EngineState) -> EngineEvent?)
        /// The user's word: outside from now (`uvctl outside start`), or inside (`stop`).
        case outside(Bool)
    }

    /// `kept`: a simulator stopped earlier, whose time outside and sunscreen worn carry on (as
    /// the daemon's store keeps them across a restart); the engine's state is `state`.
    public init(state: EngineState, start: Date, keeping kept: Simulator? = nil) {
        self.state = state
        wake = start
        if let kept { (outsideIntervals, outside, worn) = (kept.outsideIntervals, kept.outside, kept.worn) }
    }

    public mutating func send(_ event: EngineEvent, at time: Date) {
        if case .network(let network) = event { keep(outside.networkIs(network, homeMarked: false, at: time)) }
        var events = [event]
        let reading = doseReading(at: time)
        if reading != state.dose { events.insert(.dose(reading), at: 0) }
        if outside.whereabouts != state.whereabouts { events.insert(.whereabouts(outside.whereabouts), at: 0) }
        let before = state.sunscreen
        let step = EngineStep(state, events, now: time)
        state = step.state
        for change in step.changes {
            switch change {
            case .show(let alert): notified.append((time, alert, state.whereabouts))
            case .withdraw(let subject): withdrawn.append((time, subject))
            }
        }
        held += step.heldBack.map { (time, $0.alert, $0.reason, state.whereabouts) }
        if state.sunscreen != before { wear(state.sunscreen, at: time) }
        if step.endsTimeOutside { keep(outside.inside(at: time)) }
        if let date = step.wake { wake = date }
    }

    /// Runs from the current deadline to `end`, interleaving `events`.
    public mutating func run(until end: Date, events: [(Date, EngineEvent)] = []) {
        run(until: end, steps: events.map { event in (event.0, .event { _ in event.1 }) })
    }

    /// Runs to `end`, interleaving what happens at its moment; an event made nil is skipped.
    public mutating func run(until end: Date, steps: [(Date, Happening)]) {
        var pending = steps.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)[...]
        while true {
            let nextEvent = pending.first?.0 ?? .distantFuture
            guard min(wake, nextEvent) <= end else { return }
            if nextEvent <= wake, let (at, happening) = pending.popFirst() {
                switch happening {
                case .event(let make): if let event = make(state) { send(event, at: at) }
                case .outside(true):
                    if let opened = outside.userStarts(at: at) { keep([opened]) }
                    send(.tick, at: at)
                case .outside(false):
                    keep(outside.inside(at: at))
                    send(.tick, at: at)
                }
            } else {
                send(.tick, at: wake)
            }
        }
    }

    /// The dose of `day` up to `time` of each person out, as the daemon computes it.
    public func dose(on day: DateInterval, until time: Date) -> PartyDose {
        let series = state.series
        return PartyDose(
            intervals: outsideIntervals.map { $0.clipped(to: day) }, until: min(time, day.end), uvi: series.uvi(at:), sunscreen: worn,
            you: state.skinType, family: state.family, agesAt: min(time, day.end), zone: state.zone)
    }

    private func doseReading(at time: Date) -> DoseReading? {
        let series = state.series
        let day = LocalDay.interval(containing: time, in: state.zone)
        return DoseReading(
            dose(on: day, until: time), outside: outside.isOutside, now: time, dayEnd: day.end, uvi: series.uvi(at:),
            sunscreen: state.sunscreen)
    }

    /// Opens and closes intervals as the daemon's store does.
    private mutating func keep(_ changes: [OutsideChange]) {
        for change in changes {
            switch change {
            case .open(let source, let at): outsideIntervals.append(OutsideInterval(start: at, end: .distantFuture, source: source))
            case .close(let source, let at):
                if let open = outsideIntervals.lastIndex(where: { $0.source == source && $0.end == .distantFuture }) {
                    outsideIntervals[open].end = at
                }
            case .clear, .add, .remove: break
            }
        }
    }

    /// The sunscreen on record changed at `time`: each new application is worn from then, a water
    /// event changes the one it fell on, none on takes everything off.
    private mutating func wear(_ now: SunscreenOn, at time: Date) {
        guard !now.isEmpty else {
            for index in worn.indices where worn[index].removedAt == nil { worn[index].removedAt = time }
            return
        }
        for application in now.applications {
            if let kept = worn.lastIndex(where: {
                $0.application.appliedAt == application.appliedAt && $0.application.wearer == application.wearer
            }) {
                worn[kept].application = application
            } else {
                worn.append(WornSunscreen(application))
            }
        }
    }
}
