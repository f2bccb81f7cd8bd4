import Foundation
import Synchronization
import TestSupport
import Testing
import UVPlatform
import UVProtocol

@testable import UVVarlink

/// A service with one `more` method that, like `io.uvd.Subscribe`, answers once and then waits
/// for news that never comes; it counts the calls still running.
final class WatchService: VarlinkService {
    let running = Mutex(0)

    func handle(_ call: VarlinkCall, replies: VarlinkReplies) async throws(VarlinkError) {
        running.withLock { $0 += 1 }
        defer { running.withLock { $0 -= 1 } }
        let (news, _) = AsyncStream.makeStream(of: Int.self)
        do {
            try await replies.send(["n": 0], continues: true)
            for await n in news { try await replies.send(["n": n], continues: true) }
        } catch {
            throw VarlinkError.uvd(name: "Gone", message: "\(error)")
        }
    }
}

@Suite("Varlink streams and descriptors")
struct VarlinkStreamTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-vls-\(UUID().uuidString.prefix(8))")

    private func withServer(_ service: WatchService, _ body: (String) async throws -> Void) async throws {
        let path = directory.appendingPathComponent("sock").path
        let server = VarlinkServer(
            listener: try UnixListener(path: path), service: service, interfaceName: "test.watch",
            interfaceDescription: "interface test.watch\nmethod Watch() -> (n: int)\n",
            info: .init(vendor: "uvd", product: "test", version: "1", url: "https://example.invalid", interfaces: ["test.watch"]),
            log: { _ in })
        let task = Task { await server.run() }
        defer {
            task.cancel()
            try? FileManager.default.removeItem(at: directory)
        }
        try await body(path)
    }

    /// The server's accepted connections to `path` that the kernel still holds open: an accepted
    /// socket carries its listener's path in `/proc/net/unix`, and only the listener has the
    /// accepting flag (`__SO_ACCEPTCON`, 0x10000). Unlike a count of this process's descriptors,
    /// it does not move when other suites open files meanwhile.
    private static func acceptedSockets(at path: String) -> Int {
        guard let table = try? String(contentsOfFile: "/proc/net/unix", encoding: .utf8) else { return -1 }
        return table.split(separator: "\n").dropFirst().filter { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return fields.count >= 8 && fields[7] == path && fields[3] != "00010000"
        }.count
    }

    @Test func onewayMoreCallsLeaveNoDescriptorBehind() async throws {
        let service = WatchService()
        try await withServer(service) { path in
            for attempt in 0..<1000 {
                let raw = try await UnixConnection.connect(path: path)
                try await raw.write(Array(#"{"method":"test.watch.Watch","oneway":true,"more":true}"#.utf8) + [0])
                if attempt == 0 {
                    // Twenty seconds: the whole suite runs in parallel on two cores, and a server
                    // under that load takes its time to notice a thousand hang-ups.
                    let seen = await eventually(within: .seconds(20)) { Self.acceptedSockets(at: path) == 1 }
                    #expect(seen, "the count sees a connection the client holds open once the server accepted it")
                }
                raw.close()
            }
            let settled = await eventually(within: .seconds(20)) {
                Self.acceptedSockets(at: path) == 0 && service.running.withLock { $0 } == 0
            }
            #expect(
                settled,
                "connections still open: \(Self.acceptedSockets(at: path)), calls still running: \(service.running.withLock { $0 })")
        }
    }

    @Test func aSubscriberThatHangsUpIsReleasedAtOnce() async throws {
        let service = WatchService()
        try await withServer(service) { path in
            let raw = try await UnixConnection.connect(path: path)
            try await raw.write(Array(#"{"method":"test.watch.Watch","more":true}"#.utf8) + [0])
            #expect(String(decoding: try await raw.read(), as: UTF8.self).contains(#""continues":true"#))
            #expect(service.running.withLock { $0 } == 1)
            raw.close()
            #expect(await eventually(within: .seconds(20)) { service.running.withLock { $0 } == 0 })
        }
    }

    @Test func anotherClientIsServedWhileAStreamRuns() async throws {
        try await withServer(WatchService()) { path in
            let watcher = try await UnixConnection.connect(path: path)
            defer { watcher.close() }
            try await watcher.write(Array(#"{"method":"test.watch.Watch","more":true}"#.utf8) + [0])
            _ = try await watcher.read()
            let client = try await VarlinkClient.connect(path: path)
            defer { client.close() }
            #expect(try await client.call("org.varlink.service.GetInfo", Empty(), returning: VarlinkServer.Info.self).product == "test")
        }
    }

    @Test func acceptFailuresBackOffAndRecover() {
        var backoff = AcceptBackoff()
        let pauses = (0..<8).map { _ in backoff.failed() }
        #expect(
            pauses == [
                .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .milliseconds(1600), .milliseconds(3200),
                .seconds(5), .seconds(5),
            ])
        #expect(backoff.succeeded() == 8)
        #expect(backoff.succeeded() == nil)
        #expect(backoff.failed() == .milliseconds(100))
    }
}
