import Foundation
import TestSupport
import Testing

@testable import UVBus

/// The session bus is found where the environment says, never started; its arrival is read from
/// the kernel's inotify records.
@Suite struct SessionBusTests {
    /// GLib is opened first, as every path of the daemon's to it opens it (`DesktopLibraries`).
    init() throws { try #require(DesktopLibraries.problem == nil) }

    @Test func theAddressComesFromTheEnvironmentOnly() {
        #expect(SessionBus.address(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x"]) == "unix:path=/x")
        #expect(SessionBus.address(environment: ["XDG_RUNTIME_DIR": "/nonexistent-uvd"]) == nil)
        #expect(SessionBus.address(environment: [:]) == nil)
    }

    /// `$XDG_RUNTIME_DIR/bus` counts only as GLib counts it: a socket (of the user's own), so
    /// that GLib, given no address, connects to the bus uvd found and never autolaunches one.
    @Test func theRuntimeDirectorysBusMustBeASocket() throws {
        let scratch = ScratchPath("uvd-runtime-bus")
        try FileManager.default.createDirectory(at: scratch.url, withIntermediateDirectories: true)
        let bus = scratch.url.appendingPathComponent("bus").path
        let environment = ["XDG_RUNTIME_DIR": scratch.url.path]
        #expect(FileManager.default.createFile(atPath: bus, contents: Data()))
        #expect(SessionBus.address(environment: environment) == nil, "a file named bus is no bus")
        try FileManager.default.removeItem(atPath: bus)

        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            for (index, byte) in bus.utf8.prefix(path.count - 1).enumerated() { path[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        #expect(SessionBus.address(environment: environment) == "unix:path=\(bus)")
    }

    /// `struct inotify_event` records: wd, mask, cookie, len, then the NUL-padded name.
    private func record(_ name: String, padTo length: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for field: UInt32 in [1, 0x100, 0, UInt32(length)] { withUnsafeBytes(of: field.littleEndian) { bytes += $0 } }
        return bytes + Array(name.utf8) + [UInt8](repeating: 0, count: length - name.utf8.count)
    }

    @Test func onlyAnEntryNamedBusCounts() {
        let events = record("bus.lock", padTo: 16) + record("bus", padTo: 16)
        #expect(events.withUnsafeBytes { SessionBus.namesBus($0) })
        #expect(!record("busy", padTo: 16).withUnsafeBytes { SessionBus.namesBus($0) })
        #expect(!record("bus", padTo: 16).dropLast(4).withUnsafeBytes { SessionBus.namesBus($0) }, "a truncated record is not read")
    }
}
