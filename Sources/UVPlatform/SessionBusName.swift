import FoundationEssentials
import UVBus
import UVCore

/// A well-known name on the session bus (`org.freedesktop.Notifications`), as the bus itself sees
/// it: asked of dbus-daemon, never of the name's owner, each call with a deadline, on a connection
/// and a thread of its own (blocking calls), so that a server that is installed but never comes up
/// (the bus waits 25 s for an activation) delays neither the asker nor uvd's executor.
public enum SessionBusName {
    /// Where the name stands.
    public enum State: Equatable, Sendable {
        /// Someone owns it.
        case running
        /// No one does, but a D-Bus service file can start it.
        case installed
        /// No one does, and nothing can start it.
        case absent
        /// The bus could not be asked, and why.
        case unknown(String)
    }

    public static func state(of name: String, within limit: Duration) async -> State {
        await OffThread.run {
            let bus: BusConnection
            switch BusConnection.privateSession() {
            case .success(let connection): bus = connection
            case .failure(let error): return .unknown("session bus: \(error)")
            }
            switch bus.call(.messageBus("NameHasOwner", [.string(name)], reply: "(b)"), within: limit) {
            case .success(let reply) where reply[0]?.boolean == true: return .running
            case .success: break
            case .failure(let error): return .unknown("NameHasOwner: \(error)")
            }
            switch bus.call(.messageBus("ListActivatableNames", [], reply: "(as)"), within: limit) {
            case .success(let reply): return reply[0]?.strings?.contains(name) == true ? .installed : .absent
            case .failure(let error): return .unknown("ListActivatableNames: \(error)")
            }
        }
    }

    /// Asks the bus to start the name's service and waits at most `limit` for it to run; the
    /// bus's own words when it did not.
    public static func start(_ name: String, within limit: Duration) async -> Result<Void, NotStarted> {
        await OffThread.run {
            let bus: BusConnection
            switch BusConnection.privateSession() {
            case .success(let connection): bus = connection
            case .failure(let error): return .failure(NotStarted(timedOut: false, reason: "session bus: \(error)"))
            }
            switch bus.call(.messageBus("StartServiceByName", [.string(name), .uint32(0)], reply: "(u)"), within: limit) {
            case .success: return .success(())
            case .failure(let error): return .failure(NotStarted(timedOut: error.timedOut, reason: "StartServiceByName: \(error)"))
            }
        }
    }

    /// A service that did not start: in time, or at all.
    public struct NotStarted: Error, Sendable, CustomStringConvertible {
        public var timedOut: Bool
        public var reason: String
        public var description: String { reason }
    }

    /// The D-Bus service file that starts a name: where it is, what it runs, and the systemd user
    /// unit it hands the start to, if any (`SystemdService=`).
    public struct ServiceFile: Equatable, Sendable {
        public var path: String
        public var exec: String?
        public var systemdService: String?
    }

    /// The first service file for `name` in the session bus's search path
    /// (`$XDG_DATA_HOME/dbus-1/services`, then each of `$XDG_DATA_DIRS`), read as the D-Bus
    /// specification's "Message Bus Starting Services" lays them out; nil when none names it.
    public static func serviceFile(for name: String, environment: [String: String] = ProcessEnvironment.atStart) -> ServiceFile? {
        let home = environment["HOME"] ?? ""
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        let dataDirs = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share").split(
            separator: ":"
        ).map(String.init)
        for directory in ([dataHome] + dataDirs).map({ $0 + "/dbus-1/services" }) {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for entry in entries.sorted() where entry.hasSuffix(".service") {
                let path = directory + "/" + entry
                guard case .bytes(let bytes) = SmallFile.read(path, maximumSize: 16 << 10) else { continue }
                var fields: [String: String] = [:]
                for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
                    guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { continue }
                    fields[line[..<equals].trimmingSpaces()] = line[line.index(after: equals)...].trimmingSpaces()
                }
                if fields["Name"] == name { return ServiceFile(path: path, exec: fields["Exec"], systemdService: fields["SystemdService"]) }
            }
        }
        return nil
    }
}
