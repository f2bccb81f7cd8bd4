#include "CGLib.h"

void uvd_notification_set_id(NotifyNotification *notification, gint id) { g_object_set(notification, "id", id, NULL); }

gint uvd_notification_get_id(NotifyNotification *notification) {
    gint id = 0;
    g_object_get(notification, "id", &id, NULL);
    return id;
}
