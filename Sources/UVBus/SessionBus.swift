internal import CGLib
import FoundationEssentials
import Glibc

/// Where the user's session bus is, and the moment one appears. uvd never starts a session bus:
/// without `DBUS_SESSION_BUS_ADDRESS` or `$XDG_RUNTIME_DIR/bus`, there is none.
public enum SessionBus {
    /// The session bus's address: `DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus` if that
    /// is a socket of the user's own; nil when there is none. The same rule as GLib's own
    /// (`g_dbus_address_get_for_bus_sync`, whose fallback `get_session_address_xdg` takes that
    /// socket only when it is one and the user owns it), so that the bus uvd sees is the one GLib
    /// and libnotify connect to, and GLib never falls through to autolaunching one.
    public static func address(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let runtime = runtimeDirectory(environment) else { return nil }
        var entry = stat()
        guard stat(runtime + "/bus", &entry) == 0, entry.st_mode & S_IFMT == S_IFSOCK, entry.st_uid == geteuid() else { return nil }
        return "unix:path=" + runtime + "/bus"
    }

    /// `$XDG_RUNTIME_DIR`, where the user's session bus listens as `bus`; nil when unset or empty.
    public static func runtimeDirectory(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Watches the runtime directory for an entry named `bus` created or moved in, as when the
    /// user's session bus starts (dbus.socket binds `$XDG_RUNTIME_DIR/bus`), and calls `appeared`
    /// at each such arrival, for the process's life. The inotify descriptor is read by the calling
    /// thread's default main context, so nothing wakes until something arrives in that directory.
    /// False when the directory cannot be watched.
    public static func watchForBus(in directory: String, appeared: @escaping () -> Void) -> Bool {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return false }
        guard inotify_add_watch(fd, directory, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0, let source = g_unix_fd_source_new(fd, G_IO_IN) else {
            close(fd)
            return false
        }
        let watch = Unmanaged.passRetained(BusDirectoryWatch(appeared)).toOpaque()
        g_source_set_callback(source, unsafeBitCast(eventsArrived, to: GSourceFunc.self), watch, releaseWatch)
        g_source_attach(source, g_main_context_get_thread_default())
        g_source_unref(source)
        return true
    }

    private final class BusDirectoryWatch {
        let appeared: () -> Void
        init(_ appeared: @escaping () -> Void) { self.appeared = appeared }
    }

    /// Whether a buffer of inotify events (`struct inotify_event`, each followed by its
    /// NUL-padded name of `len` bytes) names an entry called `bus`. A truncated last event is
    /// ignored.
    static func namesBus(_ events: UnsafeRawBufferPointer) -> Bool {
        // The kernel's struct inotify_event: wd, mask, cookie and len, four bytes each.
        let header = 16
        var offset = 0
        var found = false
        while offset + header <= events.count {
            let length = Int(events.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let name = offset + header
            guard name + length <= events.count else { break }
            let bytes = events[name..<(name + length)].prefix { $0 != 0 }
            if bytes.elementsEqual("bus".utf8) { found = true }
            offset = name + length
        }
        return found
    }

    private static let eventsArrived: GUnixFDSourceFunc = { fd, _, data in
        guard let data else { return 0 }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var appeared = false
        while true {
            let length = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard length > 0 else { break }
            appeared = buffer.withUnsafeBytes { namesBus(UnsafeRawBufferPointer(rebasing: $0[..<length])) } || appeared
        }
        if appeared { Unmanaged<BusDirectoryWatch>.fromOpaque(data).takeUnretainedValue().appeared() }
        return 1
    }

    private static let releaseWatch: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<BusDirectoryWatch>.fromOpaque(data).release()
    }
}
