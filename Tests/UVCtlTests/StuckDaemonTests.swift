import Foundation
import TestSupport
import Testing

/// A uvd that accepts and never answers: uvctl gives up and says so instead of hanging.
@Suite("uvctl and a stuck uvd")
struct StuckDaemonTests {
    @Test func uvctlGivesUpWithAReason() throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-stuck-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: runtime.appendingPathComponent("uvd"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        let socket = runtime.appendingPathComponent("uvd/io.uvd").path
        let silent = try ChildProcess("/usr/bin/env", ["python3", "-c", """
            import socket, time
            s = socket.socket(socket.AF_UNIX); s.bind(\(socket.debugDescription)); s.listen(8)
            held = []
            while True:
                c, _ = s.accept(); held.append(c)
            """], environment: ProcessInfo.processInfo.environment, stdout: "/dev/null", stderr: "/dev/null")
        defer {
            silent.signal(SIGTERM)
            silent.wait()
        }
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: socket) { usleep(50_000) }
        let start = Date()
        let result = try ToolRunner.uvctl.run(["status"], environment: ["XDG_RUNTIME_DIR": runtime.path, "HOME": runtime.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("uvd did not answer GetStatus within 15 s"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(start) < 40)
    }
}
