import ArgumentParser
import FoundationEssentials
import Glibc
import UVCore
import UVPlatform
import UVProtocol
import UVVarlink

/// Calls uvd over its control socket. Every failure becomes a message on standard error and
/// an `ExitStatus`: `unavailable` when uvd is not running, `usage` for a value uvd refuses,
/// `configuration` for a broken configuration, `failure` otherwise.
enum DaemonClient {
    static var socketPath: String { RuntimeDirectory().socketPath }

    /// Connects, and makes sure the one answering is a process of this user: a socket in a
    /// directory someone else made (the /tmp fallback) could be theirs.
    static func connect() async throws -> VarlinkClient {
        do {
            let client = try await VarlinkClient.connect(path: socketPath)
            let owner = try client.peerUID()
            guard owner == getuid() else {
                client.close()
                fail(
                    tr(
                        "the socket %1$@ is served by user %2$@, not by you; refusing to talk to it (set XDG_RUNTIME_DIR to a directory of your own)",
                        socketPath, owner), status: .notPermitted)
            }
            return client
        } catch let error as SocketError where error.code == EACCES || error.code == EPERM {
            // The socket is there, but this user may not reach it: a uvd of another user's.
            fail(
                tr(
                    "permission denied: %1$@ is another user's uvd (set XDG_RUNTIME_DIR to a directory of your own, or run uvctl as that user)",
                    socketPath), status: .notPermitted)
        } catch {
            fail(
                tr(
                    "uvd is not running (no answer at %1$@).\nStart it with `systemctl --user start uvd` (or run `uvd`). The calculators work without it: uvctl forecast --offline, burn-time, sun, skin, guide.",
                    socketPath), status: .unavailable)
        }
    }

    /// A connection to uvd when it runs as this user, else nil (for `watch`, which waits for it).
    static func connectIfOwn() async throws -> VarlinkClient? {
        let client = try await VarlinkClient.connect(path: socketPath)
        guard (try? client.peerUID()) == getuid() else {
            client.close()
            return nil
        }
        return client
    }

    /// uvd's status when it runs and answers as this user within `optionalAnswerLimit`, else nil
    /// (for commands that work without it but prefer what it knows: a socket with no uvd behind
    /// it must not hold them).
    static func statusIfRunning() async -> StatusInfo? {
        await callIfRunning(UVD.GetStatus.self, LocationParameters(location: nil))?.status
    }

    /// uvd's reply to a call when it runs and answers as this user within
    /// `optionalAnswerLimit`, else nil (an older uvd without the method is no answer either).
    static func callIfRunning<Call: UVDCall>(_: Call.Type, _ parameters: Call.Parameters) async -> Call.Reply? {
        guard let client = try? await VarlinkClient.connect(path: socketPath) else { return nil }
        defer { client.close() }
        guard (try? client.peerUID()) == getuid() else { return nil }
        let reply = await firstWithin(optionalAnswerLimit) {
            try? await client.call(Call.qualifiedName, parameters, returning: Call.Reply.self)
        }
        return reply ?? nil
    }

    static let optionalAnswerLimit = Duration.seconds(3)

    /// Calls `io.uvd.METHOD` with the parameters and reply its `UVD` declaration names.
    /// A uvd that does not answer within `answerLimit` (a refresh: `refreshLimit`, the providers'
    /// own deadline and more) is said to be stuck, rather than waited for for ever.
    static let answerLimit = Duration.seconds(15)
    static let refreshLimit = Duration.seconds(75)

    static func call<Call: UVDCall>(_: Call.Type, _ parameters: Call.Parameters) async throws -> Call.Reply {
        let client = try await connect()
        defer { client.close() }
        return try await call(Call.self, sending: parameters, on: client)
    }

    /// The status, and the sentence for a uvd of another version than this uvctl (nil when they
    /// match or uvd does not say). The version comes in `GetStatus`'s reply; a uvd before 0.5.0
    /// leaves it out and is asked `org.varlink.service.GetInfo` on the same connection (within
    /// `optionalAnswerLimit`). Never a second connection, which costs uvd an accept, nor who
    /// holds the instance lock, read from /proc/locks, whose first read in a while waits for
    /// the kernel's RCU grace period (about 8 ms here), as for a person typing `uvctl status`.
    static func statusTellingVersionSkew(_ parameters: LocationParameters) async throws -> (status: StatusInfo, skew: String?) {
        let client = try await connect()
        defer { client.close() }
        // No location is `{}`, sent as `Empty`: no `JSONEncoder` is made (`VarlinkCall.encode`).
        let reply =
            if parameters.location == nil {
                try await call(UVD.GetStatus.self, sending: Empty(), on: client)
            } else {
                try await call(UVD.GetStatus.self, sending: parameters, on: client)
            }
        if let running = reply.version { return (reply.status, VersionSkew.sentence(running: running)) }
        return (reply.status, await versionSkew(on: client))
    }

