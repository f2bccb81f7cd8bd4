import FoundationEssentials
import UVPlatform
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

    /// Sends `parameters`; `continues` says another reply will follow. Throws once the client is
    /// gone, and for a oneway call at the first continued reply: a stream no one reads ends there.
    public func send<P: Encodable>(_ parameters: P, continues: Bool = false) async throws {
        guard !oneway else {
            if continues { throw NoOneListens() }
            return
        }
        try await connection.write(try VarlinkReply.encode(parameters, continues: continues))
    }

    /// A oneway call asked for more replies: there is no one to send them to.
    public struct NoOneListens: Error {}
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
    /// When `accept` fails (at the descriptor limit, say), it waits longer after each failure
    /// and says so once, until a connection is accepted again.
    public func run() async {
        await withDiscardingTaskGroup { group in
            var backoff = AcceptBackoff()
            while !Task.isCancelled {
                do {
                    let connection = try await listener.accept()
                    if let recovered = backoff.succeeded() { log("control socket: accepting again after \(recovered) failures") }
                    group.addTask { await self.serve(connection) }
                } catch is Readiness.Cancelled {
                    break
                } catch {
                    let delay = backoff.failed()
                    if backoff.failures == 1 {
                        log("control socket: \(error); retrying with a growing pause (up to \(AcceptBackoff.longest))")
                    }
                    try? await EventLoop.sleep(for: delay)
                }
            }
            group.cancelAll()
        }
        listener.close()
    }

    private func serve(_ connection: UnixConnection) async {
        defer { connection.close() }
        guard let uid = try? connection.peerUID(), uid == allowedUID else {
            await refuse(connection)
            return
        }
        var framing = VarlinkFraming()
        var queue: [[UInt8]] = []
        while !Task.isCancelled {
            do {
                if queue.isEmpty {
                    let bytes = try await connection.read()
                    if bytes.isEmpty { return }
                    queue = try framing.append(bytes)
                    continue
                }
                guard try await handle(queue.removeFirst(), connection, framing: &framing, queue: &queue) else { return }
            } catch is VarlinkFraming.Oversized {
                try? await connection.write(VarlinkReply.encode(.invalidMessage("a message is over \(framing.limit) bytes")))
                return
            } catch {
                return
            }
        }
    }

    /// How long a refused client is given to send its call before it is answered anyway.
    static let refusalWait: Duration = .seconds(2)

    /// A client of another user (root too) is answered PermissionDenied, after its first call is
    /// read: a Unix socket closed with unread bytes resets the connection, and the client would
    /// read ECONNRESET instead of the answer.
    private func refuse(_ connection: UnixConnection) async {
        _ = await firstWithin(Self.refusalWait) {
            var framing = VarlinkFraming()
            while let bytes = try? await connection.read(), !bytes.isEmpty {
                guard let messages = try? framing.append(bytes), messages.isEmpty else { return }
            }
        }
        try? await connection.write(VarlinkReply.encode(.permissionDenied))
        log("control socket: refused a client of another user")
    }

    /// One message: decoded, dispatched, answered (never for a oneway call). False when the
    /// connection should end.
    private func handle(
        _ message: [UInt8], _ connection: UnixConnection, framing: inout VarlinkFraming, queue: inout [[UInt8]]
    ) async throws -> Bool {
        var oneway = false
        do {
            let call = try VarlinkCall(decoding: Data(message))
            oneway = call.oneway
            let replies = VarlinkReplies(connection: connection, oneway: call.oneway)
            if call.more && !call.oneway {
                return try await streamUntilHangUp(call, replies, framing: &framing, queue: &queue)
            }
            try await dispatch(call, replies)
            return true
        } catch let error as VarlinkError {
            if !oneway { try await connection.write(VarlinkReply.encode(error)) }
            if case .invalidMessage = error { return false }
            return true
        } catch is VarlinkReplies.NoOneListens {
            return true
        }
    }

    /// Runs a `more` call while watching the connection: when the client hangs up, the call is
    /// cancelled at once rather than at its next reply. Calls the client sends meanwhile are
    /// queued for after it. False when the client is gone.
    private func streamUntilHangUp(
        _ call: VarlinkCall, _ replies: VarlinkReplies, framing: inout VarlinkFraming, queue: inout [[UInt8]]
    ) async throws -> Bool {
        enum Outcome: Sendable {
            case finished((any Error)?)
            case hungUp
            case read([UInt8])
        }
        let connection = replies.connection
        let outcomes = await withTaskGroup(of: Outcome.self) { group in
            group.addTask {
                do {
                    try await self.dispatch(call, replies)
                    return .finished(nil)
                } catch {
                    return .finished(error)
                }
            }
            group.addTask {
                var received: [UInt8] = []
                while true {
                    guard let bytes = try? await connection.read() else { return .read(received) }
                    if bytes.isEmpty { return .hungUp }
                    received += bytes
                }
            }
            var outcomes: [Outcome] = []
            if let first = await group.next() { outcomes.append(first) }
            group.cancelAll()
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        var finishedWith: (any Error)?
        for outcome in outcomes {
            switch outcome {
            case .hungUp: return false
            case .read(let bytes): queue += try framing.append(bytes)
            case .finished(let error): finishedWith = error
            }
        }
        if let finishedWith { throw finishedWith }
        return true
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
