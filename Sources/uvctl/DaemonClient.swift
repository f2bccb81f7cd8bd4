import ArgumentParser
import Foundation
import UVCore
import UVPlatform
import UVProtocol

/// Calls uvd over its control socket. Every failure becomes a message on standard error and
/// an exit status: 69 when uvd is not running, 64 for a value uvd refuses, 78 for a broken
/// configuration, 1 otherwise.
enum DaemonClient {
    static var socketPath: String { XDGPaths().socket.path }

    static func connect() async throws -> VarlinkClient {
        do {
            return try await VarlinkClient.connect(path: socketPath)
        } catch {
            fail(tr("uvd is not running (no answer at %1$@).\nStart it with `systemctl --user start uvd` (or run `uvd`). The calculators work without it: uvctl forecast --offline, burn-time, sun, skin, guide.", socketPath), status: 69)
        }
    }

    /// Calls `io.uvd.METHOD` and decodes the whole reply.
    static func call<P: Encodable, R: Decodable>(_ method: String, _ parameters: P, returning type: R.Type) async throws -> R {
        let client = try await connect()
        defer { client.close() }
        do {
            return try await client.call("\(UVDInterface.name).\(method)", parameters, returning: type)
        } catch let error as VarlinkRemoteError {
            switch error.name {
            case "io.uvd.InvalidValue", "io.uvd.NoSuchPlace", "org.varlink.service.InvalidParameter": fail(error.description, status: 64)
            case "io.uvd.ConfigInvalid": fail(error.description, status: 78)
            default: fail(error.description, status: 1)
            }
        }
    }

    /// Calls `io.uvd.METHOD` and decodes the reply's one field `key`.
    static func call<P: Encodable, R: Decodable>(_ method: String, _ parameters: P, key: String, returning type: R.Type) async throws -> R {
        let reply = try await call(method, parameters, returning: [String: R].self)
        guard let value = reply[key] else { fail(tr("uvd's reply to %1$@ lacks '%2$@'", method, key), status: 1) }
        return value
    }

    static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data("uvctl: \(message)\n".utf8))
        exit(status)
    }
}
