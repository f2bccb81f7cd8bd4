internal import CGLib
import UVCore

/// GLib, GObject, GIO, GdkPixbuf and libnotify: not linked but opened by the daemon as it first
/// needs them (`Sources/CLazyLink`), so that uvctl, the same binary, never loads them. Everything
/// that calls into them asks here first: a bus connection, a GLib thread's owner, GeoClue.
public enum DesktopLibraries {
    /// Why they could not be opened (naming the Debian package to install), or nil once they
    /// are: opened at the first ask, once per process.
    public static let problem: String? = {
        let opened = CErrorText.written { uvd_desktop_open_libraries($0, $1) }
        return opened.result == 0 ? nil : opened.text
    }()
}
