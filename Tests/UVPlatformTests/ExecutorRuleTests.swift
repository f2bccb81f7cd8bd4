import Foundation
import Testing

@testable import UVPlatform

/// The executor's rules are watched as uvd runs: a hop to the main actor is counted as it
/// happens (and stops a debug uvd or uvctl, whose executor is strict), and so is a job that held
/// one of the executor's threads for more than 250 ms. Here the counting alone,
/// on the test runner's own executor, where such jobs are allowed and go on. `Task.sleep` is
/// caught in the source (`RepositoryRuleTests`).
@Suite("The executor's rules", .serialized)
struct ExecutorRuleTests {
    init() { EventLoop.watchRules() }

    @Test func aJobForTheMainActorIsCaught() async {
        let before = EventLoop.violations.mainActor
        await MainActor.run {}
        #expect(EventLoop.violations.mainActor > before)
    }

    @Test func aJobThatHeldItsThreadTooLongIsCounted() {
        let before = EventLoop.violations
        EventLoop.held(for: .milliseconds(40))
        #expect(EventLoop.violations.slow == before.slow)
        EventLoop.held(for: .milliseconds(900))
        #expect(EventLoop.violations.slow == before.slow + 1)
        #expect(EventLoop.violations.longestMilliseconds >= 900)
    }
}
