import CGLib

/// GNOME's do-not-disturb: its `show-banners` setting (org.gnome.desktop.notifications) is false.
/// Read and followed through GSettings (dconf's own files and signal), on the GLib thread.
enum GNOMEBanners {
    private static let schemaName = "org.gnome.desktop.notifications"

    /// The settings, when the schema is installed with its `show-banners` key.
    private static func settings() -> UnsafeMutablePointer<GSettings>? {
        guard let source = g_settings_schema_source_get_default(), let schema = g_settings_schema_source_lookup(source, schemaName, 1)
        else { return nil }
        defer { g_settings_schema_unref(schema) }
        guard g_settings_schema_has_key(schema, "show-banners") != 0 else { return nil }
        return g_settings_new_full(schema, nil, nil)
    }

    /// Whether banners are hidden; nil when the schema is not installed.
    static func hidden() -> Bool? {
        guard let settings = settings() else { return nil }
        defer { g_object_unref(settings) }
        return g_settings_get_boolean(settings, "show-banners") == 0
    }

    /// Calls `changed` whenever `show-banners` changes, for the process's life; false when the
    /// schema is not installed.
    static func follow(_ changed: @escaping () -> Void) -> Bool {
        guard let settings = settings() else { return false }
        GObjectSignal.connect(settings, "changed::show-banners", GObjectSignal.threeArguments, changed)
        // Reading the key once makes GSettings follow it.
        _ = g_settings_get_boolean(settings, "show-banners")
        return true
    }
}

/// A file's changes, for settings kept in a file with no signal (LXQt's notifications.conf).
enum FileChanges {
    /// Calls `changed` when the file at `path` is written, created, removed or replaced, for the
    /// process's life; false when it cannot be watched.
    static func follow(_ path: String, _ changed: @escaping () -> Void) -> Bool {
        guard let file = g_file_new_for_path(path) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let monitor = g_file_monitor_file(file, G_FILE_MONITOR_WATCH_MOVES, nil, nil) else { return false }
        GObjectSignal.connect(monitor, "changed", GObjectSignal.fileMonitorEvent, changed)
        return true
    }
}

/// A GObject signal connected to a Swift closure that lives as long as the connection.
private enum GObjectSignal {
    final class Handler {
        let changed: () -> Void
        init(_ changed: @escaping () -> Void) { self.changed = changed }
    }

    static func connect<Object>(
        _ instance: UnsafeMutablePointer<Object>, _ signal: String, _ callback: GCallback, _ changed: @escaping () -> Void
    ) {
        g_signal_connect_data(
            UnsafeMutableRawPointer(instance), signal, callback, Unmanaged.passRetained(Handler(changed)).toOpaque(), release,
            GConnectFlags(rawValue: 0))
    }

    static func connect(_ instance: OpaquePointer, _ signal: String, _ callback: GCallback, _ changed: @escaping () -> Void) {
        g_signal_connect_data(
            UnsafeMutableRawPointer(instance), signal, callback, Unmanaged.passRetained(Handler(changed)).toOpaque(), release,
            GConnectFlags(rawValue: 0))
    }

    private static let release: GClosureNotify = { data, _ in
        guard let data else { return }
        Unmanaged<Handler>.fromOpaque(data).release()
    }

    private static func fire(_ data: UnsafeMutableRawPointer?) {
        guard let data else { return }
        Unmanaged<Handler>.fromOpaque(data).takeUnretainedValue().changed()
    }

    /// A handler of the form (instance, detail, data): GSettings' `changed`.
    static let threeArguments = unsafeBitCast(
        { (_: UnsafeMutableRawPointer?, _: UnsafePointer<CChar>?, data: UnsafeMutableRawPointer?) in fire(data) }
            as @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void, to: GCallback.self)

    /// GFileMonitor's `changed` (monitor, file, other file, event, data): only the events that say
    /// the content may differ.
    static let fileMonitorEvent = unsafeBitCast(
        {
            (
                _: UnsafeMutableRawPointer?, _: UnsafeMutableRawPointer?, _: UnsafeMutableRawPointer?, event: GFileMonitorEvent,
                data: UnsafeMutableRawPointer?
            ) in
            switch event {
            case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT, G_FILE_MONITOR_EVENT_CREATED, G_FILE_MONITOR_EVENT_DELETED,
                G_FILE_MONITOR_EVENT_MOVED_IN, G_FILE_MONITOR_EVENT_RENAMED:
                fire(data)
            default: break
            }
        }
            as @convention(c) (
                UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, GFileMonitorEvent, UnsafeMutableRawPointer?
            )
            -> Void, to: GCallback.self)
}
