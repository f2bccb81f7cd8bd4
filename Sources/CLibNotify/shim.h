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

/// dunst's do-not-disturb (its `paused` property): 1 paused, 0 not, -1 unknown (not dunst,
/// or no answer within 500 ms).
static inline int uvd_dunst_paused(void) {
    GError *error = NULL;
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &error);
    if (bus == NULL) {
        g_clear_error(&error);
        return -1;
    }
    // The shared connection (libnotify's too) must not raise SIGTERM in uvd if the bus goes away.
    g_dbus_connection_set_exit_on_close(bus, FALSE);
    GVariant *reply = g_dbus_connection_call_sync(
        bus, "org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.DBus.Properties", "Get",
        g_variant_new("(ss)", "org.dunstproject.cmd0", "paused"), G_VARIANT_TYPE("(v)"), G_DBUS_CALL_FLAGS_NO_AUTO_START, 500,
        NULL, &error);
    g_object_unref(bus);
    if (reply == NULL) {
        g_clear_error(&error);
        return -1;
    }
    GVariant *value = NULL;
    g_variant_get(reply, "(v)", &value);
    int paused = g_variant_is_of_type(value, G_VARIANT_TYPE_BOOLEAN) ? g_variant_get_boolean(value) : -1;
    g_variant_unref(value);
    g_variant_unref(reply);
    return paused;
}
