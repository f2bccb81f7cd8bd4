import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A session bus of a test's own, which starts only the services in `serviceDirectory` (none
/// unless given). `dbus-daemon --session` would read the machine's service directories, where
/// dunst and xfce4-notifyd each name org.freedesktop.Notifications: a call to that name before
/// the test's own server took it would have the bus start one of them with its own settings
/// (dunst's alerts then expire after its default 10 s), and the test's server would never get
/// the name. Ended with the value.
public final class PrivateSessionBus: Sendable {
    /// The socket's path; it exists once the bus listens.
    public let path: String
    private let daemon: ChildProcess

    /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
    public var address: String { "unix:path=\(path)" }

    /// Starts the bus listening at `directory/name`, its configuration beside it (`name.conf`).
    public init(
        in directory: URL, name: String = "bus", serviceDirectory: URL? = nil, environment: [String: String] = ["PATH": "/usr/bin:/bin"]
    ) throws {
        path = directory.appendingPathComponent(name).path
        let config = directory.appendingPathComponent("\(name).conf")
        let services = serviceDirectory.map { "  <servicedir>\($0.path)</servicedir>\n" } ?? ""
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:path=\(path)</listen>
        \(services)  <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
        </busconfig>
        """.write(to: config, atomically: true, encoding: .utf8)
        daemon = try ChildProcess(
            "/usr/bin/dbus-daemon", ["--config-file=\(config.path)", "--nofork", "--nopidfile"],
            environment: environment, stdout: "/dev/null", stderr: "/dev/null")
    }

    /// Whether the bus listens yet.
    public var isListening: Bool { FileManager.default.fileExists(atPath: path) }

    deinit {
        daemon.signal(SIGTERM)
        _ = daemon.wait()
    }
}
