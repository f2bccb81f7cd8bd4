import FoundationEssentials
import Glibc
import UVCore
import UVPlatform
import UVProtocol

/// An error reply from the service.
public struct VarlinkRemoteError: Error, Equatable, CustomStringConvertible {
    /// The fully qualified error name, e.g. `io.uvd.NoSuchPlace`.
    public let name: String
    public let parameters: [String: String]

    public var description: String {
        if let message = parameters["message"] { return message }
        if parameters.isEmpty { return name }
        return "\(name): " + parameters.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }
}

/// The service closed the connection before its reply.
public struct VarlinkClosed: Error, CustomStringConvertible {
    public var description: String { tr("uvd closed the connection") }
}

/// A varlink connection for one caller at a time.
public final class VarlinkClient: Sendable {
    private let connection: UnixConnection

    private init(connection: UnixConnection) {
        self.connection = connection
    }

    public static func connect(path: String) async throws -> VarlinkClient {
        VarlinkClient(connection: try await UnixConnection.connect(path: path))
    }

    /// The uid of the process serving the socket (SO_PEERCRED).
    public func peerUID() throws -> uid_t {
        try connection.peerUID()
    }

    /// Calls `method` and decodes its one reply.
    public func call<P: Encodable, R: Decodable>(_ method: String, _ parameters: P, returning type: R.Type) async throws -> R {
        try await connection.write(VarlinkCall.encode(method: method, parameters: parameters))
        var reader = ReplyReader(connection: connection)
        return try await reader.next(R.self).parameters
    }

    /// Calls `method` with `more` and hands every reply to `each`, in the caller's own task,
    /// until the service says it is the last or closes (thrown as `VarlinkClosed`).
    public func stream<P: Encodable, R: Decodable>(
        _ method: String, _ parameters: P, returning type: R.Type, each: (R) throws -> Void
    ) async throws {
        try await connection.write(VarlinkCall.encode(method: method, parameters: parameters, more: true))
        var reader = ReplyReader(connection: connection)
        while true {
            let reply = try await reader.next(R.self)
            try each(reply.parameters)
            if !reply.continues { return }
        }
    }

    public func close() {
        connection.close()
    }

    /// Reads NUL-terminated replies off the connection.
    private struct ReplyReader {
        let connection: UnixConnection
        var framing = VarlinkFraming(limit: 16 << 20)
        var pending: [[UInt8]] = []

        mutating func next<R: Decodable>(_ type: R.Type) async throws -> (parameters: R, continues: Bool) {
            while pending.isEmpty {
                let bytes = try await connection.read()
                guard !bytes.isEmpty else { throw VarlinkClosed() }
                pending = try framing.append(bytes)
            }
            let message = try WireDecoder.value(pending.removeFirst())
            if let failure = try? WireDecoder.decode(ErrorReply.self, from: message) {
                throw VarlinkRemoteError(name: failure.error, parameters: failure.parameters ?? [:])
            }
            let reply = try WireDecoder.decode(Reply<R>.self, from: message)
            return (reply.parameters, reply.continues ?? false)
        }
    }

    private struct ErrorReply: Decodable {
        let error: String
        let parameters: [String: String]?
    }

    private struct Reply<R: Decodable>: Decodable {
        let parameters: R
        let continues: Bool?
    }
}
