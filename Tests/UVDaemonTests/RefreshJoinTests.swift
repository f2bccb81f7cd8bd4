import Foundation
import TestSupport
import Testing
import UVCore
import UVProtocol
import UVProviders

@testable import UVDaemon

/// `uvctl refresh` asked while another's round is running waits for that round and answers with
/// what it came to, instead of "refreshed less than 5 minutes ago" and nothing of the answers.
@Suite("A refresh asked during a forced round")
struct RefreshJoinTests {
    /// A started core whose providers answer only when the test lets them (`GatedHTTP.answer`),
    /// its requests sent until `asking` is cancelled.
    private static func gatedCore(now: Date) async throws -> (shell: InProcessCore, http: GatedHTTP, asking: Task<Void, Never>) {
        let http = GatedHTTP(response: HTTPResponse(status: 503, body: Data("busy".utf8)))
        let shell = try InProcessCore(httpClient: http, answersArriveAt: { now.addingTimeInterval(1) })
        await shell.startEngine(now: now)
        return (shell, http, Task { await shell.core.sendRequests() })
    }

    @Test func waitsForTheRoundUnderWayAndReportsItsOutcome() async throws {
        let now = SettleCountTests.now
        let (shell, http, asking) = try await Self.gatedCore(now: now)
        defer { asking.cancel() }

        async let first = shell.core.requestRefresh(now: now)
        await http.requestArrived()
        async let second = shell.core.requestRefresh(now: now.addingTimeInterval(0.5))
        #expect(await eventually { shell.core.counter[.refreshesJoined] == 1 })
        for _ in 0..<UVSource.allCases.count { http.answer() }

        let firstOutcomes = try await first
        let secondOutcomes = try await second
        #expect(!firstOutcomes.isEmpty)
        #expect(secondOutcomes == firstOutcomes)
        #expect(secondOutcomes.allSatisfy { $0.result == .failed && $0.message.contains("HTTP 503") })

        // Once the round is over, the five minutes between refreshes hold again.
        await #expect(throws: Refusal.self) { try await shell.core.requestRefresh(now: now.addingTimeInterval(60)) }
    }

    /// A refresh whose caller goes (its client hung up, uvd stopping) ends at once, though its
    /// round still waits for a provider: a stop never waits for the providers to answer.
    @Test(.timeLimit(.minutes(20))) func aCancelledRefreshEndsAtOnce() async throws {
        let now = SettleCountTests.now
        let (shell, http, asking) = try await Self.gatedCore(now: now)
        defer { asking.cancel() }

        let refresh = Task { try await shell.core.requestRefresh(now: now) }
        await http.requestArrived()
        refresh.cancel()
        await #expect(throws: Refusal.self) { try await refresh.value }
        #expect(await shell.core.state.rounds[.forced] != nil, "the round goes on without the caller")
        for _ in 0..<UVSource.allCases.count { http.answer() }
    }
}
