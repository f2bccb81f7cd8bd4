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

/// The interface text as a strict client reads it: a parser uvd did not write takes it, and no
/// name is declared twice (systemd 257's `varlinkctl validate-idl` refused 0.4.0's text:
/// "Symbol 'Snooze' defined twice in interface", a type and a method).
@Suite("io.uvd's text read by others")
struct InterfaceValidityTests {
    static let varlinkctl = ["/usr/bin/varlinkctl", "/bin/varlinkctl"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The text `uvd --varlink-interface` prints, in a file of its own.
    static func interfaceFile() throws -> URL {
        let printed = try ToolRunner.uvd.run(["--varlink-interface"])
        try #require(printed.status == 0, "\(printed.stderr)")
        let file = RunDirectory.make("uvd-idl").appendingPathComponent("io.uvd.varlink")
        try printed.stdout.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func pythonVarlinkReadsEveryDeclarationOnce() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: VarlinkClientTests.python.path),
            "run scripts/install-deps first: it makes .build/test-python with the varlink module")
        let script = """
            import json, re, sys, varlink
            text = open(sys.argv[1]).read()
            interface = varlink.Interface(text)
            names = re.findall(r"^(?:type|method|error)\\s+(\\w+)", text, re.M)
            print(json.dumps({"name": interface.name, "members": len(interface.members), "declared": names}))
            """
        let run = try ToolRunner.run(
            VarlinkClientTests.python, ["-c", script, try Self.interfaceFile().path], environment: ToolRunner.baseEnvironment)
        #expect(run.status == 0, "python's varlink parser refused the text: \(run.stderr)")
        let result = try run.json()
        let declared = try #require(result["declared"] as? [String])
        #expect(result["name"] as? String == "io.uvd")
        #expect(declared.count > 60)
        let twice = Set(declared.filter { name in declared.filter { $0 == name }.count > 1 })
        #expect(twice.isEmpty, "declared twice: \(twice.sorted())")
        #expect(result["members"] as? Int == declared.count, "the parser kept fewer members than the text declares")
    }

    @Test(.enabled(if: varlinkctl != nil, "varlinkctl comes with systemd 255 and later (Debian 13); Debian 12 has none"))
    func varlinkctlValidatesTheText() throws {
        let run = try ToolRunner.run(
            URL(fileURLWithPath: try #require(Self.varlinkctl)), ["validate-idl", try Self.interfaceFile().path],
            environment: ToolRunner.baseEnvironment)
        #expect(run.status == 0, "varlinkctl validate-idl: \(run.stderr)")
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
