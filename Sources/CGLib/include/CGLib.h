// What Swift cannot reach in GLib, GIO and libnotify: g_object_get and g_object_set are
// variadic. Every D-Bus conversation is Swift (Sources/UVBus) over GIO's non-variadic calls.
#ifndef UVD_CGLIB_H
#define UVD_CGLIB_H

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
#include <glib-unix.h>
#include <libnotify/notify.h>

/// Makes the notification replace the server's notification `id` when shown.
void uvd_notification_set_id(NotifyNotification *notification, gint id);

/// The server's id for the notification (0 before it is shown).
gint uvd_notification_get_id(NotifyNotification *notification);

#endif
