#define _GNU_SOURCE
#include <sys/socket.h>
#include <errno.h>
#include <stdlib.h>
#include "libsystemd.h"
#include "CSystemd.h"

long long uvd_peer_uid(int fd) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    return (long long)credentials.uid;
}

int uvd_journal_sendv(const struct iovec *fields, int count) {
    if (!uvd_systemd_load()) return -ENOSYS;
    return sd_journal_sendv(fields, count);
}

int uvd_sd_notify(int unset_environment, const char *state) {
    if (getenv("NOTIFY_SOCKET") == NULL) return 0;
    if (!uvd_systemd_load()) return -ENOSYS;
    return sd_notify(unset_environment, state);
}

int uvd_sd_listen_fds(int unset_environment) {
    if (getenv("LISTEN_FDS") == NULL) return 0;
    if (!uvd_systemd_load()) return -ENOSYS;
    return sd_listen_fds(unset_environment);
}

int uvd_sd_watchdog_enabled(int unset_environment, uint64_t *microseconds) {
    if (getenv("WATCHDOG_USEC") == NULL) return 0;
    if (!uvd_systemd_load()) return -ENOSYS;
    return sd_watchdog_enabled(unset_environment, microseconds);
}
