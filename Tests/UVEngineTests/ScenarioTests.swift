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
        #expect(sim.alerts(.rule(.leaveHome)).count == 1)
        // The swim changed the sunscreen the button recorded.
        #expect(sim.state.sunscreen.newest?.appliedAt == S.at("2026-01-15T08:05:00+11:00"))
        #expect(sim.state.sunscreen.newest?.waterEventAt == S.at("2026-01-15T09:30:00+11:00"))
    }

    @Test func tabsCarriageReturnsAndAByteOrderMarkAreSpace() throws {
        let steps = try Scenario.parse(
            Array("\u{FEFF}07:40\twifi\r\n\r\n 08:00  cellular \t# on the bus\r\n".utf8), day: Self.day, zone: S.sydney)
        #expect(steps.map(\.0) == ["07:40", "08:00"].map { S.at("2026-01-15T\($0):00+11:00") })
    }

    @Test func bytesThatAreNotUTF8AreNamedWhereTheyAre() {
        #expect(throws: Scenario.Problem(line: 2, column: 4, message: "this is not UTF-8 text; save the file as UTF-8")) {
            try Scenario.parse(Array("07:00 wifi\n07:".utf8) + [0xFF] + Array("0 cellular".utf8), day: Self.day, zone: S.sydney)
        }
    }

    @Test(arguments: [
        ("7 wifi", "1:1: '7' is not a time: each line starts HH:MM"),
        ("07:00", "1:1: an event must follow the time"),
        (
            "\n07:00 swim",
            "2:7: no event 'swim'; events: wifi, home-wifi, cellular, wired, offline, activity, press, apply, water, remove, quiet, outside, inside"
        ),
        ("07:00 apply 45", "1:13: apply [SPF] [QUANTITY]: SPF none, 15, 30 or 50; quantity low, medium or lots"),
        ("07:00 quiet forever", "1:13: quiet MINUTES (1 to 1440)"),
        ("07:00 press leave-home", "1:13: press SUBJECT KEY, e.g. press leave-home applied"),
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
