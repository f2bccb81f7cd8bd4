#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "libsystemd.h"
#include "CSystemd.h"

#define NM "org.freedesktop.NetworkManager"

int uvd_networkmanager_primary(char *type, unsigned long type_size, char *name, unsigned long name_size) {
    sd_bus *bus = NULL;
    sd_bus_message *reply = NULL;
    const char *path = NULL;
    char connection[256] = "", *value = NULL;
    int r;

    type[0] = name[0] = '\0';
    if (!uvd_systemd_load()) return -ENOSYS;
    if ((r = sd_bus_open_system(&bus)) < 0) goto done;
    // Never start NetworkManager by asking: only a running one answers.
    sd_bus_set_method_call_timeout(bus, 500 * 1000);
    // An object path: sd_bus_get_property_string reads only strings.
    if ((r = sd_bus_get_property(bus, NM, "/org/freedesktop/NetworkManager", NM, "PrimaryConnection", NULL, &reply, "o")) < 0 ||
        (r = sd_bus_message_read(reply, "o", &path)) < 0)
        goto done;
    snprintf(connection, sizeof connection, "%s", path);
    if (strcmp(connection, "/") == 0) { r = 0; goto done; }
    if ((r = sd_bus_get_property_string(bus, NM, connection, NM ".Connection.Active", "Type", NULL, &value)) < 0) goto done;
    snprintf(type, type_size, "%s", value);
    free(value);
    value = NULL;
    if ((r = sd_bus_get_property_string(bus, NM, connection, NM ".Connection.Active", "Id", NULL, &value)) < 0) goto done;
    snprintf(name, name_size, "%s", value);
    r = 1;
done:
    sd_bus_message_unref(reply);
    free(value);
    sd_bus_flush_close_unref(bus);
    return r;
}
