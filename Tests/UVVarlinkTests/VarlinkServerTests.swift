import Foundation
import TestSupport
import Testing
import UVPlatform
import UVProtocol

@testable import UVVarlink

/// A service that echoes, counts, and fails on request.
struct EchoService: VarlinkService {
    struct Text: Codable, Equatable, Sendable { var text: String }
    struct Count: Codable, Equatable, Sendable { var n: Int }

    func handle(_ call: VarlinkCall, replies: VarlinkReplies) async throws(VarlinkError) {
        do {
            switch call.method {
            case "test.echo.Echo":
                try await replies.send(try call.decodeParameters(Text.self))
            case "test.echo.Count":
                guard call.more else { throw VarlinkError.expectedMore }
                let n = try call.decodeParameters(Count.self).n
                for i in 1...n { try await replies.send(Count(n: i), continues: i < n) }
            case "test.echo.Fail":
                throw VarlinkError.uvd(name: "Failed", message: "as asked")
            default:
                throw VarlinkError.methodNotFound(call.method)
            }
        } catch let error as VarlinkError {
            throw error
        } catch {
            throw VarlinkError.uvd(name: "Gone", message: "\(error)")
        }
    }
}

@Suite("Varlink over a Unix socket")
struct VarlinkServerTests {
    private let scratch = ScratchPath("uvd-vl")
    var directory: URL { scratch.url }
    var path: String { directory.appendingPathComponent("sock").path }

    private func withServer(allowedUID: uid_t = getuid(), _ body: (String) async throws -> Void) async throws {
        let listener = try UnixListener(path: path)
        let server = VarlinkServer(
            listener: listener, service: EchoService(), interfaceName: "test.echo",
            interfaceDescription: "interface test.echo\nmethod Echo(text: string) -> (text: string)\n",
            info: .init(
                vendor: "uvd", product: "test", version: "1", url: "https://example.invalid",
                interfaces: ["org.varlink.service", "test.echo"]),
            allowedUID: allowedUID, log: { _ in })
        let task = Task { await server.run() }
        defer { task.cancel() }
        try await body(path)
    }

    /// A raw client of another user (root, here: the server allows only another uid) sends its
    /// call and reads the answer: PermissionDenied, not a connection reset (0.4 closed with the
    /// call unread, which resets a Unix connection).
    @Test func aClientOfAnotherUserIsAnsweredPermissionDenied() async throws {
        try await withServer(allowedUID: getuid() &+ 1) { path in
            for _ in 0..<20 {
                let connection = try await UnixConnection.connect(path: path)
                defer { connection.close() }
                try await connection.write(Array(#"{"method":"test.echo.Echo","parameters":{"text":"hi"}}"#.utf8) + [0])
                var answer: [UInt8] = []
                while !answer.contains(0) {
                    let bytes = try await connection.read()
                    if bytes.isEmpty { break }
                    answer += bytes
                }
                #expect(String(decoding: answer.prefix { $0 != 0 }, as: UTF8.self).contains("org.varlink.service.PermissionDenied"))
                // Then the end of the stream, not ECONNRESET.
                #expect(try await connection.read().isEmpty)
            }
        }
    }

    @Test func socketIsPrivate() async throws {
        try await withServer { path in
            let socketMode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            let directoryMode = try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int
            #expect(socketMode == 0o600 && directoryMode == 0o700)
        }
    }

    @Test func callsRepliesAndErrors() async throws {
        try await withServer { path in
            let client = try await VarlinkClient.connect(path: path)
            defer { client.close() }
            #expect(try await client.call("test.echo.Echo", EchoService.Text(text: "hi"), returning: EchoService.Text.self).text == "hi")
            await #expect(throws: VarlinkRemoteError(name: "io.uvd.Failed", parameters: ["message": "as asked"])) {
                try await client.call("test.echo.Fail", Empty(), returning: Empty.self)
            }
            await #expect(throws: VarlinkRemoteError(name: "org.varlink.service.InvalidParameter", parameters: ["parameter": "text"])) {
                try await client.call("test.echo.Echo", ["text": 5], returning: Empty.self)
            }
            await #expect(throws: VarlinkRemoteError(name: "org.varlink.service.InterfaceNotFound", parameters: ["interface": "no.such"])) {
                try await client.call("no.such.Thing", Empty(), returning: Empty.self)
            }
            // The connection is still good after errors.
            #expect(
                try await client.call("test.echo.Echo", EchoService.Text(text: "still"), returning: EchoService.Text.self).text == "still")
        }
    }

    @Test func introspection() async throws {
        try await withServer { path in
            let client = try await VarlinkClient.connect(path: path)
            defer { client.close() }
            let info = try await client.call("org.varlink.service.GetInfo", Empty(), returning: VarlinkServer.Info.self)
            #expect(info.interfaces == ["org.varlink.service", "test.echo"])
            struct Description: Decodable { let description: String }
            let description = try await client.call(
                "org.varlink.service.GetInterfaceDescription", ["interface": "test.echo"], returning: Description.self)
            #expect(description.description.hasPrefix("interface test.echo"))
        }
    }

    @Test func streamsWithMore() async throws {
        try await withServer { path in
            let client = try await VarlinkClient.connect(path: path)
            defer { client.close() }
            var seen: [Int] = []
            try await client.stream("test.echo.Count", EchoService.Count(n: 3), returning: EchoService.Count.self) { count in
                seen.append(count.n)
            }
            #expect(seen == [1, 2, 3])
        }
    }

    @Test func garbageAndHugeMessagesAreRefusedAndTheServerLives() async throws {
        try await withServer { path in
            let raw = try await UnixConnection.connect(path: path)
            try await raw.write(Array("not json".utf8) + [0])
            let reply = String(decoding: try await raw.read(), as: UTF8.self)
            #expect(reply.contains("org.varlink.service.InvalidParameter"))
            raw.close()

            let huge = try await UnixConnection.connect(path: path)
            try? await huge.write(Array(repeating: UInt8(ascii: "x"), count: 70_000))
            let hugeReply = String(decoding: (try? await huge.read()) ?? [], as: UTF8.self)
            #expect(hugeReply.contains("over 65536 bytes"))
            huge.close()

            let client = try await VarlinkClient.connect(path: path)
            defer { client.close() }
            #expect(
                try await client.call("test.echo.Echo", EchoService.Text(text: "alive"), returning: EchoService.Text.self).text == "alive")
        }
    }

    @Test func manyClientsAtOnce() async throws {
        try await withServer { path in
            try await withThrowingTaskGroup(of: String.self) { group in
                for i in 0..<50 {
                    group.addTask {
                        let client = try await VarlinkClient.connect(path: path)
                        defer { client.close() }
                        return try await client.call("test.echo.Echo", EchoService.Text(text: "\(i)"), returning: EchoService.Text.self)
                            .text
                    }
                }
                var answers = Set<String>()
                for try await answer in group { answers.insert(answer) }
                #expect(answers.count == 50)
            }
        }
    }

    @Test func aSecondServerOnTheSameSocketIsRefused() async throws {
        try await withServer { path in
            #expect(throws: SocketError.self) { try UnixListener(path: path) }
        }
    }
}
