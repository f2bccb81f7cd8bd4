#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "libsystemd.h"
#include "CSystemd.h"

#define GEOCLUE "org.freedesktop.GeoClue2"
#define CLIENT_INTERFACE "org.freedesktop.GeoClue2.Client"

static unsigned long long now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (unsigned long long)t.tv_sec * 1000 + (unsigned long long)t.tv_nsec / 1000000;
}

/// Copies the bus error (or strerror) into `message`, returns `r`.
static int fail(int r, const sd_bus_error *error, const char *step, char *message, unsigned long size) {
    if (error && sd_bus_error_is_set(error))
        snprintf(message, size, "%s: %s", step, error->message ? error->message : error->name);
    else
        snprintf(message, size, "%s: %s", step, strerror(-r));
    return r;
}

int uvd_geoclue_locate(unsigned accuracy, unsigned timeout_ms, double *latitude, double *longitude,
                       char *message, unsigned long message_size) {
    sd_bus *bus = NULL;
    sd_bus_error error = SD_BUS_ERROR_NULL;
    sd_bus_message *reply = NULL;
    char client[256] = "", location[256] = "/";
    const char *path = NULL;
    int r;

    if (!uvd_systemd_load()) return fail(-ENOSYS, NULL, "libsystemd.so.0 (Debian package libsystemd0) could not be loaded", message, message_size);
    if ((r = sd_bus_open_system(&bus)) < 0) { r = fail(r, NULL, "system bus", message, message_size); goto done; }
    r = sd_bus_call_method(bus, GEOCLUE, "/org/freedesktop/GeoClue2/Manager", "org.freedesktop.GeoClue2.Manager",
                           "GetClient", &error, &reply, "");
    if (r < 0 || (r = sd_bus_message_read(reply, "o", &path)) < 0) { r = fail(r, &error, "GeoClue GetClient", message, message_size); goto done; }
    snprintf(client, sizeof client, "%s", path);
    reply = sd_bus_message_unref(reply);

    if ((r = sd_bus_set_property(bus, GEOCLUE, client, CLIENT_INTERFACE, "DesktopId", &error, "s", "uvd")) < 0 ||
        (r = sd_bus_set_property(bus, GEOCLUE, client, CLIENT_INTERFACE, "RequestedAccuracyLevel", &error, "u", accuracy)) < 0 ||
        (r = sd_bus_call_method(bus, GEOCLUE, client, CLIENT_INTERFACE, "Start", &error, NULL, "")) < 0) {
        r = fail(r, &error, "GeoClue client", message, message_size);
        goto done;
    }

    for (unsigned long long deadline = now_ms() + timeout_ms; strcmp(location, "/") == 0;) {
        r = sd_bus_get_property(bus, GEOCLUE, client, CLIENT_INTERFACE, "Location", &error, &reply, "o");
        if (r < 0 || (r = sd_bus_message_read(reply, "o", &path)) < 0) { r = fail(r, &error, "GeoClue Location", message, message_size); goto stop; }
        snprintf(location, sizeof location, "%s", path);
        reply = sd_bus_message_unref(reply);
        if (strcmp(location, "/") != 0) break;
        if (now_ms() >= deadline) { r = fail(-ETIMEDOUT, NULL, "GeoClue gave no position in time", message, message_size); goto stop; }
        struct timespec pause = {0, 100 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }

    if ((r = sd_bus_get_property_trivial(bus, GEOCLUE, location, "org.freedesktop.GeoClue2.Location", "Latitude", &error, 'd', latitude)) < 0 ||
        (r = sd_bus_get_property_trivial(bus, GEOCLUE, location, "org.freedesktop.GeoClue2.Location", "Longitude", &error, 'd', longitude)) < 0) {
        r = fail(r, &error, "GeoClue position", message, message_size);
        goto stop;
    }
    r = 0;

stop:
    sd_bus_error_free(&error);
    sd_bus_call_method(bus, GEOCLUE, client, CLIENT_INTERFACE, "Stop", NULL, NULL, "");
done:
    sd_bus_message_unref(reply);
    sd_bus_error_free(&error);
    sd_bus_flush_close_unref(bus);
    return r;
}
