import Foundation
import Testing
import UVCore
@testable import UVEngine

@Suite("Scenario files for uvctl simulate")
struct ScenarioTests {
    typealias S = Simulation
    static let day = LocalDay.interval(containing: S.at("2026-01-15T12:00:00+11:00"), in: S.sydney)

    @Test func aBeachDayPlaysThroughTheEngine() throws {
        let text = """
            # a day at the beach
            07:40 wifi
            08:00 cellular   # on the bus
            08:05 press leave-home applied
            09:30 water
            """
        let steps = try Scenario.parse(text, day: Self.day, zone: S.sydney)
        #expect(steps.map(\.0) == ["07:40", "08:00", "08:05", "09:30"].map { S.at("2026-01-15T\($0):00+11:00") })
        var sim = S(start: Self.day.start)
        sim.send(.forecast(S.modelledDay(Self.day.start)), at: Self.day.start)
        sim.simulator.run(until: S.at("2026-01-15T12:00:00+11:00"), steps: steps)
        #expect(sim.alerts("leave-home").count == 1)
        // The swim changed the sunscreen the button recorded.
        #expect(sim.state.sunscreen?.appliedAt == S.at("2026-01-15T08:05:00+11:00"))
        #expect(sim.state.sunscreen?.waterEventAt == S.at("2026-01-15T09:30:00+11:00"))
    }

    @Test(arguments: [
        ("7 wifi", "line 1: '7' is not a time: each line starts HH:MM"),
        ("07:00", "line 1: an event must follow the time"),
        ("\n07:00 swim", "line 2: no event 'swim'; events: wifi, home-wifi, cellular, wired, offline, activity, press, apply, water, remove, quiet"),
        ("07:00 apply 45", "line 1: apply [SPF] [QUANTITY]: SPF none, 15, 30 or 50; quantity low, medium or lots"),
        ("07:00 quiet forever", "line 1: quiet MINUTES (1 to 1440)"),
        ("07:00 press leave-home", "line 1: press SUBJECT KEY, e.g. press leave-home applied"),
    ])
    func badLinesSayWhatWouldBeRight(text: String, message: String) {
        #expect(throws: Scenario.Problem.self) { try Scenario.parse(text, day: Self.day, zone: S.sydney) }
        do {
            _ = try Scenario.parse(text, day: Self.day, zone: S.sydney)
        } catch {
            #expect(error.description == message)
        }
    }
}
