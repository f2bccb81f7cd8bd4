import Foundation
import Testing

@testable import UVPlatform

/// The system time zone read from a made-up /etc, and its changes seen as the link is swapped.
@Suite struct SystemTimeZoneTests {
    let etc = FileManager.default.temporaryDirectory.appendingPathComponent("uvd-etc-\(UUID().uuidString)")
    var localtime: URL { etc.appendingPathComponent("localtime") }

    init() throws {
        try FileManager.default.createDirectory(at: etc, withIntermediateDirectories: true)
    }

    /// As timedatectl does it: a new link beside the old one, renamed over it.
    func point(to zone: String) throws {
        let fresh = etc.appendingPathComponent(".localtime.new")
        try FileManager.default.createSymbolicLink(atPath: fresh.path, withDestinationPath: "../usr/share/zoneinfo/\(zone)")
        guard rename(fresh.path, localtime.path) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }

    @Test func theZoneIsTheLinksTargetUnlessTZSaysOtherwise() throws {
        defer { try? FileManager.default.removeItem(at: etc) }
        try point(to: "Europe/Paris")
        #expect(SystemTimeZone(localtime: localtime, environment: [:]).identifier() == "Europe/Paris")
        #expect(SystemTimeZone(localtime: localtime, environment: ["TZ": ":Asia/Tokyo"]).identifier() == "Asia/Tokyo")
        #expect(SystemTimeZone(localtime: localtime, environment: ["TZ": "Not/AZone"]).identifier() == "Europe/Paris")
    }

    @Test func withoutALinkDebiansTimezoneFileThenUTC() throws {
        defer { try? FileManager.default.removeItem(at: etc) }
        #expect(SystemTimeZone(localtime: localtime, environment: [:]).identifier() == "UTC")
        try "Australia/Sydney\n".write(to: etc.appendingPathComponent("timezone"), atomically: true, encoding: .utf8)
        #expect(SystemTimeZone(localtime: localtime, environment: [:]).identifier() == "Australia/Sydney")
    }

    @Test(.timeLimit(.minutes(1))) func aSwappedLinkIsSeenOnceAndOtherFilesAreNot() async throws {
        defer { try? FileManager.default.removeItem(at: etc) }
        try point(to: "Europe/Paris")
        let changes = try SystemTimeZone(localtime: localtime, environment: [:]).changes()
        var seen = changes.makeAsyncIterator()
        try "nameserver 127.0.0.1\n".write(to: etc.appendingPathComponent("resolv.conf"), atomically: true, encoding: .utf8)
        try point(to: "Europe/Paris")
        try point(to: "Australia/Sydney")
        #expect(await seen.next() == "Australia/Sydney")
        try point(to: "America/New_York")
        #expect(await seen.next() == "America/New_York")
    }

    /// Whether the watch has something to say, without waiting.
    private func readable(_ watch: ZoneLinkWatch) -> Bool {
        var poller = pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) == 1
    }

    /// Writes elsewhere in /etc (and the new link made beside the old one) wake nothing; the
    /// link replaced does, by rename or by unlink and create, and the watch follows it.
    @Test func onlyTheLinkWakesTheWatch() throws {
        defer { try? FileManager.default.removeItem(at: etc) }
        try point(to: "Europe/Paris")
        let watch = try ZoneLinkWatch(localtime: localtime)
        for index in 0..<50 {
            try "nameserver 127.0.0.\(index)\n".write(to: etc.appendingPathComponent("resolv.conf"), atomically: true, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(atPath: etc.appendingPathComponent("unrelated").path, withDestinationPath: "x")
        #expect(!readable(watch), "writes beside the link woke the watch")

        try point(to: "Australia/Sydney")
        #expect(readable(watch))
        try watch.next()
        try watch.next()
        #expect(!readable(watch), "the watch settles on the new link")
        try "x\n".write(to: etc.appendingPathComponent("hosts"), atomically: true, encoding: .utf8)
        #expect(!readable(watch))

        try FileManager.default.removeItem(at: localtime)
        #expect(readable(watch))
        try watch.next()
        try FileManager.default.createSymbolicLink(atPath: localtime.path, withDestinationPath: "../usr/share/zoneinfo/Asia/Tokyo")
        #expect(readable(watch), "a link made where there was none is seen")
    }
}
