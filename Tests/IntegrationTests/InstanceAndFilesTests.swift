import Foundation
import TestSupport
import Testing
import UVCore

#if canImport(Glibc)
    import Glibc
#endif

/// One uvd per user, and everything it makes its user's alone.
@Suite("One instance, private files", .serialized)
struct InstanceAndFilesTests {
    private func mode(_ path: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path.path)[.posixPermissions]) as? Int) ?? -1
    }

    /// Two uvd started at the same moment: one runs, the other says so and exits `alreadyRunning` (75); every round.
    @Test func twoStartedAtOnceLeaveExactlyOne() throws {
        let uvd = try DaemonHarness(providers: false)
        for round in 0..<10 {
            let logs = (0..<2).map { uvd.root.appendingPathComponent("double-\(round)-\($0).log") }
            let processes = try logs.map { log in
                try ChildProcess(ToolRunner.uvd.executable.path, [], environment: uvd.environment, stdout: log.path, stderr: log.path)
            }
            try uvd.waitFor("one of the two to give way") { processes.contains { !$0.isRunning } }
            let loser = try #require(processes.firstIndex { !$0.isRunning })
            #expect(processes[loser].wait() == ExitStatus.alreadyRunning.rawValue, "round \(round)")
            let said = (try? String(contentsOf: logs[loser], encoding: .utf8)) ?? ""
            #expect(said.contains("uvd is already running (pid \(processes[1 - loser].pid))"), "round \(round): \(said)")
            try uvd.waitFor("the other to answer") { try uvd.uvctl(["profile", "show"]).status == 0 }
            #expect(processes[1 - loser].isRunning)
            processes[1 - loser].signal(SIGTERM)
            _ = processes[1 - loser].wait()
        }
    }

    /// uvd killed with -9 while it starts its fetch processes (they start as it starts), 200
    /// times: every restart runs. A child between its clone and its exec shared the `flock`
    /// 0.4 held, and one restart in 300 was refused with exit 75; the record lock is never a
    /// child's, and a `flock` held by no live uvd is waited for.
    @Test func aRestartAfterKillMinusNineAlwaysRuns() throws {
        let uvd = try DaemonHarness()
        var refused: [String] = []
        for round in 0..<200 {
            let log = uvd.root.appendingPathComponent("kill-\(round).log")
            let process = try ChildProcess(
                ToolRunner.uvd.executable.path, [], environment: uvd.environment, stdout: log.path, stderr: log.path)
            // Killed at a moment that moves across its start: from its first instant to well past
            // the first fetch processes.
            usleep(UInt32(round % 20) * 5_000)
            process.signal(SIGKILL)
            let status = process.wait()
            if status != 128 + SIGKILL && status != -SIGKILL && status != SIGKILL {
                refused.append("round \(round): exited \(status): \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
            }
        }
        #expect(refused.isEmpty, "\(refused.prefix(3))")
        // And the one after the last runs and answers.
        try uvd.start()
    }

    /// Under systemd (stderr is the journal, as JOURNAL_STREAM's device and inode say), a start
    /// that cannot go on is said at priority err: the `<3>` prefix journald takes as the line's
    /// priority, so `systemctl --user status uvd` shows it beside the failed unit.
    @Test func aRefusedStartReachesTheJournalAsAnError() throws {
        let uvd = try DaemonHarness(providers: false)
        try uvd.start()
        let log = uvd.root.appendingPathComponent("second.log")
        #expect(FileManager.default.createFile(atPath: log.path, contents: nil))
        var info = stat()
        #expect(stat(log.path, &info) == 0)
        let second = try ChildProcess(
            ToolRunner.uvd.executable.path, [],
            environment: uvd.environment.merging(["JOURNAL_STREAM": "\(info.st_dev):\(info.st_ino)"]) { _, new in new },
            stdout: "/dev/null", stderr: log.path)
        #expect(second.wait() == ExitStatus.alreadyRunning.rawValue)
        let said = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(said.hasPrefix("<3>uvd: uvd is already running (pid "), "\(said)")
        #expect(said.split(separator: "\n").count == 1, "one line: \(said)")
    }

    /// Started with umask 022 and a state directory left 0755: the directory is tightened and
    /// every file uvd writes is 0600.
    @Test func directoriesAre0700AndFiles0600() throws {
        let uvd = try DaemonHarness(providers: false)
        let state = uvd.root.appendingPathComponent("state/uvd")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        chmod(uvd.root.appendingPathComponent("config/uvd").path, 0o755)
        try uvd.start(wrapper: ["/bin/sh", "-c", "umask 022; exec \"$0\""])
        #expect(try uvd.uvctl(["profile", "set", "--skin-type", "III"]).status == 0)
        #expect(mode(state) == 0o700)
        #expect(mode(uvd.root.appendingPathComponent("config/uvd")) == 0o700)
        for file in try FileManager.default.contentsOfDirectory(at: state, includingPropertiesForKeys: nil) {
            #expect(mode(file) == 0o600, "\(file.lastPathComponent) is \(String(mode(file), radix: 8))")
        }
    }

    /// Without XDG_RUNTIME_DIR, uvd makes its own directory in TMPDIR and refuses one it finds
    /// loose or linked, saying what to set.
    @Test func theFallbackRuntimeDirectoryMustBeItsOwn() throws {
        let uvd = try DaemonHarness(providers: false)
        let temporary = uvd.root.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let fallback = temporary.appendingPathComponent("uvd-\(getuid())")
        var environment = uvd.environment
        environment["XDG_RUNTIME_DIR"] = nil
        environment["TMPDIR"] = temporary.path
        let log = uvd.root.appendingPathComponent("fallback.log")
        func run() throws -> (Int32, String) {
            let process = try ChildProcess(ToolRunner.uvd.executable.path, [], environment: environment, stdout: log.path, stderr: log.path)
            try uvd.waitFor("uvd to refuse or to answer") {
                try !process.isRunning || ToolRunner.uvctl.run(["profile", "show"], environment: environment).status == 0
            }
            if process.isRunning { process.signal(SIGTERM) }
            return (process.wait(), (try? String(contentsOf: log, encoding: .utf8)) ?? "")
        }
        try FileManager.default.createDirectory(at: fallback, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        let (loose, looseLog) = try run()
        #expect(loose == 73 && looseLog.contains("expected mode 0700; set XDG_RUNTIME_DIR"), "\(looseLog)")
        try FileManager.default.removeItem(at: fallback)
        try FileManager.default.createSymbolicLink(at: fallback, withDestinationURL: uvd.root)
        let (linked, linkedLog) = try run()
        #expect(linked == 73 && linkedLog.contains("is a symbolic link"), "\(linkedLog)")
        try FileManager.default.removeItem(at: fallback)
        let (made, _) = try run()
        #expect(made == 0)
        #expect(mode(fallback) == 0o700)
    }
}
