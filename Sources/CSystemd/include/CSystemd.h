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

/// NetworkManager's primary connection, where NetworkManager runs: its type
/// ("802-11-wireless", "gsm", "cdma", "bluetooth", "802-3-ethernet", …) and its name (for Wi-Fi,
/// the network's name unless the user renamed it). 1 with both set, 0 when there is no primary
/// connection, a negative errno when NetworkManager does not answer.
int uvd_networkmanager_primary(char *type, unsigned long type_size, char *name, unsigned long name_size);

/// Asks GeoClue2 on the system bus for the position at `accuracy` (GeoClue's levels: 4 = city),
/// waiting at most `timeout_ms`. 0 with latitude and longitude set, or a negative errno with a
/// human-readable reason in `message` (-ETIMEDOUT when no fix came in time).
int uvd_geoclue_locate(unsigned accuracy, unsigned timeout_ms, double *latitude, double *longitude,
                       char *message, unsigned long message_size);

/// Where a name on the session bus stands, asked of the bus itself (never of the name's owner,
/// so nothing is activated), each call within `timeout_ms`: 1 when it has an owner, 0 when it has
/// none but a D-Bus service file can start it, 2 when neither; a negative errno (and `message`)
/// when the bus cannot be asked.
int uvd_session_name_state(const char *name, unsigned timeout_ms, char *message, unsigned long message_size);

/// Asks the session bus to start the service that owns `name` (StartServiceByName) and waits at
/// most `timeout_ms`: 1 when it runs (or already ran), a negative errno (and `message`, with the
/// bus's own error when it gave one) when it did not: -ETIMEDOUT when it did not come up in time.
int uvd_session_start_name(const char *name, unsigned timeout_ms, char *message, unsigned long message_size);

#endif
