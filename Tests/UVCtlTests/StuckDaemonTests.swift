import Foundation
import TestSupport
import Testing

/// A uvd that accepts and never answers: uvctl gives up and says so instead of hanging.
@Suite("uvctl and a stuck uvd")
struct StuckDaemonTests {
    /// A stand-in for uvd at the socket that takes connections and never answers; with `lock`,
    /// it holds uvd's instance lock as a running uvd does.
    private func silentServer(at runtime: URL, lock: Bool) throws -> ChildProcess {
        let socket = runtime.appendingPathComponent("uvd/io.uvd").path
        let locking =
            lock
            ? "import fcntl; f = open(\(runtime.appendingPathComponent("uvd/uvd.lock").path.debugDescription), 'w'); fcntl.flock(f, fcntl.LOCK_EX)"
            : "pass"
        let silent = try ChildProcess(
            "/usr/bin/env",
            [
                "python3", "-c",
                """
                import socket, time
                \(locking)
                s = socket.socket(socket.AF_UNIX); s.bind(\(socket.debugDescription)); s.listen(8)
                held = []
                while True:
                    c, _ = s.accept(); held.append(c)
                """,
            ], environment: ProcessInfo.processInfo.environment, stdout: "/dev/null", stderr: "/dev/null")
        _ = eventuallyBlocking { FileManager.default.fileExists(atPath: socket) }
        return silent
    }

    /// uvd.socket with a service that keeps failing: the socket takes the call, and no uvd is
    /// there to answer. Said within seconds, not after the 15 s limit as "may be stuck".
    @Test func aSocketWithNoUvdBehindItIsSaidAtOnce() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-nobody-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime.appendingPathComponent("uvd"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        let silent = try silentServer(at: runtime, lock: false)
        defer {
            silent.signal(SIGTERM)
            silent.wait()
        }
        let start = Date()
        let result = try ToolRunner.uvctl.run(["status"], environment: ["XDG_RUNTIME_DIR": runtime.path, "HOME": runtime.path])
        #expect(result.status == 69)
        #expect(result.stderr.contains("uvd is not running: its socket took the call, but the service did not start"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func uvctlGivesUpWithAReason() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-stuck-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime.appendingPathComponent("uvd"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        let silent = try silentServer(at: runtime, lock: true)
        defer {
            silent.signal(SIGTERM)
            silent.wait()
        }
        let start = Date()
        let result = try ToolRunner.uvctl.run(["status"], environment: ["XDG_RUNTIME_DIR": runtime.path, "HOME": runtime.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("uvd did not answer GetStatus within 15 s"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(start) < 40)
    }
}
