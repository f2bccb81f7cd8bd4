import Foundation
import UVProtocol
#if canImport(Glibc)
import Glibc
#endif

/// What a varlink service implements: one interface's methods.
public protocol VarlinkService: Sendable {
    /// Answers `call` through `replies`: once, or (for `more` calls) as often as it likes.
    func handle(_ call: VarlinkCall, replies: VarlinkReplies) async throws(VarlinkError)
}

/// Sends replies to the caller of one call.
public struct VarlinkReplies: Sendable {
    let connection: UnixConnection
    let oneway: Bool

    /// Sends `parameters`; `continues` says another reply will follow. Throws once the client is gone.
    public func send<P: Encodable>(_ parameters: P, continues: Bool = false) async throws {
        guard !oneway else { return }
        try await connection.write(try VarlinkReply.encode(parameters, continues: continues))
    }
}

/// Serves a varlink interface on a Unix socket: `org.varlink.service` itself, the service's
/// interface for everything else. Only the owning user may talk to it; a client that sends
/// garbage gets an error and is disconnected; nothing a client does stops the server.
public final class VarlinkServer: Sendable {
    /// `org.varlink.service.GetInfo`'s answer.
    public struct Info: Codable, Sendable {
        public var vendor: String
        public var product: String
        public var version: String
        public var url: String
        public var interfaces: [String]

        public init(vendor: String, product: String, version: String, url: String, interfaces: [String]) {
            self.vendor = vendor
            self.product = product
            self.version = version
            self.url = url
            self.interfaces = interfaces
        }
    }

    private let listener: UnixListener
    private let service: any VarlinkService
    private let interfaceName: String
    private let interfaceDescription: String
    private let info: Info
    private let allowedUID: uid_t
    private let log: @Sendable (String) -> Void

    public init(
        listener: UnixListener, service: any VarlinkService, interfaceName: String, interfaceDescription: String,
        info: Info, allowedUID: uid_t = getuid(), log: @escaping @Sendable (String) -> Void
    ) {
        self.listener = listener
        self.service = service
        self.interfaceName = interfaceName
        self.interfaceDescription = interfaceDescription
        self.info = info
        self.allowedUID = allowedUID
        self.log = log
    }

    /// Accepts and serves connections until the task is cancelled; then closes the socket.
    public func run() async {
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled {
                do {
                    let connection = try await listener.accept()
                    group.addTask { await self.serve(connection) }
                } catch is Readiness.Cancelled {
                    break
                } catch {
                    log("control socket: \(error)")
                    try? await Task.sleep(for: .milliseconds(100))
                }
            }
            group.cancelAll()
        }
        listener.close()
    }

    private func serve(_ connection: UnixConnection) async {
        defer { connection.close() }
        guard let uid = try? connection.peerUID(), uid == allowedUID else {
            try? await connection.write(VarlinkReply.encode(.permissionDenied))
            log("control socket: refused a client of another user")
            return
        }
        var framing = VarlinkFraming()
        while !Task.isCancelled {
            let bytes: [UInt8]
            do {
                bytes = try await connection.read()
            } catch {
                return
            }
            if bytes.isEmpty { return }
            let messages: [[UInt8]]
            do {
                messages = try framing.append(bytes)
            } catch {
                try? await connection.write(VarlinkReply.encode(.invalidMessage("a message is over \(framing.limit) bytes")))
                return
            }
            for message in messages {
                do {
                    let call = try VarlinkCall(decoding: Data(message))
                    try await dispatch(call, VarlinkReplies(connection: connection, oneway: call.oneway))
                } catch let error as VarlinkError {
                    try? await connection.write(VarlinkReply.encode(error))
                    if case .invalidMessage = error { return }
                } catch {
                    return
                }
            }
        }
    }

    private func dispatch(_ call: VarlinkCall, _ replies: VarlinkReplies) async throws {
        let interface = call.method.split(separator: ".").dropLast().joined(separator: ".")
        switch (interface, call.method) {
        case ("org.varlink.service", "org.varlink.service.GetInfo"):
            try await replies.send(info)
        case ("org.varlink.service", "org.varlink.service.GetInterfaceDescription"):
            let requested = try call.decodeParameters(InterfaceRequest.self).interface
            switch requested {
            case interfaceName: try await replies.send(InterfaceDescription(description: interfaceDescription))
            case "org.varlink.service": try await replies.send(InterfaceDescription(description: Self.serviceDescription))
            default: throw VarlinkError.interfaceNotFound(requested)
            }
        case ("org.varlink.service", _):
            throw VarlinkError.methodNotFound(call.method)
        case (interfaceName, _):
            try await service.handle(call, replies: replies)
        default:
            throw VarlinkError.interfaceNotFound(interface)
        }
    }

    private struct InterfaceRequest: Decodable {
        let interface: String
    }

    private struct InterfaceDescription: Encodable {
        let description: String
    }

    /// org.varlink.service as the varlink specification defines it.
    static let serviceDescription = """
        # The Varlink Service Interface is provided by every varlink service.
        interface org.varlink.service

        method GetInfo() -> (vendor: string, product: string, version: string, url: string, interfaces: []string)

        method GetInterfaceDescription(interface: string) -> (description: string)

        error InterfaceNotFound (interface: string)

        error MethodNotFound (method: string)

        error MethodNotImplemented (method: string)

        error InvalidParameter (parameter: string)

        error PermissionDenied ()

        error ExpectedMore ()
        """
}
