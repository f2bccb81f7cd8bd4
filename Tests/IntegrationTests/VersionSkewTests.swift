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
        let scratch = ScratchPath("uvd-skew")
        let runtime = scratch.url.appendingPathComponent("run")
        let directory = runtime.appendingPathComponent("uvd")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(runtime.path, 0o700)
        chmod(directory.path, 0o700)
        // In a process of its own, as a real uvd is.
        let older = try ChildProcess(
            "/usr/bin/python3",
            [ProviderFixture.packageRoot.appendingPathComponent("Tests/TestSupport/older_uvd.py").path, directory.path, "0.1.9"],
            environment: ["PATH": "/usr/bin:/bin"], stdout: "/dev/null", stderr: "/dev/null")
        defer {
            older.signal(SIGTERM)
            older.wait()
        }
        _ = eventuallyBlocking { FileManager.default.fileExists(atPath: directory.appendingPathComponent("io.uvd").path) }

        let environment = ["XDG_RUNTIME_DIR": runtime.path, "HOME": scratch.url.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        let result = try ToolRunner.uvctl.run(["mute", "morning"], environment: environment)
        #expect(result.status == ExitStatus.unavailable.rawValue)
        #expect(
            result.stderr.contains("uvd 0.1.9 runs, \(UVDVersion.string) is installed: systemctl --user restart uvd"), "\(result.stderr)")
        #expect(!result.stderr.contains("MethodNotFound"), "\(result.stderr)")
    }
}
