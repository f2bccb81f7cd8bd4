// What Swift cannot call in libnotify and GLib directly: variadic functions and macros.
#pragma once
#include <libnotify/notify.h>
#include <gio/gio.h>

/// Makes the notification replace the server's notification `id` when shown.
static inline void uvd_notification_set_id(NotifyNotification *notification, gint id) {
    g_object_set(notification, "id", id, NULL);
}

/// The server's id for the notification (0 before it is shown).
static inline gint uvd_notification_get_id(NotifyNotification *notification) {
    gint id = 0;
    g_object_get(notification, "id", &id, NULL);
    return id;
}

typedef void (*uvd_closed_callback)(NotifyNotification *notification, gpointer data);

static inline void uvd_notification_on_closed(NotifyNotification *notification, uvd_closed_callback callback, gpointer data) {
    g_signal_connect(notification, "closed", G_CALLBACK(callback), data);
}

/// Stops GLib from raising SIGTERM in uvd when the shared session-bus connection closes (the
/// bus stopped or restarted): uvd keeps running and retries. False if there is no bus.
static inline gboolean uvd_session_bus_survive_close(void) {
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (bus == NULL) return FALSE;
    g_dbus_connection_set_exit_on_close(bus, FALSE);
    g_object_unref(bus);
    return TRUE;
}

/// A boolean property of the notification server's object (`interface`.`property`): 1 true,
/// 0 false, -1 unknown (not there, not a boolean, or no answer within 500 ms).
static inline int uvd_notifications_flag(const char *interface, const char *property) {
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (bus == NULL) return -1;
    // The shared connection (libnotify's too) must not raise SIGTERM in uvd if the bus goes away.
    g_dbus_connection_set_exit_on_close(bus, FALSE);
    GVariant *reply = g_dbus_connection_call_sync(
        bus, "org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.DBus.Properties", "Get",
        g_variant_new("(ss)", interface, property), G_VARIANT_TYPE("(v)"), G_DBUS_CALL_FLAGS_NO_AUTO_START, 500, NULL, NULL);
    g_object_unref(bus);
    if (reply == NULL) return -1;
    GVariant *value = NULL;
    g_variant_get(reply, "(v)", &value);
    int flag = g_variant_is_of_type(value, G_VARIANT_TYPE_BOOLEAN) ? g_variant_get_boolean(value) : -1;
    g_variant_unref(value);
    g_variant_unref(reply);
    return flag;
}

/// dunst's do-not-disturb: its `paused` property (1 paused, 0 not, -1 not dunst or no answer).
static inline int uvd_dunst_paused(void) { return uvd_notifications_flag("org.dunstproject.cmd0", "paused"); }

/// The unique bus name that owns org.freedesktop.Notifications now (free it with g_free), or
/// NULL when no server runs or the bus does not answer within 500 ms.
static inline gchar *uvd_notifications_owner(void) {
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (bus == NULL) return NULL;
    g_dbus_connection_set_exit_on_close(bus, FALSE);
    GVariant *reply = g_dbus_connection_call_sync(
        bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner",
        g_variant_new("(s)", "org.freedesktop.Notifications"), G_VARIANT_TYPE("(s)"), G_DBUS_CALL_FLAGS_NONE, 500, NULL, NULL);
    g_object_unref(bus);
    if (reply == NULL) return NULL;
    gchar *owner = NULL;
    g_variant_get(reply, "(s)", &owner);
    g_variant_unref(reply);
    return owner;
}

/// Asks the session bus to start the notification server (D-Bus activation) without waiting for
/// it: a server that is installed but never comes up would otherwise hold the caller for the bus's
/// 25 s activation time-out. Its arrival is seen by the owner watch below.
static inline void uvd_request_notifications_start(void) {
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (bus == NULL) return;
    g_dbus_connection_set_exit_on_close(bus, FALSE);
    g_dbus_connection_call(
        bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "StartServiceByName",
        g_variant_new("(su)", "org.freedesktop.Notifications", 0u), NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL, NULL, NULL);
    g_object_unref(bus);
}

