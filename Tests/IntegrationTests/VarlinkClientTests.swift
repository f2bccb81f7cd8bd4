import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The `varlink` package from PyPI as an independent client: if it can introspect and call
/// uvd, the protocol is varlink and not merely what uvctl expects.
@Suite("uvd with an independent varlink client", .serialized)
struct VarlinkClientTests {
    static let python = ProviderFixture.packageRoot.appendingPathComponent(".build/test-python/bin/python3")

    @Test func pythonVarlinkIntrospectsAndCalls() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.python.path),
            "run scripts/install-deps first: it makes .build/test-python with the varlink module")
        let uvd = try DaemonHarness(providers: false)
        try uvd.start()
        let script = """
            import json, sys, varlink
            with varlink.Client(address="unix:" + sys.argv[1]) as client:
                with client.open("io.uvd") as uvd:
                    status = uvd.GetStatus()
                    profile = uvd.SetProfile(skinType="IV")
                    try:
                        uvd.SetLocation(place="Xyzzyville")
                        error = None
                    except varlink.VarlinkError as e:
                        error = e.error()
            print(json.dumps({"uvi": status["status"]["uvi"], "skin": profile["profile"]["skinType"], "error": error}))
            """
        let run = try ToolRunner.run(Self.python, ["-c", script, uvd.socket.path], environment: ToolRunner.baseEnvironment)
        #expect(run.status == 0, "python said: \(run.stderr)")
        let result = try run.json()
        #expect(result["uvi"] is Double)
        #expect(result["skin"] as? String == "IV")
        #expect(result["error"] as? String == "io.uvd.NoSuchPlace")
    }
}

/// uvctl run by another user, whose runtime directory (0700) it cannot enter: the connection is
/// refused with EACCES, which is no "uvd is not running".
@Suite(
    "uvctl of another user",
    .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs root and setpriv"))
struct AnotherUsersUvctlTests {
    @Test func permissionDeniedIsSaidAsSuch() throws {
        let uvd = try DaemonHarness(providers: false)
        try uvd.start()
        let run = try ToolRunner.run(
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            ["--reuid=65534", "--regid=65534", "--clear-groups", ToolRunner.uvctl.executable.path, "status"],
            environment: uvd.environment)
        #expect(run.status == 77, "\(run.stderr)")
        #expect(run.stderr.contains("permission denied: \(uvd.socket.path) is another user's uvd"), "\(run.stderr)")
    }
}
