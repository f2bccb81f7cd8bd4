#define _GNU_SOURCE
#include <sys/socket.h>
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
