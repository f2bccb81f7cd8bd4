import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A private session bus with the tests' notification server and tray watcher on it
/// (dbus-daemon, `Tests/TestSupport/notification_server.py` and `sni_watcher.py`): the everyday
/// desktop, for measuring what uvd costs idle when it has a bus to watch, a notification on
/// screen and its tray item shown.
final class SessionBus: Sendable {
    let address: String
    private let directory: String
    private let daemon: pid_t
    private let server: pid_t
    private let watcher: pid_t

    /// Why this machine cannot run one, or nil when it can.
    static var missing: String? {
        let python = "/usr/lib/python3/dist-packages/gi"
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon"), FileManager.default.fileExists(atPath: python) else {
            return "needs dbus-daemon and python3-gi (sudo apt install dbus python3-gi)"
        }
        return nil
    }

    /// Starts the bus in `directory` and waits until the server owns its name (at most 5 s each).
    init(in directory: String) throws {
        self.directory = directory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let socket = "\(directory)/bus"
        address = "unix:path=\(socket)"
        let environment = ["PATH": "/usr/bin:/bin"]
        daemon = try RunningDaemon.spawn(
            "/usr/bin/dbus-daemon", ["--session", "--nofork", "--address=\(address)"], environment: environment)
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: socket) { usleep(50_000) }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/TestSupport/notification_server.py").path
        let log = "\(directory)/notifications.log"
        server = try RunningDaemon.spawn("/usr/bin/python3", [script, address, log], environment: environment)
        let watcherScript = URL(fileURLWithPath: script).deletingLastPathComponent().appendingPathComponent("sni_watcher.py").path
        watcher = try RunningDaemon.spawn("/usr/bin/python3", [watcherScript, address, "\(directory)/tray.log"], environment: environment)
        for _ in 0..<100 where !((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("\"ready\"") { usleep(50_000) }
        guard ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("\"ready\"") else {
            stop()
            throw RunningDaemon.Failure(description: "the notification server did not start on \(address)")
        }
    }

    /// Whether uvd registered its tray item with the watcher (under its connection's unique name,
    /// a line `{"register": ":1.3", "sender": ":1.3"}`).
    var trayRegistered: Bool {
        ((try? String(contentsOfFile: "\(directory)/tray.log", encoding: .utf8)) ?? "").contains(#""register""#)
    }

    /// How many notifications the server was asked to show.
    var notificationsShown: Int {
        let log = (try? String(contentsOfFile: "\(directory)/notifications.log", encoding: .utf8)) ?? ""
        return log.split(separator: "\n").count { $0.contains(#""call": "Notify""#) }
    }

    func stop() {
        for pid in [watcher, server, daemon] where pid > 0 {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        try? FileManager.default.removeItem(atPath: directory)
    }
}
