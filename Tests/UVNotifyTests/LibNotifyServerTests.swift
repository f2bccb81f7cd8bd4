import Foundation
import TestSupport
import Testing
import UVNotify

/// libnotify for real, against a recording notification server on a private session bus.
/// libnotify binds to one bus per process, so this suite is the only one here that uses it.
@Suite("libnotify on its GLib thread", .serialized, .enabled(if: RecordingNotificationServer.available, "needs dbus-daemon and python3-gi"))
struct LibNotifyServerTests {
    static let directory = RunDirectory.make("uvd-notify")
    static let recorder = try! RecordingNotificationServer(in: directory)
    static let server: LibNotifyServer = {
        setenv("DBUS_SESSION_BUS_ADDRESS", recorder.address, 1)
        return LibNotifyServer(iconDirectory: directory.path)
    }()

    let sample = DesktopNotification(
        summary: "UV up to 9 today", body: "Apply sunscreen before you leave.", icon: "uvd", urgency: .normal,
        category: "x-uvd.leave-home",
        buttons: [.init(key: "applied", label: "Applied sunscreen"), .init(key: "remind", label: "Remind me in 15 min")],
        staysUntilAnswered: true)

    @Test func showReplacePressAndClose() async throws {
        let server = Self.server
        let info = try await server.info().get()
        #expect(info.name == "recorder" && info.supportsActions)

        let id = try await server.show(sample, replacing: nil)
        var changed = sample
        changed.summary = "UV up to 10 today"
        #expect(try await server.show(changed, replacing: id) == id)
        let shown = Self.recorder.notifications()
        #expect(shown.count == 2)
        #expect(shown.last?["replaces"] as? Int == Int(id))
        // Exactly the buttons (no click-on-body "default", which some servers draw as one), and a
        // prompt never expires.
        #expect(shown.last?["actions"] as? [String] == ["applied", "Applied sunscreen", "remind", "Remind me in 15 min"])
        #expect(shown.last?["timeout"] as? Int == 0)
        let hints = shown.last?["hints"] as? [String: Any]
        #expect(
            hints?["desktop-entry"] as? String == "uvd" && hints?["urgency"] as? Int == 1
                && hints?["category"] as? String == "x-uvd.leave-home")

        var events = server.events.makeAsyncIterator()
        try Self.recorder.press("applied", on: Int(id))
        #expect(await events.next() == .action(id: id, key: "applied"))
        try await server.close(id: id)
        #expect(await events.next() == .closed(id: id, reason: .byUvd))

        let other = try await server.show(sample, replacing: nil)
        try Self.recorder.dismiss(Int(other))
        #expect(await events.next() == .closed(id: other, reason: .dismissed))

        var passing = sample
        passing.staysUntilAnswered = false
        let third = try await server.show(passing, replacing: nil)
        #expect(Self.recorder.notifications().last?["timeout"] as? Int == -1)
        try Self.recorder.expire(Int(third))
        #expect(await events.next() == .closed(id: third, reason: .expired))
    }

    /// A picture goes as the image-data hint, pixel for pixel, and as the icon: a PNG file the
    /// server is given by path.
    @Test func aPictureIsSentAsImageDataAndAsTheIcon() async throws {
        var pictured = sample
        pictured.image = DesktopNotification.Image(width: 2, height: 1, rgba: [255, 0, 0, 255, 0, 0, 255, 128])
        _ = try await Self.server.show(pictured, replacing: nil)
        let shown = try #require(Self.recorder.notifications().last)
        let image = try #require((shown["hints"] as? [String: Any])?["image-data"] as? [Any])
        // (iiibiiay): width, height, rowstride, has alpha, bits per sample, channels, the bytes.
        try #require(image.count == 7)
        #expect(image[0] as? Int == 2 && image[1] as? Int == 1 && image[2] as? Int == 8 && image[3] as? Bool == true)
        #expect(image[4] as? Int == 8 && image[5] as? Int == 4)
        #expect(image[6] as? [Int] == [255, 0, 0, 255, 0, 0, 255, 128])
        let icon = try #require(shown["icon"] as? String)
        #expect(icon == Self.directory.appendingPathComponent("uvd-wheel.png").path)
        let png = try Data(contentsOf: URL(fileURLWithPath: icon))
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }
}
