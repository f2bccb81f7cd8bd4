import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Files that aborted uvd inside the old TOML parser, on reload and then at every start.
@Suite("uvd and a malformed config.toml", .serialized)
struct HostileConfigTests {
    @Test(arguments: ["[[[\n", "a=[}\n", "\u{0}garbage"])
    func aReloadRefusesItAndARestartKeepsTheLastGood(_ text: String) throws {
        let uvd = try DaemonHarness(providers: false)
        try uvd.start()
        try "[refresh]\ndaily_budget = 12\n".write(to: uvd.configFile, atomically: true, encoding: .utf8)
        #expect(try uvd.uvctl(["reload"]).status == 0)
        try Data(text.utf8).write(to: uvd.configFile)
        let reload = try uvd.uvctl(["reload"])
        #expect(reload.status == 78 && reload.stderr.contains("config.toml:1:"), "\(reload.stderr)")
        uvd.kill(SIGHUP)
        try uvd.waitFor("the refusal in the log") { uvd.log.contains("keeping the last good one") }
        #expect(try uvd.uvctl(["status"]).status == 0)
        uvd.kill(SIGTERM)
        try uvd.start()
        #expect(uvd.log.contains("starting on the last good one"))
        #expect(try uvd.uvctl(["status"]).status == 0)
    }
}
