import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A notification server that is installed (a D-Bus service file names it) but never comes up,
/// as dunst or mako do on a machine without a display: the bus waits 25 s for each activation.
/// `uvctl doctor` must still answer within 5 s and say so, other clients must not wait, and uvd
/// must stop at once.
@Suite(
    "A notification server that never starts", .serialized,
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon"), "needs dbus-daemon (Debian package dbus)"))
struct DoctorDeadlineTests {
    @Test func doctorAnswersAtOnceAndUvdIsNotHeld() throws {
        let uvd = try DaemonHarness(providers: false)
        let services = uvd.root.appendingPathComponent("dbus-1/services")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        // Never takes the name; ends with the bus (its parent), so nothing outlives the test.
        let exec = "/bin/sh -c 'while kill -0 $PPID 2>/dev/null; do sleep 0.2; done'"
        try "[D-BUS Service]\nName=org.freedesktop.Notifications\nExec=\(exec)\n"
            .write(to: services.appendingPathComponent("broken-notifications.service"), atomically: true, encoding: .utf8)
        let bus = try PrivateSessionBus(in: uvd.root, serviceDirectory: services)
        defer { withExtendedLifetime(bus) {} }
        try uvd.waitFor("the bus") { bus.isListening }
        try uvd.start(extraEnvironment: [
            "DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_DATA_HOME": uvd.root.path, "XDG_DATA_DIRS": uvd.root.path,
        ])

        let output = uvd.root.appendingPathComponent("doctor.json")
        let started = ContinuousClock.now
        let doctor = try ChildProcess(
            ToolRunner.uvctl.executable.path, ["doctor", "--json"], environment: uvd.environment, stdout: output.path, stderr: "/dev/null")
        // Meanwhile another client is answered at once.
        let statusStarted = ContinuousClock.now
        #expect(try uvd.uvctl(["status"]).status == 0)
        #expect(ContinuousClock.now - statusStarted < .seconds(2), "status waited for the doctor")
        _ = doctor.wait()
        #expect(ContinuousClock.now - started < .seconds(5), "doctor took \(ContinuousClock.now - started)")

        let checks =
            try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])["checks"] as? [[String: Any]]
        let server = try #require(checks?.first { $0["name"] as? String == "notification server" })
        #expect(server["result"] as? String == "fail")
        #expect((server["detail"] as? String)?.contains("installed but does not start") == true, "\(server)")
        #expect((server["fix"] as? String)?.contains("in a terminal") == true, "\(server)")

        // Stopping does not wait for the bus's activation time-out either.
        let stopping = ContinuousClock.now
        uvd.kill(SIGTERM)
        #expect(ContinuousClock.now - stopping < .seconds(3), "stopping took \(ContinuousClock.now - stopping)")
    }
}
