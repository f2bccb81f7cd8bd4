import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A real uvd in a private XDG world: its own config, state, runtime directories and a local
/// fixture server for its providers. uvctl runs against it with the same environment.
final class DaemonHarness {
    let root: URL
    let server: FixtureServer?
    private(set) var process: ChildProcess?
    private(set) var environment: [String: String]
    private let logFile: URL

    /// uvd 0.4's reapply reminders, for the tests of how a notification is delivered, held and
    /// answered: the countdown pops up at 60 and 30 minutes left, wherever the person is (the
    /// default keeps it to the glance while in: `AttentionDayTests`, `OfficeDayLiveTests`).
    static let remindersWhereverYouAre = "[reapply]\ncountdown = true\nindoors = \"pop-up\""

    /// Every provider that is on by default turned off, so that the clear-sky model answers.
    static let noProviders = ["cams", "open-meteo", "arpansa"].map { "[providers.\($0)]\nenabled = false\n" }.joined()

    var configFile: URL { root.appendingPathComponent("config/uvd/config.toml") }
    var socket: URL { root.appendingPathComponent("run/uvd/io.uvd") }
    var database: URL { root.appendingPathComponent("state/uvd/uvd.sqlite") }

    /// - Parameters:
    ///   - providers: serve the real fixtures (rebased to today) at the provider URLs; without
    ///     it the URLs point at a closed port, as with the network unplugged.
    init(
        providers: Bool = true, zone: String = "Australia/Sydney", extraConfig: String = "", failing: [String: String] = [:],
        hanging: [String] = []
    ) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-it-\(UUID().uuidString.prefix(8))")
        for directory in ["config/uvd", "state", "cache", "run"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(directory), withIntermediateDirectories: true)
        }
        chmod(root.appendingPathComponent("run").path, 0o700)
        logFile = root.appendingPathComponent("uvd.log")
        server =
            providers
            ? try FixtureServer(
                routes: [
                    "/v1/forecast": "openmeteo-forecast-hourly-uv-2025-04-14-tidbyt-cyclecast.json",
                    "/v1/air-quality": "cams-air-quality-constructed.json",
                    "/xml/uvvalues.xml": "arpansa-uvvalues-2017-07-13-tarun-pacifica-sunscreen.xml",
                    "/data/3.0/onecall": "owm-onecall3-current-sampleResult.json",
                ], failures: failing, hanging: hanging, rebaseToday: true)
            : nil
        let base = server.map { "http://127.0.0.1:\($0.port)" } ?? "http://127.0.0.1:9"
        try """
        [providers.cams]
        url = "\(base)/v1/air-quality"
        [providers.open-meteo]
        url = "\(base)/v1/forecast"
        [providers.arpansa]
        url = "\(base)/xml/uvvalues.xml"
        [providers.openweathermap]
        url = "\(base)/data/3.0/onecall"
        \(extraConfig)
        """.write(to: root.appendingPathComponent("config/uvd/config.toml"), atomically: true, encoding: .utf8)
        environment = ToolRunner.baseEnvironment.merging([
            "HOME": root.path, "TZ": zone,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_STATE_HOME": root.appendingPathComponent("state").path,
            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
            "XDG_RUNTIME_DIR": root.appendingPathComponent("run").path,
        ]) { _, new in new }
    }

    /// Starts uvd (optionally through a wrapper such as systemd-socket-activate, or another copy
    /// of its binary) and waits for its socket.
    func start(extraEnvironment: [String: String] = [:], wrapper: [String] = [], binary: URL = ToolRunner.uvd.executable) throws {
        let command = wrapper + [binary.path]
        process = try ChildProcess(
            command[0], Array(command.dropFirst()), environment: environment.merging(extraEnvironment) { _, new in new },
            stdout: logFile.path, stderr: logFile.path)
        // Ready means answering: after a kill -9 the old socket file is still there.
        try waitFor("uvd to answer") { try self.uvctl(["profile", "show"]).status == 0 }
    }

    func uvctl(_ arguments: [String]) throws -> ToolRunner.Result {
        try ToolRunner.uvctl.run(arguments, environment: environment)
    }

    /// The daemon's log so far.
    var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// Sends `signal`; for the ones that end uvd, waits until it has: at most 15 s, past the
    /// unit's `TimeoutStopSec` (10 s), after which it is killed as systemd would kill it and the
    /// test fails. A stop that hangs then fails its test instead of holding it, and leaves no uvd.
    func kill(_ signal: Int32) {
        guard let process else { return }
        process.signal(signal)
        guard [SIGKILL, SIGTERM, SIGINT].contains(signal) else { return }
        let deadline = Date().addingTimeInterval(15)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.signal(SIGKILL)
            Issue.record("uvd did not stop within 15 s of signal \(signal); killed")
        }
        process.wait()
        self.process = nil
    }

    func waitFor(_ what: String, timeout: TimeInterval = 15, _ condition: () throws -> Bool) throws {
        guard eventuallyBlocking(within: .milliseconds(Int(timeout * 1000)), condition) else { throw HarnessError.timedOut(what, log) }
    }

    enum HarnessError: Error { case timedOut(String, String) }

    /// A child of uvd (a fetch process) that died by a signal uvd did not send: uvd says so in
    /// its log ("ended by signal"); every test that ran a uvd fails on it.
    deinit {
        process = nil
        let said = log
        if let line = said.split(separator: "\n").first(where: { $0.contains("ended by signal") }) {
            Issue.record("a child of uvd died by a signal: \(line)")
        }
        try? FileManager.default.removeItem(at: root)
    }
}
