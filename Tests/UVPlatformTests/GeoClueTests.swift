import Foundation
import TestSupport
import Testing
import UVCore

@testable import UVBus
@testable import UVPlatform

#if canImport(Glibc)
    import Glibc
#endif

/// GeoClue's conversation against a stand-in on a private bus that, like GeoClue, finds its
/// position a while after Start and says so with LocationUpdated: uvd waits for that signal.
@Suite(
    .serialized,
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon"), "needs dbus-daemon (Debian package dbus)"))
struct GeoClueTests {
    /// A bus and the stand-in on it, gone when the test ends.
    final class Service {
        let root = RunDirectory.make("uvd-geoclue")
        let bus: ChildProcess
        let geoclue: ChildProcess
        var address: String { "unix:path=\(root.path)/bus" }
        var log: String { (try? String(contentsOf: root.appendingPathComponent("geoclue.log"), encoding: .utf8)) ?? "" }

        init(_ extra: [String] = []) throws {
            let busPath = root.appendingPathComponent("bus").path
            bus = try ChildProcess(
                "/usr/bin/dbus-daemon", ["--session", "--nofork", "--nopidfile", "--address=unix:path=\(busPath)"],
                environment: ["PATH": "/usr/bin:/bin"], stdout: "/dev/null", stderr: "/dev/null")
            let fake = ProviderFixture.packageRoot.appendingPathComponent("Tests/TestSupport/fake_geoclue.py").path
            _ = eventuallyBlocking { FileManager.default.fileExists(atPath: busPath) }
            geoclue = try ChildProcess(
                "/usr/bin/python3",
                [fake, "unix:path=\(busPath)", "-33.8688", "151.2093", root.appendingPathComponent("geoclue.log").path] + extra,
                environment: ["PATH": "/usr/bin:/bin"], stdout: "/dev/null", stderr: root.appendingPathComponent("geoclue.err").path)
            _ = eventuallyBlocking(within: .seconds(25)) { self.log.contains("ready") }
        }

        deinit {
            for child in [geoclue, bus] {
                child.signal(SIGTERM)
                _ = child.wait()
            }
            try? FileManager.default.removeItem(at: root)
        }
    }

    @Test func thePositionComesWithLocationUpdated() throws {
        let service = try Service()
        let bus = try BusConnection.connect(to: service.address).get()
        let located = GeoClue.locate(on: bus, within: .seconds(5))
        #expect(try located.get() == Coordinate(latitude: -33.9, longitude: 151.2))
        #expect(service.log.contains("set DesktopId=uvd") && service.log.contains("set RequestedAccuracyLevel=4"))
        #expect(service.log.contains("signal LocationUpdated") && service.log.contains("call Stop"))
    }

    @Test func noFixMeansNoPositionByTheDeadline() throws {
        let service = try Service(["--no-fix"])
        let bus = try BusConnection.connect(to: service.address).get()
        guard case .failure(let reason) = GeoClue.locate(on: bus, within: .milliseconds(800)) else {
            Issue.record("a position without a fix")
            return
        }
        #expect(reason.description == "GeoClue gave no position in time")
        #expect(service.log.contains("call Stop"))
    }

    @Test func noGeoClueOnTheBusIsSaid() throws {
        let service = try Service()
        let bus = try BusConnection.connect(to: service.address).get()
        service.geoclue.signal(SIGTERM)
        _ = service.geoclue.wait()
        guard case .failure(let reason) = GeoClue.locate(on: bus, within: .seconds(2)) else {
            Issue.record("a position with no GeoClue")
            return
        }
        #expect(reason.description.hasPrefix("GeoClue GetClient: "))
    }
}
