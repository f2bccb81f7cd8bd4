import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// GeoClue2 on a private bus (dbus-daemon and a stand-in service): uvd asks for a city-level
/// position after READY and uses it, rounded, instead of the time zone's place.
@Suite("GeoClue2", .serialized)
struct GeoClueTests {
    static let fake = ProviderFixture.packageRoot.appendingPathComponent("Tests/TestSupport/fake_geoclue.py")

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon"), "needs dbus-daemon (Debian package dbus)"))
    func positionFromGeoClue() throws {
        let uvd = try DaemonHarness(providers: false, zone: "Etc/UTC")
        let busPath = uvd.root.appendingPathComponent("bus").path
        let calls = uvd.root.appendingPathComponent("geoclue.log")
        let bus = try ChildProcess(
            "/usr/bin/dbus-daemon", ["--session", "--nofork", "--nopidfile", "--address=unix:path=\(busPath)"],
            environment: ["PATH": "/usr/bin:/bin"], stdout: "/dev/null", stderr: "/dev/null")
        defer {
            bus.signal(SIGTERM)
            bus.wait()
        }
        try uvd.waitFor("the bus") { FileManager.default.fileExists(atPath: busPath) }
        let geoclue = try ChildProcess(
            "/usr/bin/python3", [Self.fake.path, "unix:path=\(busPath)", "-33.8688", "151.2093", calls.path],
            environment: ["PATH": "/usr/bin:/bin"], stdout: "/dev/null", stderr: uvd.root.appendingPathComponent("geoclue.err").path)
        defer {
            geoclue.signal(SIGTERM)
            geoclue.wait()
        }
        let log = { (try? String(contentsOf: calls, encoding: .utf8)) ?? "" }
        try uvd.waitFor("the stand-in GeoClue") { log().contains("ready") }

        try uvd.start(extraEnvironment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(busPath)"])
        try uvd.waitFor("the GeoClue place") {
            (try uvd.uvctl(["status", "--json"]).json()["location"] as? [String: Any])?["source"] as? String == "geoclue"
        }
        let location = try #require(try uvd.uvctl(["status", "--json"]).json()["location"] as? [String: Any])
        #expect(location["name"] as? String == "Sydney, Australia")
        #expect(location["latitude"] as? Double == -33.9 && location["longitude"] as? Double == 151.2)
        #expect(location["timeZone"] as? String == "Australia/Sydney")
        #expect(log().contains("set DesktopId=uvd") && log().contains("set RequestedAccuracyLevel=4"))
        try uvd.waitFor("Stop") { log().contains("call Stop") }
    }

    @Test func withoutGeoClueTheTimeZoneDecides() throws {
        let uvd = try DaemonHarness(providers: false, zone: "Europe/Paris")
        try uvd.start(extraEnvironment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(uvd.root.path)/no-bus"])
        try uvd.waitFor("the GeoClue attempt") { uvd.log.contains("GeoClue: system bus") }
        let location = try #require(try uvd.uvctl(["status", "--json"]).json()["location"] as? [String: Any])
        #expect(location["source"] as? String == "time-zone" && location["name"] as? String == "Paris")
    }

    @Test func offInTheConfigurationMeansNotAsked() throws {
        let uvd = try DaemonHarness(providers: false, extraConfig: "[location]\ngeoclue = false")
        try uvd.start(extraEnvironment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(uvd.root.path)/no-bus"])
        #expect(try uvd.uvctl(["location", "set", "Perth"]).status == 0)
        // By the time the new place is logged, an attempt (which fails at once without a bus) would be too.
        try uvd.waitFor("the new place") { uvd.log.contains("location: Perth") }
        #expect(!uvd.log.contains("GeoClue"))
    }
}
