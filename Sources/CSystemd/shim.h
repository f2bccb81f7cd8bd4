// The parts of libsystemd and the socket API that Swift cannot reach directly: `struct ucred`
// needs _GNU_SOURCE, and sd_journal_send is variadic.
#ifndef UVD_CSYSTEMD_SHIM_H
#define UVD_CSYSTEMD_SHIM_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <sys/socket.h>
#include <sys/uio.h>
#include <systemd/sd-daemon.h>
#include <systemd/sd-journal.h>

/// The uid of the process at the other end of a Unix socket, or -1 with errno set.
static inline long long uvd_peer_uid(int fd) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    return (long long)credentials.uid;
}

/// sd_journal_sendv, for structured journal entries ("FIELD=value" strings).
static inline int uvd_journal_sendv(const struct iovec *fields, int count) {
    return sd_journal_sendv(fields, count);
}

#endif
