import Foundation
import TestSupport
import Testing
import UVCore

#if canImport(Glibc)
    import Glibc
#endif

/// A uvd of another version than uvctl (the package upgraded under a running uvd, which keeps
/// the old binary until restarted) that does not know a call: uvctl says which runs and which
/// is installed, and how to mend it, instead of "method not found".
@Suite("uvctl and a uvd of another version")
struct VersionSkewTests {
    @Test func aCallTheRunningUvdDoesNotKnowSaysWhichVersionsAndWhatToDo() throws {
        let older = try OlderUvd()
        let result = try ToolRunner.uvctl.run(["mute", "morning"], environment: older.environment)
        #expect(result.status == ExitStatus.unavailable.rawValue)
        #expect(
            result.stderr.contains("uvd 0.1.9 runs, \(UVDVersion.string) is installed: systemctl --user restart uvd"), "\(result.stderr)")
        #expect(!result.stderr.contains("MethodNotFound"), "\(result.stderr)")
    }

    /// Plain `uvctl status`, as people type it, asks uvd its version after the status and on the
    /// same connection: an older uvd that answers the status (a real one's, as `uvctl status
    /// --json` printed it) gets one connection, and the status is followed by which versions run.
    @Test func plainStatusSaysWhichVersionsRunAfterTheStatusOnOneConnection() throws {
        let uvd = try DaemonHarness()
        try uvd.start()
        let printed = try uvd.uvctl(["status", "--json"])
        uvd.kill(SIGTERM)
        #expect(printed.status == 0, "\(printed.stderr)")
        let older = try OlderUvd(status: printed.stdout)
        let result = try ToolRunner.uvctl.run(["status"], environment: older.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("UV ") == true, "\(result.stdout)")
        #expect(lines.last?.hasPrefix("uvd 0.1.9 runs, \(UVDVersion.string) is installed: ") == true, "\(result.stdout)")
        #expect(older.connections == 1)
    }

    /// Who holds a file lock is read from /proc/locks, whose first read in a while waits for the
    /// kernel's RCU grace period (about 8 ms on the machine the tests were written on, twice all
    /// else `uvctl status` does): plain `uvctl status` reads no such table, connects once and
    /// makes one call, its version coming with the status.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "needs strace (Debian package strace)"))
    func plainStatusReadsNoLockTableAndCallsOnce() throws {
        let uvd = try DaemonHarness()
        try uvd.start()
        defer { uvd.kill(SIGTERM) }
        let scratch = ScratchPath("uvd-status-trace")
        try FileManager.default.createDirectory(at: scratch.url, withIntermediateDirectories: true)
        let trace = scratch.url.appendingPathComponent("trace")
        let result = try ToolRunner.run(
            URL(fileURLWithPath: "/usr/bin/strace"),
            ["-f", "-s", "256", "-e", "trace=openat,connect,sendto,write", "-o", trace.path, ToolRunner.uvctl.executable.path, "status"],
            environment: ToolRunner.baseEnvironment.merging(uvd.environment) { _, new in new })
        #expect(result.status == 0, "\(result.stderr)")
        let calls = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
        #expect(!calls.contains { $0.contains("/proc/locks") }, "\(calls.joined(separator: "\n"))")
        #expect(calls.filter { $0.contains("connect(") && $0.contains("io.uvd") }.count == 1, "\(calls.joined(separator: "\n"))")
        #expect(calls.filter { $0.contains(#"\"method\":"#) }.count == 1, "\(calls.joined(separator: "\n"))")
        #expect(!calls.contains { $0.contains("GetInfo") }, "\(calls.joined(separator: "\n"))")
    }
}

/// `older_uvd.py` answering as uvd 0.1.9 in a runtime directory of its own, in a process of its
/// own as a real uvd is, until this value goes; with `status` (a status object as `uvctl status
/// --json` prints it) it answers `GetStatus` with that.
private final class OlderUvd {
    private let scratch = ScratchPath("uvd-skew")
    private let process: ChildProcess
    private let output: URL
    /// For uvctl: the runtime directory it serves in, and a home of the test's own.
    let environment: [String: String]

    init(status: String? = nil) throws {
        let runtime = scratch.url.appendingPathComponent("run")
        let directory = runtime.appendingPathComponent("uvd")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(runtime.path, 0o700)
        chmod(directory.path, 0o700)
        var arguments = [
            ProviderFixture.packageRoot.appendingPathComponent("Tests/TestSupport/older_uvd.py").path, directory.path, "0.1.9",
        ]
        if let status {
            let file = scratch.url.appendingPathComponent("status.json")
            try Data(status.utf8).write(to: file)
            arguments.append(file.path)
        }
        output = scratch.url.appendingPathComponent("output")
        process = try ChildProcess(
            "/usr/bin/python3", arguments, environment: ["PATH": "/usr/bin:/bin"], stdout: output.path, stderr: "/dev/null")
        _ = eventuallyBlocking { FileManager.default.fileExists(atPath: directory.appendingPathComponent("io.uvd").path) }
        environment = ["XDG_RUNTIME_DIR": runtime.path, "HOME": scratch.url.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
    }

    /// The connections it has accepted (a line "connection" each in its output).
    var connections: Int {
        ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0 == "connection" }.count
    }

    deinit {
        process.signal(SIGTERM)
        process.wait()
    }
}
