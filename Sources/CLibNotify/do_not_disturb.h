// Each notification server's do-not-disturb, read the way that server offers it, and the signals
// by which it says it changed. Every call here runs on uvd's GLib thread; every read has a 500 ms
// deadline and starts no service but xfconfd (which xfce4-notifyd's own settings need anyway).
#ifndef UVD_DO_NOT_DISTURB_H
#define UVD_DO_NOT_DISTURB_H

#include <gio/gio.h>
#include <string.h>

/// Calls a method of `name` and returns its reply (unref it), or NULL; the error, if any, in `error`.
/// `start`: the bus may start `name` for the call (xfconfd, which exits when idle).
static inline GVariant *uvd_dnd_call(const char *name, const char *path, const char *interface, const char *method, GVariant *parameters,
                                     const GVariantType *type, gboolean start, GError **error) {
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (bus == NULL) {
        if (parameters != NULL) g_variant_unref(g_variant_ref_sink(parameters));
        return NULL;
    }
    g_dbus_connection_set_exit_on_close(bus, FALSE);
    GVariant *reply = g_dbus_connection_call_sync(bus, name, path, interface, method, parameters, type,
                                                  start ? G_DBUS_CALL_FLAGS_NONE : G_DBUS_CALL_FLAGS_NO_AUTO_START, 500, NULL, error);
    g_object_unref(bus);
    return reply;
}

/// SwayNotificationCenter: `GetDnd` of org.erikreider.swaync.cc (1 on, 0 off, -1 no answer).
static inline int uvd_swaync_dnd(void) {
    GVariant *reply = uvd_dnd_call("org.erikreider.swaync.cc", "/org/erikreider/swaync/cc", "org.erikreider.swaync.cc", "GetDnd", NULL,
                                   G_VARIANT_TYPE("(b)"), FALSE, NULL);
    if (reply == NULL) return -1;
    gboolean on = FALSE;
    g_variant_get(reply, "(b)", &on);
    g_variant_unref(reply);
    return on ? 1 : 0;
}

/// xfce4-notifyd: the xfconf property /do-not-disturb of channel xfce4-notifyd (1 on, 0 off,
/// absent until first set, which is off; -1 when xfconf does not answer or it is no boolean).
static inline int uvd_xfce_dnd(void) {
    GError *error = NULL;
    GVariant *reply = uvd_dnd_call("org.xfce.Xfconf", "/org/xfce/Xfconf", "org.xfce.Xfconf", "GetProperty",
                                   g_variant_new("(ss)", "xfce4-notifyd", "/do-not-disturb"), G_VARIANT_TYPE("(v)"), TRUE, &error);
    if (reply == NULL) {
        gchar *remote = error != NULL ? g_dbus_error_get_remote_error(error) : NULL;
        int absent = remote != NULL && strcmp(remote, "org.xfce.Xfconf.Error.PropertyNotFound") == 0;
        g_free(remote);
        if (error != NULL) g_error_free(error);
        return absent ? 0 : -1;
    }
    GVariant *value = NULL;
    g_variant_get(reply, "(v)", &value);
    int on = g_variant_is_of_type(value, G_VARIANT_TYPE_BOOLEAN) ? g_variant_get_boolean(value) : -1;
    g_variant_unref(value);
    g_variant_unref(reply);
    return on;
}

/// mako: whether its active modes (`ListModes` of fr.emersion.Mako, what `makoctl mode` shows)
/// include one named exactly "do-not-disturb" (1 yes, 0 no, -1 no answer).
static inline int uvd_mako_dnd(void) {
    GVariant *reply = uvd_dnd_call("org.freedesktop.Notifications", "/fr/emersion/Mako", "fr.emersion.Mako", "ListModes", NULL,
                                   G_VARIANT_TYPE("(as)"), FALSE, NULL);
    if (reply == NULL) return -1;
    GVariantIter *modes = NULL;
    const gchar *mode = NULL;
    int on = 0;
    g_variant_get(reply, "(as)", &modes);
    while (g_variant_iter_next(modes, "&s", &mode)) {
        if (strcmp(mode, "do-not-disturb") == 0) on = 1;
    }
    g_variant_iter_free(modes);
    g_variant_unref(reply);
    return on;
}

typedef void (*uvd_dnd_callback)(gpointer data);

typedef struct {
    uvd_dnd_callback callback;
    gpointer data;
} uvd_dnd_watch;

