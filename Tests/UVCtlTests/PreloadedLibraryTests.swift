import Foundation
import TestSupport
import Testing

private let libfaketime = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"

/// A library preloaded into uvctl that changes the environment as it loads (libfaketime does)
/// left the Swift runtime without the arguments: `uvctl burn-time …` read as none and started
/// as the daemon, and ran until killed. It is still uvctl, with its arguments.
@Suite(
    "uvctl under a preloaded library",
    .enabled(if: FileManager.default.fileExists(atPath: libfaketime), "needs libfaketime (Debian package faketime)"))
struct PreloadedLibraryTests {
    @Test func uvctlKeepsItsArguments() throws {
        let runtime = ScratchPath("uvd-preload")
        try FileManager.default.createDirectory(at: runtime.url, withIntermediateDirectories: true)
        // Under `timeout`: were uvctl to start as the daemon again, it would serve until stopped.
        let result = try ToolRunner.run(
            URL(fileURLWithPath: "/usr/bin/timeout"),
            ["20", ToolRunner.uvctl.executable.path, "burn-time", "--skin-type", "II", "--uvi", "9"],
            environment: ToolRunner.baseEnvironment.merging([
                "LD_PRELOAD": libfaketime, "FAKETIME": "@2027-01-15 10:00:00", "XDG_RUNTIME_DIR": runtime.url.path,
            ]) { _, new in new })
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("min"), "\(result.stdout)")
        let version = try ToolRunner.run(
            URL(fileURLWithPath: "/usr/bin/timeout"), ["20", ToolRunner.uvctl.executable.path, "--version"],
            environment: ToolRunner.baseEnvironment.merging(["LD_PRELOAD": libfaketime, "FAKETIME": "-1h"]) { _, new in new })
        #expect(version.status == 0 && !version.stdout.isEmpty, "\(version.stderr)")
    }
}
