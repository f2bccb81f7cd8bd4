// A global executor for Swift concurrency: jobs in one FIFO queue, served by the main thread and
// (for the daemon) one more; an idle thread waits on a condition variable with no timeout. Installed through the
// runtime's hook (swift/include/swift/Runtime/ConcurrencyHooks.def: swift_task_enqueueGlobal_hook,
// called with the job and the original implementation); a job runs through swift_job_run with the
// generic executor, as the default executor runs it.
#include "CEventLoop.h"
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define SWIFT_CC __attribute__((swiftcall))

typedef struct swift_job swift_job;
/// SerialExecutorRef: an identity and an implementation word; both zero is the generic executor.
typedef struct { void *identity; uintptr_t implementation; } swift_serial_executor_ref;
typedef SWIFT_CC void (*swift_enqueue_global_original)(swift_job *job);

extern SWIFT_CC void (*swift_task_enqueueGlobal_hook)(swift_job *job, swift_enqueue_global_original original);
extern SWIFT_CC void swift_job_run(swift_job *job, swift_serial_executor_ref executor);

// The main actor, found by the hook the runtime asks for its executor (ConcurrencyHooks.def,
// swift_task_getMainExecutor): every hop to the main actor asks it, and the answer is the
// runtime's own. Measured on Swift 6.3: `MainActor.run` asks it twice, and neither
// swift_task_enqueueMainExecutor_hook nor (for `Task.sleep`) the delay and deadline hooks are
// called any more (the default executor schedules those itself), so `scripts/check-executor`
// is what keeps `Task.sleep` out.
typedef SWIFT_CC swift_serial_executor_ref (*swift_get_main_executor_original)(void);
extern SWIFT_CC swift_serial_executor_ref (*swift_task_getMainExecutor_hook)(swift_get_main_executor_original original);

static atomic_uint_fast64_t main_actor_jobs, slow_jobs, longest_job_ms;
static atomic_bool strict_rules;

/// Counted; with strict rules, said and stopped: a debug build fails where the rule is broken.
static void broke(atomic_uint_fast64_t *counter, const char *what) {
    atomic_fetch_add_explicit(counter, 1, memory_order_relaxed);
    if (atomic_load_explicit(&strict_rules, memory_order_relaxed)) {
        fprintf(stderr, "uvd: %s on uvd's executor (CONTRIBUTING.md, \"The executor\"); stopping\n", what);
        abort();
    }
}

static SWIFT_CC swift_serial_executor_ref main_executor(swift_get_main_executor_original original) {
    broke(&main_actor_jobs, "the main actor (@MainActor, MainActor.run)");
    return original();
}

void uvd_executor_watch_rules(bool strict) {
    atomic_store(&strict_rules, strict);
    swift_task_getMainExecutor_hook = main_executor;
}

uvd_executor_violations uvd_executor_violations_so_far(void) {
    return (uvd_executor_violations){
        .main_actor = atomic_load_explicit(&main_actor_jobs, memory_order_relaxed),
        .slow = atomic_load_explicit(&slow_jobs, memory_order_relaxed),
        .longest_ms = atomic_load_explicit(&longest_job_ms, memory_order_relaxed),
    };
}

static uint64_t monotonic_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000u + (uint64_t)now.tv_nsec / 1000000u;
}

/// Runs one job, noting how long it held the thread (CLOCK_MONOTONIC is read through the vDSO:
/// no system call, so idle stays idle).
static void run_timed(swift_job *job) {
    uint64_t start = monotonic_ms();
    swift_job_run(job, (swift_serial_executor_ref){ NULL, 0 });
    uvd_executor_held(monotonic_ms() - start);
}

void uvd_executor_held(uint64_t held) {
    if (held > UVD_EXECUTOR_SLOW_MS) atomic_fetch_add_explicit(&slow_jobs, 1, memory_order_relaxed);
    uint_fast64_t longest = atomic_load_explicit(&longest_job_ms, memory_order_relaxed);
    while (held > longest && !atomic_compare_exchange_weak_explicit(&longest_job_ms, &longest, held, memory_order_relaxed, memory_order_relaxed)) {}
}

typedef struct queued_job { swift_job *job; struct queued_job *next; } queued_job;

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queue_ready = PTHREAD_COND_INITIALIZER;
static queued_job *first, *last;

static SWIFT_CC void enqueue(swift_job *job, swift_enqueue_global_original original) {
    queued_job *entry = malloc(sizeof *entry);
    if (!entry) { original(job); return; }
    entry->job = job;
    entry->next = NULL;
    pthread_mutex_lock(&queue_lock);
    if (last) last->next = entry; else first = entry;
    last = entry;
    pthread_cond_signal(&queue_ready);
    pthread_mutex_unlock(&queue_lock);
}

_Noreturn void uvd_executor_serve(void) {
    for (;;) {
        pthread_mutex_lock(&queue_lock);
        while (!first) pthread_cond_wait(&queue_ready, &queue_lock);
        queued_job *entry = first;
        first = entry->next;
        if (!first) last = NULL;
        pthread_mutex_unlock(&queue_lock);
        swift_job *job = entry->job;
        free(entry);
        run_timed(job);
    }
}

static void *serve(void *unused) {
    (void)unused;
    uvd_executor_serve();
}

int uvd_executor_install(bool strict, bool second_thread) {
    swift_task_enqueueGlobal_hook = enqueue;
    uvd_executor_watch_rules(strict);
    if (!second_thread) return 0;
    pthread_attr_t attributes;
    int status = pthread_attr_init(&attributes);
    if (status != 0) return status;
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    status = pthread_create(&thread, &attributes, serve, NULL);
    pthread_attr_destroy(&attributes);
    return status;
}
