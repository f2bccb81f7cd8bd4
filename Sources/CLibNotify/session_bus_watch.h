// Waiting for a session bus to start, without a timer.
#pragma once
#include <glib.h>
#include <glib-unix.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

typedef void (*uvd_session_bus_callback)(gpointer data);

typedef struct {
    uvd_session_bus_callback callback;
    gpointer data;
} uvd_session_bus_watch;

/// Reads the pending inotify events and calls back when one names `bus`.
static inline gboolean uvd_session_bus_events(gint fd, GIOCondition condition, gpointer user) {
    (void)condition;
    uvd_session_bus_watch *watch = user;
    char buffer[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
    gboolean appeared = FALSE;
    ssize_t length;
    while ((length = read(fd, buffer, sizeof buffer)) > 0) {
        for (char *at = buffer; at + sizeof(struct inotify_event) <= buffer + length;) {
            const struct inotify_event *event = (const struct inotify_event *)at;
            if (event->len > 0 && strcmp(event->name, "bus") == 0) appeared = TRUE;
            at += sizeof(struct inotify_event) + event->len;
        }
    }
    if (appeared) watch->callback(watch->data);
    return G_SOURCE_CONTINUE;
}

/// Watches `directory` (the user's runtime directory) for an entry named `bus` being created or
/// moved in, as when the user's session bus starts (dbus.socket binds `$XDG_RUNTIME_DIR/bus`).
/// The inotify descriptor is read by the main loop of the calling thread's default context, so
/// nothing wakes until something appears in that directory. Calls `callback` on that thread at
/// each appearance, for the process's life. False when the directory cannot be watched.
static inline gboolean uvd_watch_for_session_bus(const char *directory, uvd_session_bus_callback callback, gpointer data) {
    int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (fd < 0) return FALSE;
    if (inotify_add_watch(fd, directory, IN_CREATE | IN_MOVED_TO) < 0) {
        close(fd);
        return FALSE;
    }
    uvd_session_bus_watch *watch = g_new(uvd_session_bus_watch, 1);
    watch->callback = callback;
    watch->data = data;
    GSource *source = g_unix_fd_source_new(fd, G_IO_IN);
    g_source_set_callback(source, (GSourceFunc)(void (*)(void))uvd_session_bus_events, watch, g_free);
    g_source_attach(source, g_main_context_get_thread_default());
    g_source_unref(source);
    return TRUE;
}
