import Foundation
import Testing
import UVCore

@testable import UVEngine

/// What one step shows, in the order it is shown.
@Suite("A step's pop-ups in order")
struct StepOrderTests {
    typealias S = Simulation

    /// The first activity of the day is leaving home: the morning summary and the leave-home
    /// prompt come in one step. The summary is shown first, so that the prompt, which asks for
    /// something, is the one on top (as it was when the engine named its rules in that order).
    @Test func theSummaryComesBeforeThePromptThatAsksForSomething() {
        var settings = EngineSettings()
        settings[MorningRule.key].minute = nil
        settings[LeaveHomeRule.key].debounce = 0
        let eight = S.at("2026-01-15T08:00:00+11:00")
        var state = EngineState(settings: settings, zone: ZoneName(S.sydney.identifier), skinType: .II)
        state = Engine.reduce(state, [.forecast(S.modelledDay(eight)), .network(NetworkState(kind: .wifi))], now: eight).0
        let leaving = eight.addingTimeInterval(1800)
        let effects = Engine.reduce(state, [.network(NetworkState(kind: .cellular)), .userActivity], now: leaving).1
        let shown = effects.compactMap { effect -> Subject? in
            if case .change(.show(let alert)) = effect { alert.subject } else { nil }
        }
        #expect(shown == [.rule(.morning), .rule(.leaveHome)])
    }
}
