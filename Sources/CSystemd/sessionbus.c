// The session bus's own answers about a name (NameHasOwner, ListActivatableNames,
// StartServiceByName), with a deadline on each call: for `uvctl doctor`, which must answer within
// seconds even when a notification server is installed but never comes up (the bus's activation
// time-out is 25 s).
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "libsystemd.h"
#include "CSystemd.h"

#define BUS "org.freedesktop.DBus"
#define BUS_PATH "/org/freedesktop/DBus"

static int fail(int r, const sd_bus_error *error, const char *step, char *message, unsigned long size) {
    if (error && sd_bus_error_is_set(error))
        snprintf(message, size, "%s: %s", step, error->message ? error->message : error->name);
    else
        snprintf(message, size, "%s: %s", step, strerror(-r));
    return r < 0 ? r : -EIO;
}

static int open_user_bus(sd_bus **bus, unsigned timeout_ms, char *message, unsigned long size) {
    if (!uvd_systemd_load()) return fail(-ENOSYS, NULL, "libsystemd.so.0 could not be loaded", message, size);
    int r = sd_bus_open_user(bus);
    if (r < 0) return fail(r, NULL, "session bus", message, size);
    sd_bus_set_method_call_timeout(*bus, (uint64_t)timeout_ms * 1000);
    return 0;
}

int uvd_session_name_state(const char *name, unsigned timeout_ms, char *message, unsigned long message_size) {
    sd_bus *bus = NULL;
    sd_bus_error error = SD_BUS_ERROR_NULL;
    sd_bus_message *reply = NULL;
    int owned = 0, r;
    if ((r = open_user_bus(&bus, timeout_ms, message, message_size)) < 0) return r;
    r = sd_bus_call_method(bus, BUS, BUS_PATH, BUS, "NameHasOwner", &error, &reply, "s", name);
    if (r < 0 || (r = sd_bus_message_read(reply, "b", &owned)) < 0) { r = fail(r, &error, "NameHasOwner", message, message_size); goto done; }
    if (owned) { r = 1; goto done; }
    reply = sd_bus_message_unref(reply);
    r = sd_bus_call_method(bus, BUS, BUS_PATH, BUS, "ListActivatableNames", &error, &reply, "");
    if (r < 0 || (r = sd_bus_message_enter_container(reply, 'a', "s")) < 0) { r = fail(r, &error, "ListActivatableNames", message, message_size); goto done; }
    const char *activatable = NULL;
    int found = 0;
    while ((r = sd_bus_message_read(reply, "s", &activatable)) > 0) {
        if (strcmp(activatable, name) == 0) found = 1;
    }
    if (r < 0) { r = fail(r, NULL, "ListActivatableNames", message, message_size); goto done; }
    r = found ? 0 : 2;
done:
    sd_bus_message_unref(reply);
    sd_bus_error_free(&error);
    sd_bus_flush_close_unref(bus);
    return r;
}

int uvd_session_start_name(const char *name, unsigned timeout_ms, char *message, unsigned long message_size) {
    sd_bus *bus = NULL;
    sd_bus_error error = SD_BUS_ERROR_NULL;
    sd_bus_message *reply = NULL;
    int r;
    if ((r = open_user_bus(&bus, timeout_ms, message, message_size)) < 0) return r;
    r = sd_bus_call_method(bus, BUS, BUS_PATH, BUS, "StartServiceByName", &error, &reply, "su", name, 0u);
    if (r < 0) r = fail(r, &error, "StartServiceByName", message, message_size);
    else r = 1;
    sd_bus_message_unref(reply);
    sd_bus_error_free(&error);
    sd_bus_flush_close_unref(bus);
    return r;
}
