import Foundation
import UVCore
@testable import UVEngine

/// Drives the engine as the shell would: events at their times, ticks at the deadlines it asks
/// for, and each `.recordSunscreen` answered with the application the shell would record.
struct Simulation {
    static let sydney = TimeZone(identifier: "Australia/Sydney")!
    static let place = Coordinate(latitude: -33.87, longitude: 151.21)

    var state: EngineState
    var wake: Date
    var notified: [(time: Date, alert: Alert)] = []
    var withdrawn: [(time: Date, subject: String)] = []

    init(settings: EngineSettings = EngineSettings(), skin: SkinType = .II, start: Date) {
        state = EngineState(settings: settings, timeZoneIdentifier: Self.sydney.identifier, skinType: skin)
        wake = start
    }

    /// The clear-sky model's hourly samples for the local day of `date`.
    static func modelledDay(_ date: Date) -> [UVSample] {
        let day = LocalDay.interval(containing: date, in: sydney)
        return DayOutlook.modelledSeries(day: day, coordinate: place).samples
    }

    mutating func send(_ event: EngineEvent, at time: Date) {
        let (next, effects) = Engine.reduce(state, event, now: time)
        state = next
        for effect in effects {
            switch effect {
            case .notify(let alert): notified.append((time, alert))
            case .withdraw(let subject): withdrawn.append((time, subject))
            case .wakeAt(let date): wake = date
            case .recordSunscreen:
                send(.sunscreen(SunscreenApplication(spf: .spf30, quantity: .medium, appliedAt: time)), at: time)
            }
        }
    }

    /// Runs from the current deadline to `end`, interleaving `events`.
    mutating func run(until end: Date, events: [(Date, EngineEvent)] = []) {
        var pending = events.sorted { $0.0 < $1.0 }[...]
        while true {
            let nextEvent = pending.first?.0 ?? .distantFuture
            let time = min(wake, nextEvent)
            guard time <= end else { return }
            if nextEvent <= wake, let (at, event) = pending.popFirst() {
                send(event, at: at)
            } else {
                send(.tick, at: wake)
            }
        }
    }

    func alerts(_ subject: String) -> [(time: Date, alert: Alert)] { notified.filter { $0.alert.subject == subject } }

    static func at(_ text: String) -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else { fatalError("bad time \(text)") }
        return date
    }
}
