// libsystemd's functions as uvd reaches them: through a table filled by dlopen at the first use
// (`uvd_systemd_load`), so that a process that never talks to the service manager, the journal
// or the system bus (uvctl; uvd outside systemd) never loads libsystemd and the eight libraries
// it brings. Included by the shims after libsystemd's own headers: each name below becomes the
// table's pointer of exactly that function's type.
#ifndef UVD_LIBSYSTEMD_H
#define UVD_LIBSYSTEMD_H

// The journal's callers add CODE_FILE, CODE_LINE and CODE_FUNC themselves; without this,
// sd-journal.h turns sd_journal_sendv into a macro adding the shim's location too.
#define SD_JOURNAL_SUPPRESS_LOCATION
#include <systemd/sd-bus.h>
#include <systemd/sd-daemon.h>
#include <systemd/sd-journal.h>

#define UVD_SYSTEMD_FUNCTIONS(X) \
    X(sd_notify) X(sd_listen_fds) X(sd_watchdog_enabled) X(sd_journal_sendv) \
    X(sd_bus_open_system) X(sd_bus_call_method) X(sd_bus_error_free) X(sd_bus_error_is_set) \
    X(sd_bus_flush_close_unref) X(sd_bus_get_property) X(sd_bus_get_property_string) \
    X(sd_bus_get_property_trivial) X(sd_bus_message_read) X(sd_bus_message_unref) \
    X(sd_bus_set_method_call_timeout) X(sd_bus_set_property) X(sd_bus_open_user) \
    X(sd_bus_message_enter_container) X(sd_bus_message_exit_container)

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
#define sd_bus_open_system uvd_systemd.sd_bus_open_system
#define sd_bus_call_method uvd_systemd.sd_bus_call_method
#define sd_bus_error_free uvd_systemd.sd_bus_error_free
#define sd_bus_error_is_set uvd_systemd.sd_bus_error_is_set
#define sd_bus_flush_close_unref uvd_systemd.sd_bus_flush_close_unref
#define sd_bus_get_property uvd_systemd.sd_bus_get_property
#define sd_bus_get_property_string uvd_systemd.sd_bus_get_property_string
#define sd_bus_get_property_trivial uvd_systemd.sd_bus_get_property_trivial
#define sd_bus_message_read uvd_systemd.sd_bus_message_read
#define sd_bus_message_unref uvd_systemd.sd_bus_message_unref
#define sd_bus_set_method_call_timeout uvd_systemd.sd_bus_set_method_call_timeout
#define sd_bus_set_property uvd_systemd.sd_bus_set_property
#define sd_bus_open_user uvd_systemd.sd_bus_open_user
#define sd_bus_message_enter_container uvd_systemd.sd_bus_message_enter_container
#define sd_bus_message_exit_container uvd_systemd.sd_bus_message_exit_container
#endif

#endif
