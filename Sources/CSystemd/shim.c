#define _GNU_SOURCE
#include <sys/socket.h>
// The Swift caller adds CODE_FILE, CODE_LINE and CODE_FUNC; without this, sd-journal.h adds
// this shim's too, and every entry carries its location twice.
#define SD_JOURNAL_SUPPRESS_LOCATION
#include <systemd/sd-journal.h>
#include "CSystemd.h"

long long uvd_peer_uid(int fd) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    return (long long)credentials.uid;
}

int uvd_journal_sendv(const struct iovec *fields, int count) {
    return sd_journal_sendv(fields, count);
}
