import Foundation
import TestSupport
import Testing
import UVCore

#if canImport(Glibc)
    import Glibc
#endif

/// The installed unit, run as a user manager of systemd 252 (Debian 12) and of 254 or later lays
/// out its file system (`Tests/TestSupport/user_unit.py`: the exec directories of each version,
/// ExecStartPre "+", a read-only home with the writable paths bound over it), for a user with a
/// fresh home and no XDG variables set: uvd must start and keep its state in ~/.local/state/uvd.
@Suite(
    "The user unit, as systemd 252 and 254 run it", .serialized,
    .enabled(
        if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
        "needs unshare(1) and root, for the mount namespace that stands for the unit's sandbox"))
struct UserUnitTests {
    /// A fresh home with only the runtime directory a login makes, and the unit as installed.
    final class FreshHome {
        let root: URL
        let unit: URL
        var environment: [String: String]

        init(unitText: String? = nil) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-unit-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("run"), withIntermediateDirectories: true)
            chmod(root.appendingPathComponent("run").path, 0o700)
            unit = root.appendingPathComponent("uvd.service")
            let source =
                try unitText
                ?? String(contentsOf: ProviderFixture.packageRoot.appendingPathComponent("systemd/uvd.service"), encoding: .utf8)
            try source.replacingOccurrences(of: "@BINDIR@", with: ToolRunner.productsDirectory.path).write(
                to: unit, atomically: true, encoding: .utf8)
            // No network: the providers' default hosts do not resolve without DNS; a closed port is quicker.
            environment = [
                "PATH": "/usr/bin:/bin", "HOME": root.path, "XDG_RUNTIME_DIR": root.appendingPathComponent("run").path,
                "TZ": "Australia/Sydney", "LANG": "C.UTF-8", "INVOCATION_ID": "0123456789abcdef0123456789abcdef",
            ]
        }

        func start(systemd version: Int, log: URL, restarts: Bool = false) throws -> ChildProcess {
            try ChildProcess(
                "/usr/bin/python3",
                [
                    ProviderFixture.packageRoot.appendingPathComponent("Tests/TestSupport/user_unit.py").path, "--systemd", String(version),
                ] + (restarts ? ["--restarts"] : []) + [unit.path],
                environment: environment, stdout: log.path, stderr: log.path)
        }

        deinit { try? FileManager.default.removeItem(at: root) }
    }

    @Test(arguments: [252, 254])
    func startsAndKeepsItsStateInTheStateDirectory(systemd version: Int) throws {
        let home = try FreshHome()
        let log = home.root.appendingPathComponent("unit.log")
        let unit = try home.start(systemd: version, log: log)
        defer {
            unit.signal(SIGTERM)
            unit.wait()
        }
        let logText = { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        let answered = eventuallyBlocking(within: .seconds(15)) {
            unit.isRunning && (try? ToolRunner.uvctl.run(["status"], environment: home.environment))?.status == 0
        }
        #expect(answered, "systemd \(version): uvd did not answer; its log:\n\(logText())")
        unit.signal(SIGTERM)
        #expect(unit.wait() == 0, "\(logText())")
        let state = home.root.appendingPathComponent(".local/state/uvd")
        #expect(FileManager.default.fileExists(atPath: state.appendingPathComponent("uvd.sqlite").path))
        // Nothing of uvd's state in the configuration directory, where 252's StateDirectory= points.
        let config = (try? FileManager.default.contentsOfDirectory(atPath: home.root.appendingPathComponent(".config/uvd").path)) ?? []
        #expect(!config.contains { $0.hasPrefix("uvd.sqlite") }, "\(config)")
        var info = stat()
        #expect(stat(state.path, &info) == 0 && info.st_mode & 0o777 == 0o700)
    }

    /// A permanent failure ends the unit failed within 30 s under both versions, wherever it
    /// lies: on 252 uvd's own check (73, not restarted); from 254 the manager's own directory
    /// set-up (238/STATE_DIRECTORY) before uvd runs, which only the start limit ends. Without
    /// one, a user manager's default limit (5 starts in 10 s) is never reached at RestartSec=5s.
    @Test(arguments: [252, 254])
    func aPermanentFailureEndsTheUnitWithinThirtySeconds(systemd version: Int) throws {
        let home = try FreshHome()
        try FileManager.default.createDirectory(at: home.root.appendingPathComponent(".local"), withIntermediateDirectories: true)
        try Data("not a directory".utf8).write(to: home.root.appendingPathComponent(".local/state"))
        let log = home.root.appendingPathComponent("unit.log")
        let unit = try home.start(systemd: version, log: log, restarts: true)
        let status = unit.wait()
        let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let last = said.split(separator: "\n").last.map(String.init) ?? ""
        #expect(!last.contains("still restarting"), "systemd \(version): \(last)")
        let seconds = last.split(separator: " ").reversed().dropFirst().first.flatMap { Int($0) }
        #expect(try #require(seconds, "\(last)") <= 30, "\(last)")
        if version >= 254 {
            #expect(last.contains("start-limit-hit"), "\(said)")
            #expect(said.contains("Failed to set up special execution directory") && said.contains(": 238"), "\(said)")
        } else {
            #expect(status == ExitStatus.cannotCreate.rawValue, "\(said)")
        }
    }

    /// A crash (here the first start killed by SIGKILL) is restarted, and the unit runs.
    @Test func aCrashIsStillRestarted() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-crash-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: marker) }
        let source = try String(contentsOf: ProviderFixture.packageRoot.appendingPathComponent("systemd/uvd.service"), encoding: .utf8)
        let crashing = source.split(separator: "\n").map { line -> String in
            guard line.hasPrefix("ExecStart=") else { return String(line) }
            return "ExecStart=/bin/sh -c 'test -e \(marker.path) || { touch \(marker.path); kill -9 $$; }'"
        }.joined(separator: "\n")
        let home = try FreshHome(unitText: crashing)
        let log = home.root.appendingPathComponent("unit.log")
        let unit = try home.start(systemd: 254, log: log, restarts: true)
        let status = unit.wait()
        let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(status == 0 && said.contains("ran and exited 0 after 2 starts"), "\(said)")
        #expect(said.contains("status 137") == false, "a SIGKILL is no status the unit stops restarting on")
    }

    /// A state directory the sandbox leaves read-only ($XDG_STATE_HOME elsewhere, on 252) ends in
    /// the permanent status with the drop-in that mends it, not in a restart loop.
    @Test func aStateDirectoryOutsideTheSandboxSaysHowToAllowIt() throws {
        let home = try FreshHome()
        let elsewhere = home.root.appendingPathComponent("data/state")
        home.environment["XDG_STATE_HOME"] = elsewhere.path
        let log = home.root.appendingPathComponent("unit.log")
        let unit = try home.start(systemd: 252, log: log)
        defer {
            unit.signal(SIGTERM)
            unit.wait()
        }
        let status = unit.wait()
        let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(status == ExitStatus.cannotCreate.rawValue, "\(said)")
        #expect(ExitStatus.permanentStartFailures.contains(.cannotCreate))
        #expect(said.contains("ReadWritePaths=\(elsewhere.path)/uvd"), "\(said)")
    }

    /// A state directory that cannot be made at all (here a file stands where ~/.local/state
    /// should be) fails the start in the main process, with the status the unit does not restart
    /// on and the reason at priority err, not in ExecStartPre=, whose failure systemd restarts
    /// whatever it returned (8 restarts in 41 s under a real 252 user manager).
    @Test func aStateDirectoryThatCannotBeMadeFailsWithoutARestartLoop() throws {
        let home = try FreshHome()
        try FileManager.default.createDirectory(at: home.root.appendingPathComponent(".local"), withIntermediateDirectories: true)
        try Data("not a directory".utf8).write(to: home.root.appendingPathComponent(".local/state"))
        let log = home.root.appendingPathComponent("unit.log")
        let unit = try home.start(systemd: 252, log: log)
        defer {
            unit.signal(SIGTERM)
            unit.wait()
        }
        let status = unit.wait()
        let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(status == ExitStatus.cannotCreate.rawValue, "\(said)")
        #expect(!said.contains("user_unit: ExecStartPre= exited"), "\(said)")
        #expect(said.contains(".local/state"), "the reason names the path: \(said)")
    }

    /// The statuses the unit does not restart on are exactly those the code names permanent.
    @Test func restartPreventExitStatusIsTheCodesList() throws {
        let text = try String(contentsOf: ProviderFixture.packageRoot.appendingPathComponent("systemd/uvd.service"), encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("RestartPreventExitStatus=") })
        let listed = line.dropFirst("RestartPreventExitStatus=".count).split(separator: " ").compactMap { Int32($0) }
        #expect(listed == ExitStatus.permanentStartFailures.map(\.rawValue))
    }

    /// State an earlier uvd left in the configuration directory (where $STATE_DIRECTORY points
    /// on systemd < 254) is moved into the state directory, not dropped.
    @Test func formerStateIsMovedIn() throws {
        let home = try FreshHome()
        let seed = home.root.appendingPathComponent("seed")
        try FileManager.default.createDirectory(at: seed, withIntermediateDirectories: true)
        var environment = home.environment
        environment["XDG_STATE_HOME"] = seed.path
        let first = try ChildProcess(ToolRunner.uvd.executable.path, [], environment: environment, stdout: "/dev/null", stderr: "/dev/null")
        _ = eventuallyBlocking(within: .seconds(15)) {
            (try? ToolRunner.uvctl.run(["profile", "set", "--skin-type", "IV"], environment: environment))?.status == 0
        }
        first.signal(SIGTERM)
        #expect(first.wait() == 0)
        let config = home.root.appendingPathComponent(".config/uvd")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: seed.appendingPathComponent("uvd").path) {
            try FileManager.default.moveItem(at: seed.appendingPathComponent("uvd/\(name)"), to: config.appendingPathComponent(name))
        }

        let log = home.root.appendingPathComponent("unit.log")
        let unit = try home.start(systemd: 252, log: log)
        defer {
            unit.signal(SIGTERM)
            unit.wait()
        }
        var profile: ToolRunner.Result?
        _ = eventuallyBlocking(within: .seconds(15)) {
            profile = try? ToolRunner.uvctl.run(["profile", "show"], environment: home.environment)
            return unit.isRunning && profile?.status == 0
        }
        let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(profile?.stdout.contains("IV") == true, "\(profile?.stdout ?? "") \(said)")
        #expect(said.contains("moved the state an earlier uvd kept in \(config.path)"), "\(said)")
        #expect(!FileManager.default.fileExists(atPath: config.appendingPathComponent("uvd.sqlite").path))
    }
}
