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

        // Each forecast provider is asked again by a fetch process and answers (anew, or 304 with
        // what uvd holds). ARPANSA is not counted on: once the start's round has its all-station
        // feed, it asks the station's day series, which no fixture serves, so whether it answers
        // depends on whether that round had ended.
        let refresh = try uvd.uvctl(["refresh", "--json"])
        #expect(refresh.status == 0, "\(refresh.stdout)\(refresh.stderr)")
        let outcomes = try #require(try refresh.json()["outcomes"] as? [[String: Any]])
        for provider in ["open-meteo", "cams"] {
            let result = outcomes.first { $0["provider"] as? String == provider }?["result"] as? String
            #expect(result == "fresh" || result == "not-modified", "\(provider): \(refresh.stdout)")
        }
        #expect(try uvd.uvctl(["status"]).status == 0)
    }
}
