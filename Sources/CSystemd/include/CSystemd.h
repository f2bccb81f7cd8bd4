// The parts of libsystemd and the socket API that Swift cannot reach directly: `struct ucred`
// needs _GNU_SOURCE (defined only in shim.c, so Glibc's own module is not contradicted),
// libsystemd is opened only when needed; timerfd is not in the Glibc module.
#ifndef UVD_CSYSTEMD_H
#define UVD_CSYSTEMD_H

#include <stdint.h>
#include <sys/timerfd.h>
#include <sys/uio.h>

// libsystemd is loaded at the first call that needs it (libsystemd.h): these check the
// environment first, so that outside systemd nothing is loaded at all.

/// sd_notify(3); 0 without NOTIFY_SOCKET, -ENOSYS when libsystemd cannot be loaded.
int uvd_sd_notify(int unset_environment, const char *state);

/// sd_listen_fds(3); 0 without LISTEN_FDS.
int uvd_sd_listen_fds(int unset_environment);

/// sd_watchdog_enabled(3); 0 without WATCHDOG_USEC.
int uvd_sd_watchdog_enabled(int unset_environment, uint64_t *microseconds);

/// The uid of the process at the other end of a Unix socket, or -1 with errno set.
long long uvd_peer_uid(int fd);

/// sd_journal_sendv: one structured journal entry from "FIELD=value" strings.
int uvd_journal_sendv(const struct iovec *fields, int count);

/// A non-blocking rtnetlink socket subscribed to link, address and route changes (IPv4 and
/// IPv6); a negative errno on failure. What arrives only says "something changed".
int uvd_netlink_open(void);

#endif