static inline void uvd_dnd_signalled(GDBusConnection *connection, const gchar *sender, const gchar *path, const gchar *interface,
                                     const gchar *signal, GVariant *parameters, gpointer data) {
    uvd_dnd_watch *watch = data;
    watch->callback(watch->data);
}

static inline void uvd_dnd_setting_changed(GSettings *settings, const gchar *key, gpointer data) {
    uvd_dnd_watch *watch = data;
    watch->callback(watch->data);
}

static inline void uvd_dnd_file_changed(GFileMonitor *monitor, GFile *file, GFile *other, GFileMonitorEvent event, gpointer data) {
    uvd_dnd_watch *watch = data;
    if (event == G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT || event == G_FILE_MONITOR_EVENT_CREATED || event == G_FILE_MONITOR_EVENT_DELETED ||
        event == G_FILE_MONITOR_EVENT_MOVED_IN || event == G_FILE_MONITOR_EVENT_RENAMED)
        watch->callback(watch->data);
}

static inline uvd_dnd_watch *uvd_dnd_new_watch(uvd_dnd_callback callback, gpointer data) {
    uvd_dnd_watch *watch = g_new(uvd_dnd_watch, 1);
    watch->callback = callback;
    watch->data = data;
    return watch;
}

/// The signals by which servers say their do-not-disturb changed, subscribed on the session bus
/// (the bus delivers only these: nothing wakes uvd otherwise): PropertiesChanged of the server's
/// object (dunst's `paused`, KDE Plasma's `Inhibited`), swaync's control-center signals
/// (`Subscribe`, `SubscribeV2`) and xfconf's PropertyChanged for the channel xfce4-notifyd.
/// `callback` runs in the calling thread's default main context. False if there is no bus.
static inline gboolean uvd_watch_dnd_signals(uvd_dnd_callback callback, gpointer data) {
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (bus == NULL) return FALSE;
    g_dbus_connection_set_exit_on_close(bus, FALSE);
    // One watch for the three subscriptions, kept for uvd's lifetime like the connection.
    uvd_dnd_watch *watch = uvd_dnd_new_watch(callback, data);
    g_dbus_connection_signal_subscribe(bus, NULL, "org.freedesktop.DBus.Properties", "PropertiesChanged", "/org/freedesktop/Notifications",
                                       NULL, G_DBUS_SIGNAL_FLAGS_NONE, uvd_dnd_signalled, watch, NULL);
    g_dbus_connection_signal_subscribe(bus, NULL, "org.erikreider.swaync.cc", NULL, "/org/erikreider/swaync/cc", NULL,
                                       G_DBUS_SIGNAL_FLAGS_NONE, uvd_dnd_signalled, watch, NULL);
    g_dbus_connection_signal_subscribe(bus, NULL, "org.xfce.Xfconf", "PropertyChanged", "/org/xfce/Xfconf", "xfce4-notifyd",
                                       G_DBUS_SIGNAL_FLAGS_NONE, uvd_dnd_signalled, watch, NULL);
    return TRUE;
}

/// GNOME's `show-banners` changes (GSettings, through dconf's own signal); false when the schema
/// is not installed. The settings object is kept for uvd's lifetime.
static inline gboolean uvd_watch_gnome_banners(uvd_dnd_callback callback, gpointer data) {
    GSettingsSchemaSource *source = g_settings_schema_source_get_default();
    if (source == NULL) return FALSE;
    GSettingsSchema *schema = g_settings_schema_source_lookup(source, "org.gnome.desktop.notifications", TRUE);
    if (schema == NULL) return FALSE;
    GSettings *settings = g_settings_new_full(schema, NULL, NULL);
    g_settings_schema_unref(schema);
    g_signal_connect_data(settings, "changed::show-banners", G_CALLBACK(uvd_dnd_setting_changed), uvd_dnd_new_watch(callback, data), NULL, 0);
    // Reading the key once makes GSettings follow it.
    (void)g_settings_get_boolean(settings, "show-banners");
    return TRUE;
}

/// A file's changes (LXQt keeps its do-not-disturb in a file: no signal); the monitor is kept for
/// uvd's lifetime. False if it cannot be watched.
static inline gboolean uvd_watch_file(const char *path, uvd_dnd_callback callback, gpointer data) {
    GFile *file = g_file_new_for_path(path);
    GFileMonitor *monitor = g_file_monitor_file(file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
    g_object_unref(file);
    if (monitor == NULL) return FALSE;
    g_signal_connect_data(monitor, "changed", G_CALLBACK(uvd_dnd_file_changed), uvd_dnd_new_watch(callback, data), NULL, 0);
    return TRUE;
}

#endif
