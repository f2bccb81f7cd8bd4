// What Swift cannot reach in GLib, GIO and libnotify: g_object_get and g_object_set are
// variadic; and the opening of those libraries at first use. Every D-Bus conversation is Swift
// (Sources/UVBus) over GIO's non-variadic calls.
#ifndef UVD_CGLIB_H
#define UVD_CGLIB_H

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
#include <glib-unix.h>
#include <libnotify/notify.h>

/// Opens libnotify and, through it, GLib, GObject, GIO and GdkPixbuf (not linked: see
/// CLazyLink.h); 0, or -1 with why in `error`. Every other call into them comes after this one
/// succeeded.
int uvd_desktop_open_libraries(char *error, size_t error_size);

/// Makes the notification replace the server's notification `id` when shown.
void uvd_notification_set_id(NotifyNotification *notification, gint id);

/// The server's id for the notification (0 before it is shown).
gint uvd_notification_get_id(NotifyNotification *notification);

#endif
