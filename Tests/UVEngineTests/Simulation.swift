import Foundation
import UVCore

@testable import UVEngine

/// The scenario tests' conveniences around `Simulator`: Sydney, the modelled day, times.
struct Simulation {
    static let sydney = Zone(identifier: "Australia/Sydney")!
    static let place = Coordinate(latitude: -33.87, longitude: 151.21)

    var simulator: Simulator

    init(settings: EngineSettings = EngineSettings(), skin: SkinType = .II, start: Date) {
        simulator = Simulator(
            state: EngineState(settings: settings, zone: ZoneName(Self.sydney.identifier), skinType: skin), start: start)
    }

    var state: EngineState { simulator.state }
    var wake: Date { simulator.wake }
    /// What was shown, in the words the presenter gives them on the engine's clock.
    var notified: [(time: Date, alert: PresentedAlert)] {
        let presenter = Presenter(simulator.state)
        return simulator.notified.map { ($0.time, presenter.present($0.alert)) }
    }
    var withdrawn: [(time: Date, subject: Subject)] { simulator.withdrawn }

    /// The clear-sky model's hourly samples for the local day of `date`.
    static func modelledDay(_ date: Date) -> [UVSample] {
        let day = LocalDay.interval(containing: date, in: sydney)
        return DayOutlook.modelledSeries(day: day, coordinate: place).samples
    }

    mutating func send(_ event: EngineEvent, at time: Date) { simulator.send(event, at: time) }
    mutating func run(until end: Date, events: [(Date, EngineEvent)] = []) { simulator.run(until: end, events: events) }

    /// Outside by the person's word (`uvctl outside start`) from `time`, or inside: every
    /// deadline before it is run first.
    mutating func goOut(_ out: Bool = true, at time: Date) { simulator.run(until: time, steps: [(time, .outside(out))]) }

    func alerts(_ subject: Subject) -> [(time: Date, alert: PresentedAlert)] { notified.filter { $0.alert.subject == subject } }

    static func at(_ text: String) -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else { fatalError("bad time \(text)") }
        return date
    }
}
