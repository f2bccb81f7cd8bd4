// libsystemd's functions as uvd reaches them: through a table filled by dlopen at the first use
// (`uvd_systemd_load`), so that a process that never talks to the service manager or the journal
// (uvctl; uvd outside systemd) never loads libsystemd and the eight libraries it brings.
// Each name below becomes the table's pointer of exactly that function's type.
#ifndef UVD_LIBSYSTEMD_H
#define UVD_LIBSYSTEMD_H

// The journal's callers add CODE_FILE, CODE_LINE and CODE_FUNC themselves; without this,
// sd-journal.h turns sd_journal_sendv into a macro adding the shim's location too.
#define SD_JOURNAL_SUPPRESS_LOCATION
#include <systemd/sd-daemon.h>
#include <systemd/sd-journal.h>

#define UVD_SYSTEMD_FUNCTIONS(X) X(sd_notify) X(sd_listen_fds) X(sd_watchdog_enabled) X(sd_journal_sendv)

#define UVD_SYSTEMD_POINTER(name) __typeof__(name) *name;
struct uvd_systemd_table { UVD_SYSTEMD_FUNCTIONS(UVD_SYSTEMD_POINTER) };
#undef UVD_SYSTEMD_POINTER

extern struct uvd_systemd_table uvd_systemd;

/// Loads libsystemd.so.0 once; 1 when every function above was found, else 0 (and then no
/// function of the table may be called).
int uvd_systemd_load(void);

// Every call in the shims goes through the table (libsystemd.c itself, which fills it, sees the
// real names).
#ifndef UVD_LIBSYSTEMD_TABLE
#define sd_notify uvd_systemd.sd_notify
#define sd_listen_fds uvd_systemd.sd_listen_fds
#define sd_watchdog_enabled uvd_systemd.sd_watchdog_enabled
#define sd_journal_sendv uvd_systemd.sd_journal_sendv
#endif

#endif
