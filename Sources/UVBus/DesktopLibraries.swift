internal import CGLib

/// GLib, GObject, GIO, GdkPixbuf and libnotify: not linked but opened by the daemon as it first
/// needs them (`Sources/CLazyLink`), so that uvctl, the same binary, never loads them. Everything
/// that calls into them asks here first: a bus connection, a GLib thread's owner, GeoClue.
public enum DesktopLibraries {
    /// Why they could not be opened (naming the Debian package to install), or nil once they
    /// are: opened at the first ask, once per process.
    public static let problem: String? = {
        var error = [CChar](repeating: 0, count: 512)
        guard uvd_desktop_open_libraries(&error, error.count) != 0 else { return nil }
        return String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()
}
