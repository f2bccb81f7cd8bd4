// A global executor for Swift concurrency: jobs in one FIFO queue, served by the main thread and
// one more; an idle thread waits on a condition variable with no timeout. Installed through the
// runtime's hook (swift/include/swift/Runtime/ConcurrencyHooks.def: swift_task_enqueueGlobal_hook,
// called with the job and the original implementation); a job runs through swift_job_run with the
// generic executor, as the default executor runs it.
#include "CEventLoop.h"
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

#define SWIFT_CC __attribute__((swiftcall))

typedef struct swift_job swift_job;
/// SerialExecutorRef: an identity and an implementation word; both zero is the generic executor.
typedef struct { void *identity; uintptr_t implementation; } swift_serial_executor_ref;
typedef SWIFT_CC void (*swift_enqueue_global_original)(swift_job *job);

extern SWIFT_CC void (*swift_task_enqueueGlobal_hook)(swift_job *job, swift_enqueue_global_original original);
extern SWIFT_CC void swift_job_run(swift_job *job, swift_serial_executor_ref executor);

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
        swift_job_run(job, (swift_serial_executor_ref){ NULL, 0 });
    }
}

static void *serve(void *unused) {
    (void)unused;
    uvd_executor_serve();
}

int uvd_executor_install(void) {
    swift_task_enqueueGlobal_hook = enqueue;
    pthread_attr_t attributes;
    int status = pthread_attr_init(&attributes);
    if (status != 0) return status;
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    status = pthread_create(&thread, &attributes, serve, NULL);
    pthread_attr_destroy(&attributes);
    return status;
}
