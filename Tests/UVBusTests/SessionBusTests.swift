import Testing

@testable import UVBus

/// The session bus is found where the environment says, never started; its arrival is read from
/// the kernel's inotify records.
@Suite struct SessionBusTests {
    @Test func theAddressComesFromTheEnvironmentOnly() {
        #expect(SessionBus.address(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x"]) == "unix:path=/x")
        #expect(SessionBus.address(environment: ["XDG_RUNTIME_DIR": "/nonexistent-uvd"]) == nil)
        #expect(SessionBus.address(environment: [:]) == nil)
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
