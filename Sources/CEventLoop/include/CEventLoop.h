// uvd's event loop: one epoll thread that wakes only when a watched descriptor is ready, and a
// global executor for Swift concurrency whose threads sleep on a condition variable until a job
// comes. Neither has a periodic timer: between its deadlines a uvd process makes no system call
// (libdispatch's root queues, the default executor, arm a 1 Hz workqueue monitor on Linux).
#ifndef UVD_CEVENTLOOP_H
#define UVD_CEVENTLOOP_H

#include <stdbool.h>
#include <stdint.h>

/// A registration for one readiness of one descriptor.
typedef struct uvd_watch uvd_watch;

/// Called on the event-loop thread, at most once per watch, when the descriptor is ready.
typedef void (*uvd_watch_callback)(void *context);

/// Watches `fd` once for being readable (or writable, when `writable`); `callback(context)` runs on the loop's
/// thread when it is ready. The watch holds its own duplicate of `fd`, so several watches on one
/// descriptor can be armed together. NULL with errno set when it cannot be watched (EPERM: a
/// regular file, which is always ready). The caller ends it with `uvd_watch_release`.
uvd_watch *uvd_watch_fd(int fd, bool writable, uvd_watch_callback callback, void *context);

/// Disarms a watch: true when the callback has not run and now never will; false when it ran or
/// is about to.
bool uvd_watch_cancel(uvd_watch *watch);

/// The caller's part of a watch is over (after its callback ran or a cancel returned true).
void uvd_watch_release(uvd_watch *watch);

/// Makes this process's Swift concurrency run its global jobs on uvd's own threads instead of
/// libdispatch's (the runtime's documented `swift_task_enqueueGlobal_hook`). Call once, first
/// thing in main, before any task exists; `uvd_executor_serve` then gives the main thread to it.
/// Jobs for the main actor and `Task.sleep` still go to libdispatch, which uvd must not use: a
/// main-actor job is counted (`uvd_executor_watch_rules`), and with `strict` the process stops
/// at the first. With `second_thread`, one more thread serves beside the main thread; returns 0,
/// or the error number when it could not start (the main thread then serves alone).
int uvd_executor_install(bool strict, bool second_thread);

/// What broke the executor's rules so far (CONTRIBUTING.md, "The executor").
typedef struct {
    /// Jobs sent to the main actor.
    uint64_t main_actor;
    /// Jobs that held one of uvd's threads for longer than `UVD_EXECUTOR_SLOW_MS`.
    uint64_t slow;
    /// The longest any job held a thread, in milliseconds.
    uint64_t longest_ms;
} uvd_executor_violations;

/// How long a job may hold one of the executor's threads.
#define UVD_EXECUTOR_SLOW_MS 250

/// Counts jobs for the main actor, then lets them go on as before (with `strict`, stops the
/// process); done by `uvd_executor_install`, and callable alone (the tests, on the default executor).
void uvd_executor_watch_rules(bool strict);

/// A job held one of the executor's threads for `milliseconds`: counted when over the limit,
/// and kept when the longest yet. Called after every job the executor runs.
void uvd_executor_held(uint64_t milliseconds);

/// The counts so far.
uvd_executor_violations uvd_executor_violations_so_far(void);

/// Runs global jobs on the calling thread; never returns (the process ends with exit()).
_Noreturn void uvd_executor_serve(void);

/// Catches `signals` with a handler that writes each signal's number, as one byte, to a pipe (the
/// self-pipe pattern: a handler may only make async-signal-safe calls). Returns the pipe's
/// non-blocking read end, or -1 with errno set. Call once per process.
int uvd_signal_pipe(const int *signals, int count);

#endif
