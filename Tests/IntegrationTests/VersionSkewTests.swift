import Foundation
import TestSupport
import Testing
import UVCore
import UVPlatform
import UVProtocol
import UVVarlink

/// A uvd of another version than uvctl (the package upgraded under a running uvd, which keeps
/// the old binary until restarted) that does not know a call: uvctl says which runs and which
/// is installed, and how to mend it, instead of "method not found".
@Suite("uvctl and a uvd of another version")
struct VersionSkewTests {
    /// Knows none of io.uvd's methods, as an older uvd does not know a newer call.
    struct OlderDaemon: VarlinkService {
        func handle(_ call: VarlinkCall, replies: VarlinkReplies) async throws(VarlinkError) {
            throw .methodNotFound(call.method)
        }
    }

    @Test func aCallTheRunningUvdDoesNotKnowSaysWhichVersionsAndWhatToDo() async throws {
        let scratch = ScratchPath("uvd-skew")
        let runtime = scratch.url.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime.appendingPathComponent("uvd"), withIntermediateDirectories: true)
        chmod(runtime.path, 0o700)
        chmod(runtime.appendingPathComponent("uvd").path, 0o700)
        // Held as a running uvd holds it: uvctl takes a socket without it as no uvd behind it.
        let lock = try InstanceLock(directory: runtime.appendingPathComponent("uvd").path)
        defer { _ = lock }
        let server = VarlinkServer(
            listener: try UnixListener(path: runtime.appendingPathComponent("uvd/io.uvd").path), service: OlderDaemon(),
            interfaceName: UVDInterface.name, interfaceDescription: UVDInterface.description,
            info: .init(vendor: "uvd", product: "uvd", version: "0.1.9", url: "https://example.invalid", interfaces: [UVDInterface.name]),
            log: { _ in })
        let serving = Task { await server.run() }
        defer { serving.cancel() }

        let environment = ["XDG_RUNTIME_DIR": runtime.path, "HOME": scratch.url.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        // uvctl blocks its thread while it runs; the server answers on the tasks' threads.
        let result = try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try ToolRunner.uvctl.run(["mute", "morning"], environment: environment) })
            }.start()
        }
        #expect(result.status == ExitStatus.unavailable.rawValue)
        #expect(
            result.stderr.contains("uvd 0.1.9 runs, \(UVDVersion.string) is installed: systemctl --user restart uvd"), "\(result.stderr)")
        #expect(!result.stderr.contains("MethodNotFound"), "\(result.stderr)")
    }
}
