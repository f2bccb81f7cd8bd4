import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A private session bus (dbus-daemon) with `notification_server.py` on it: records every
/// Notify and CloseNotification, and presses buttons as a user would.
public final class RecordingNotificationServer: Sendable {
    public static let script = ProviderFixture.packageRoot.appendingPathComponent("Tests/TestSupport/notification_server.py")
    /// Whether this machine can run it: dbus-daemon, and python3-gi at /usr/bin/python3.
    public static let available =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")
        && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/gi")

    public let address: String
    private let log: URL
    private let bus: PrivateSessionBus
    private let server = Mutex<ChildProcess?>(nil)
    private let directory: URL
    private let actions: Bool
    private let inhibited: Bool
    /// What GetServerInformation answers as the server's name ("gnome-shell" to stand for GNOME Shell).
    private let name: String
    /// How long it takes to answer a Notify, in seconds (0: at once).
    private let notifyDelay: Double

    public enum Failure: Error { case timedOut(String) }

    /// Starts both in `directory` (the server only if `serving`), the bus's socket named
    /// `busName` there; `actions: false` leaves "actions" out of the capabilities; `inhibited`
    /// answers KDE Plasma's `Inhibited` with true; `notifyDelay` answers each Notify that many
    /// seconds after it came (it is recorded as it comes), as a busy server does.
    public init(
        in directory: URL, busName: String = "session-bus", actions: Bool = true, serving: Bool = true, inhibited: Bool = false,
        name: String = "recorder", notifyDelay: Double = 0
    ) throws {
        self.name = name
        self.notifyDelay = notifyDelay
        self.directory = directory
        self.actions = actions
        self.inhibited = inhibited
        // A bus that starts nothing: uvd calling the name before the server holds it would have a
        // plain session bus start an installed server (dunst, xfce4-notifyd) instead.
        bus = try PrivateSessionBus(in: directory, name: busName)
        address = bus.address
        log = directory.appendingPathComponent("notifications.jsonl")
        try Self.waitFor("the session bus") { [bus] in bus.isListening }
        if serving { try serve() }
    }

    /// Starts the notification server on the bus and waits until it owns its name.
    public func serve() throws {
        let readyBefore = readyLines()
        let process = try ChildProcess(
            "/usr/bin/python3",
            [Self.script.path, address, log.path, "--name", name, "--notify-delay", String(notifyDelay)] + (actions ? [] : ["--no-actions"])
                + (inhibited ? ["--inhibited"] : []),
            environment: ["PATH": "/usr/bin:/bin"], stdout: "/dev/null",
            stderr: directory.appendingPathComponent("notification-server.err").path)
        server.withLock { $0 = process }
        try Self.waitFor("the notification server") { readyLines() > readyBefore }
    }

    /// Stops the server and starts a new one, which numbers its notifications from 1 again, as
    /// a restarted desktop's server does.
    public func restart() throws {
        if let process = server.withLock({ $0 }) {
            process.signal(SIGTERM)
            _ = process.wait()
        }
        try serve()
    }

    /// Another application shows a notification (app name "other-app").
    public func notifyAsAnotherApplication() throws {
        try run(["--notify-as-other", address])
    }

    private func readyLines() -> Int {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").components(separatedBy: "\"ready\"").count - 1
    }

    /// Every call recorded so far, oldest first (the "ready" lines left out), or those to the
    /// server started `restarts` times after the first.
    public func calls(sinceRestart restarts: Int = 0) -> [[String: Any]] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let entries = text.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
        var started = 0
        return entries.filter { entry in
            if entry["call"] as? String == "ready" { started += 1 }
            return entry["call"] as? String != "ready" && started > restarts
        }
    }

    public func notifications() -> [[String: Any]] { calls().filter { $0["call"] as? String == "Notify" } }

    /// Presses button `key` on notification `id`: the server emits ActionInvoked.
    public func press(_ key: String, on id: Int) throws {
        try run(["--invoke", address, String(id), key])
    }

    /// Lets notification `id` time out, as a server does (reason 1).
    public func expire(_ id: Int) throws {
        try run(["--expire", address, String(id)])
    }

    /// Turns swaync's do-not-disturb on or off (`--name SwayNotificationCenter`), as swaync-client does.
    public func setSwayncDoNotDisturb(_ on: Bool) throws {
        try run(["--swaync-dnd", address, on ? "on" : "off"])
    }

    /// Sets KDE Plasma's `Inhibited` and emits PropertiesChanged, as Plasma does.
    public func setInhibited(_ on: Bool) throws {
        try run(["--set-inhibited", address, on ? "true" : "false"])
    }

    /// Clicks notification `id` (its body, or its entry in a tray) as GNOME Shell 43 handles it.
    public func click(_ id: Int) throws {
        try run(["--click", address, String(id)])
    }

    /// Closes notification `id` as if the user dismissed it.
    public func dismiss(_ id: Int) throws {
        try run(["--dismiss", address, String(id)])
    }

    private func run(_ arguments: [String]) throws {
        let process = try ChildProcess(
            "/usr/bin/python3", [Self.script.path] + arguments, environment: ["PATH": "/usr/bin:/bin"], stdout: "/dev/null",
            stderr: "/dev/null")
        _ = process.wait()
    }

    public static func waitFor(_ what: String, timeout: TimeInterval = 10, _ condition: () -> Bool) throws {
        guard eventuallyBlocking(within: .milliseconds(Int(timeout * 1000)), condition) else { throw Failure.timedOut(what) }
    }

    deinit {
        if let process = server.withLock({ $0 }) {
            process.signal(SIGTERM)
            _ = process.wait()
        }
    }
}