typedef void (*uvd_owner_callback)(const gchar *owner, gpointer data);

typedef struct {
    uvd_owner_callback callback;
    gpointer data;
} uvd_owner_watch;

static inline void uvd_owner_changed(GDBusConnection *connection, const gchar *sender, const gchar *path, const gchar *interface,
                                     const gchar *signal, GVariant *parameters, gpointer data) {
    const gchar *name = NULL, *old_owner = NULL, *new_owner = NULL;
    if (!g_variant_is_of_type(parameters, G_VARIANT_TYPE("(sss)"))) return;
    g_variant_get(parameters, "(&s&s&s)", &name, &old_owner, &new_owner);
    uvd_owner_watch *watch = data;
    watch->callback(new_owner[0] == '\0' ? NULL : new_owner, watch->data);
}

/// Calls `callback` with the new owner (NULL once released) whenever org.freedesktop.Notifications
/// changes hands, in the calling thread's default main context. False if there is no bus.
static inline gboolean uvd_watch_notifications_owner(uvd_owner_callback callback, gpointer data) {
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (bus == NULL) return FALSE;
    g_dbus_connection_set_exit_on_close(bus, FALSE);
    uvd_owner_watch *watch = g_new(uvd_owner_watch, 1);
    watch->callback = callback;
    watch->data = data;
    g_dbus_connection_signal_subscribe(
        bus, "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged", "/org/freedesktop/DBus",
        "org.freedesktop.Notifications", G_DBUS_SIGNAL_FLAGS_NONE, uvd_owner_changed, watch, g_free);
    // The reference to the connection is kept for uvd's lifetime: the subscription lives with it.
    return TRUE;
}

/// KDE Plasma's do-not-disturb: the `Inhibited` property of org.freedesktop.Notifications
/// (1 inhibited, 0 not, -1 not there or no answer).
static inline int uvd_plasma_inhibited(void) { return uvd_notifications_flag("org.freedesktop.Notifications", "Inhibited"); }

/// GNOME's do-not-disturb: `show-banners` of org.gnome.desktop.notifications is false
/// (1 do-not-disturb, 0 not, -1 the schema is not installed).
static inline int uvd_gnome_banners_hidden(void) {
    GSettingsSchemaSource *source = g_settings_schema_source_get_default();
    if (source == NULL) return -1;
    GSettingsSchema *schema = g_settings_schema_source_lookup(source, "org.gnome.desktop.notifications", TRUE);
    if (schema == NULL) return -1;
    int hidden = -1;
    if (g_settings_schema_has_key(schema, "show-banners")) {
        GSettings *settings = g_settings_new_full(schema, NULL, NULL);
        hidden = !g_settings_get_boolean(settings, "show-banners");
        g_object_unref(settings);
    }
    g_settings_schema_unref(schema);
    return hidden;
}

/// The freedesktop `image-data` hint, (iiibiiay): width, height, rowstride, has alpha, bits per
/// sample, channels, then the rows of RGBA bytes (copied).
static inline void uvd_notification_set_image_rgba(NotifyNotification *notification, const guint8 *rgba, gint width, gint height) {
    GVariant *bytes = g_variant_new_fixed_array(G_VARIANT_TYPE_BYTE, rgba, (gsize)width * (gsize)height * 4, 1);
    notify_notification_set_hint(notification, "image-data", g_variant_new("(iiibii@ay)", width, height, width * 4, TRUE, 8, 4, bytes));
}

/// Writes RGBA rows (not premultiplied) as a PNG through GdkPixbuf, which libnotify already
/// brings: the notification's icon file. False when it cannot.
static inline gboolean uvd_write_png(const char *path, const guint8 *rgba, gint width, gint height) {
    GdkPixbuf *pixbuf = gdk_pixbuf_new_from_data(rgba, GDK_COLORSPACE_RGB, TRUE, 8, width, height, width * 4, NULL, NULL);
    if (pixbuf == NULL) return FALSE;
    gboolean saved = gdk_pixbuf_save(pixbuf, path, "png", NULL, NULL);
    g_object_unref(pixbuf);
    return saved;
}