    /// `Call` with `parameters` (its `Parameters`, or what encodes as they do), on `client`.
    private static func call<Call: UVDCall, Sent: Encodable & Sendable>(_: Call.Type, sending parameters: Sent, on client: VarlinkClient)
        async throws
        -> Call.Reply
    {
        let limit =
            switch Call.name {
            case UVD.Refresh.name: refreshLimit
            // A person has up to 60 s to press a button.
            case UVD.NotifyTest.name: Duration.seconds(75)
            default: answerLimit
            }
        do {
            return try await withThrowingTaskGroup(of: Call.Reply?.self) { group in
                group.addTask { try await client.call(Call.qualifiedName, parameters, returning: Call.Reply.self) }
                group.addTask {
                    try await EventLoop.sleep(for: limit)
                    return nil
                }
                group.addTask {
                    try await notRunningWatch()
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let reply = first else {
                    fail(
                        tr(
                            "uvd did not answer %1$@ within %2$@ s; it may be stuck (see journalctl --user -u uvd, or its terminal)",
                            Call.name, limit.components.seconds), status: .failure)
                }
                return reply
            }
        } catch is VarlinkClosed {
            fail(
                tr(
                    "uvd closed the connection without answering %1$@: it stopped, or failed to start (see systemctl --user status uvd, or journalctl --user -u uvd)",
                    Call.name), status: .unavailable)
        } catch let error as VarlinkRemoteError {
            if ["org.varlink.service.MethodNotFound", "org.varlink.service.InvalidParameter"].contains(error.name) {
                await failOnVersionSkew()
            }
            switch error.name {
            case "io.uvd.InvalidValue", "io.uvd.NoSuchPlace", "org.varlink.service.InvalidParameter":
                fail(error.description, status: .usage)
            case "io.uvd.ConfigInvalid": fail(error.description, status: .configuration)
            default: fail(error.description, status: .failure)
            }
        } catch is DecodingError {
            await failOnVersionSkew()
            fail(tr("uvd's answer to %1$@ could not be read", Call.name), status: .failure)
        }
    }

    /// When the uvd running is another version than this uvctl (the package was upgraded or
    /// removed under a running uvd, which keeps running the old binary), a call it does not know
    /// or an answer this uvctl cannot read is that: said as such, with what mends it.
    static func failOnVersionSkew() async {
        if let skew = await versionSkew() { fail(skew, status: .unavailable) }
    }

    /// The sentence for a uvd of another version than this uvctl, or nil when they match (or
    /// uvd does not say), asked on a connection of its own.
    static func versionSkew() async -> String? {
        guard let client = try? await VarlinkClient.connect(path: socketPath) else { return nil }
        defer { client.close() }
        return await versionSkew(on: client)
    }

    /// The same, asked on `client` (`org.varlink.service.GetInfo`, within `optionalAnswerLimit`).
    private static func versionSkew(on client: VarlinkClient) async -> String? {
        let info = await firstWithin(optionalAnswerLimit) {
            try? await client.call("org.varlink.service.GetInfo", Empty(), returning: VarlinkServer.Info.self)
        }
        guard let running = info??.version else { return nil }
        return VersionSkew.sentence(running: running)
    }

    /// A socket the service manager holds (uvd.socket) takes the call while no uvd runs: when
    /// the service keeps failing to start, the call would wait for ever. uvd takes its instance
    /// lock before anything else, so a lock nobody holds at three looks half a second apart
    /// means no uvd is there to answer; said at once rather than after `answerLimit`.
    private static func notRunningWatch() async throws {
        let runtime = RuntimeDirectory().path
        var unheld = 0
        while true {
            try await EventLoop.sleep(for: .milliseconds(500))
            unheld = InstanceLock.isHeld(in: runtime) == false ? unheld + 1 : 0
            if unheld >= 3 {
                fail(
                    tr(
                        "uvd is not running: its socket took the call, but the service did not start (see systemctl --user status uvd, or journalctl --user -u uvd)"
                    ), status: .unavailable)
            }
        }
    }

    static func fail(_ message: String, status: ExitStatus) -> Never {
        StandardStream.error.write("uvctl: \(message)\n")
        exit(status.rawValue)
    }
}
