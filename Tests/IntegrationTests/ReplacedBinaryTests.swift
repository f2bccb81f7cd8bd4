import Foundation
import TestSupport
import Testing

/// A package upgraded or removed under a running uvd: the binary's file is gone, and uvd keeps
/// working until it is restarted, its own fetch process included (started from the binary uvd
/// runs, not from the path, which names nothing or the new release).
@Suite("uvd whose binary was removed")
struct ReplacedBinaryTests {
    @Test func keepsFetchingAfterItsBinaryIsRemoved() throws {
        let uvd = try DaemonHarness(providers: true, zone: "Australia/Sydney")
        let copy = uvd.root.appendingPathComponent("bin/uvd")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ToolRunner.uvd.executable, to: copy)
        try uvd.start(binary: copy)
        defer { uvd.kill(SIGTERM) }
        try FileManager.default.removeItem(at: copy)

        let refresh = try uvd.uvctl(["refresh"])
        #expect(refresh.status == 0, "\(refresh.stdout)\(refresh.stderr)")
        #expect(refresh.stdout.contains("stations' measurements"), "\(refresh.stdout)")
        #expect(try uvd.uvctl(["status"]).status == 0)
    }
}
