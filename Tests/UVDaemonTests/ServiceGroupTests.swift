import Testing

@testable import UVDaemon

/// The daemon's services: started together, stopped in the reverse order, each once the one
/// before it has ended; a failure stops them all and is returned; a service that may end leaves
/// the others running.
@Suite("The service group")
struct ServiceGroupTests {
    /// What the services did, in order.
    actor Journal {
        private(set) var lines: [String] = []
        func write(_ line: String) { lines.append(line) }
    }

    /// A service whose work is a closure.
    struct Probe: Service {
        let work: @Sendable () async throws -> Void
        func run() async throws { try await work() }
    }

    struct Refused: Error {}

    /// Waits until the task is cancelled: a shutdown never begun.
    static func untilCancelled() async { _ = await GracefulShutdown().wait() }

    /// A service that works until its shutdown, then takes its time to end (other tasks run
    /// meanwhile): a shutdown begun early for the next one would land between its lines.
    static func slowToStop(_ name: String, _ journal: Journal) -> ServiceGroup.Member {
        ServiceGroup.Member(
            name: name,
            service: Probe {
                await untilGracefulShutdown { await untilCancelled() }
                await journal.write("\(name) stopping")
                for _ in 0..<50 { await Task.yield() }
                await journal.write("\(name) ended")
            }, endStopsGroup: true)
    }

    @Test func servicesStopInTheReverseOrderEachAfterTheOneBeforeEnded() async {
        let journal = Journal()
        let group = ServiceGroup(members: [
            Self.slowToStop("a", journal), Self.slowToStop("b", journal), Self.slowToStop("c", journal),
            ServiceGroup.Member(name: "signals", service: Probe {}, endStopsGroup: true),
        ])
        #expect(await group.run() == nil)
        #expect(await journal.lines == ["c stopping", "c ended", "b stopping", "b ended", "a stopping", "a ended"])
    }

    @Test func aServiceThatMayEndLeavesTheOthersRunning() async {
        let journal = Journal()
        let (ended, end) = AsyncStream.makeStream(of: Void.self)
        let group = ServiceGroup(members: [
            ServiceGroup.Member(
                name: "socket",
                service: Probe { await journal.write("socket shut down: \(await GracefulShutdown.wait())") }, endStopsGroup: true),
            ServiceGroup.Member(
                name: "GeoClue",
                service: Probe {
                    await journal.write("GeoClue ended")
                    end.finish()
                }, endStopsGroup: false),
            ServiceGroup.Member(
                name: "signals",
                service: Probe {
                    await untilGracefulShutdown {
                        for await _ in ended {}
                        // Time for the group to take GeoClue's end; had it stopped the group,
                        // this work would be cancelled.
                        for _ in 0..<100 { await Task.yield() }
                        await journal.write(Task.isCancelled ? "signals stopped early" : "signals returned")
                    }
                }, endStopsGroup: true),
        ])
        #expect(await group.run() == nil)
        #expect(await journal.lines == ["GeoClue ended", "signals returned", "socket shut down: true"])
    }

    @Test func aFailureStopsTheOthersAndIsReturned() async {
        let journal = Journal()
        let group = ServiceGroup(members: [
            ServiceGroup.Member(
                name: "core loop",
                service: Probe {
                    await untilGracefulShutdown { await Self.untilCancelled() }
                    await journal.write("core loop stopped")
                }, endStopsGroup: true),
            ServiceGroup.Member(name: "network watch", service: Probe { throw Refused() }, endStopsGroup: false),
        ])
        let failure = await group.run()
        #expect(failure?.service == "network watch")
        #expect(failure?.error is Refused)
        #expect(await journal.lines == ["core loop stopped"])
    }

    @Test func workOutsideAGroupRunsToItsEnd() async {
        let journal = Journal()
        await untilGracefulShutdown {
            for _ in 0..<10 { await Task.yield() }
            await journal.write(Task.isCancelled ? "cancelled" : "done")
        }
        #expect(await journal.lines == ["done"])
    }

    @Test func aWaitIsAnsweredByTheShutdownOrByCancelling() async {
        let begunBefore = GracefulShutdown()
        begunBefore.begin()
        #expect(await begunBefore.wait())

        let begunDuring = GracefulShutdown()
        let waiting = Task { await begunDuring.wait() }
        begunDuring.begin()
        #expect(await waiting.value)

        let neverBegun = GracefulShutdown()
        let cancelled = Task { await neverBegun.wait() }
        cancelled.cancel()
        #expect(await cancelled.value == false)
    }
}
