// The event-loop thread: epoll_wait with no timeout, so it runs only when a watched descriptor is
// ready. A watch is shared by its owner and the loop (two references); who disarms it first
// (the loop firing it, or the owner cancelling) is settled by one compare-and-swap, and a
// cancelled watch the loop may still hold in its current batch is released by the loop only
// after that batch, so it is never touched after it is freed.
#define _GNU_SOURCE
#include "CEventLoop.h"
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <unistd.h>

enum { ARMED, FIRED, CANCELLED };

struct uvd_watch {
    int duplicate;
    atomic_int state;
    atomic_int references;
    uvd_watch_callback callback;
    void *context;
    uvd_watch *next_cancelled;
};

static int loop_fd = -1;
static pthread_once_t loop_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t cancelled_lock = PTHREAD_MUTEX_INITIALIZER;
static uvd_watch *cancelled;

void uvd_watch_release(uvd_watch *watch) {
    if (atomic_fetch_sub(&watch->references, 1) == 1) free(watch);
}

static void disarm(uvd_watch *watch) {
    epoll_ctl(loop_fd, EPOLL_CTL_DEL, watch->duplicate, NULL);
    close(watch->duplicate);
}

static void release_cancelled(void) {
    pthread_mutex_lock(&cancelled_lock);
    uvd_watch *watch = cancelled;
    cancelled = NULL;
    pthread_mutex_unlock(&cancelled_lock);
    while (watch) {
        uvd_watch *next = watch->next_cancelled;
        uvd_watch_release(watch);
        watch = next;
    }
}

static void *run_loop(void *unused) {
    (void)unused;
    struct epoll_event events[32];
    for (;;) {
        release_cancelled();
        int count = epoll_wait(loop_fd, events, 32, -1);
        for (int index = 0; index < count; index++) {
            uvd_watch *watch = events[index].data.ptr;
            int expected = ARMED;
            if (!atomic_compare_exchange_strong(&watch->state, &expected, FIRED)) continue;
            disarm(watch);
            watch->callback(watch->context);
            uvd_watch_release(watch);
        }
    }
    return NULL;
}

static void start_loop(void) {
    loop_fd = epoll_create1(EPOLL_CLOEXEC);
    if (loop_fd < 0) return;
    // The loop thread takes no signals: whoever handles them does so through a signalfd.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attributes, 64 * 1024);
    pthread_t thread;
    if (pthread_create(&thread, &attributes, run_loop, NULL) != 0) {
        close(loop_fd);
        loop_fd = -1;
    }
    pthread_attr_destroy(&attributes);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
}

uvd_watch *uvd_watch_fd(int fd, bool writable, uvd_watch_callback callback, void *context) {
    pthread_once(&loop_once, start_loop);
    if (loop_fd < 0) { errno = EAGAIN; return NULL; }
    uvd_watch *watch = calloc(1, sizeof *watch);
    if (!watch) { errno = ENOMEM; return NULL; }
    // Each watch registers a descriptor of its own, a duplicate, so a waited-on descriptor costs
    // two while the wait lasts (an idle client connection, waiting to read, holds two). Both are
    // needed: epoll keys a registration by descriptor and file, so two watches of one descriptor
    // (a streamed reply waiting to write while the connection is watched for a hang-up) would
    // collide on the same key (EEXIST); and a registration outlives the owner's close of its
    // descriptor while the file is open elsewhere (a child's inherited copy), so the owner closing
    // it while watched would leave a registration no one can remove and that fires into freed
    // memory. With its own duplicate, a watch adds and removes exactly what it made.
    watch->duplicate = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (watch->duplicate < 0) { int saved = errno; free(watch); errno = saved; return NULL; }
    atomic_init(&watch->state, ARMED);
    atomic_init(&watch->references, 2);
    watch->callback = callback;
    watch->context = context;
    struct epoll_event event = { .events = (writable ? EPOLLOUT : EPOLLIN) | EPOLLONESHOT, .data.ptr = watch };
    if (epoll_ctl(loop_fd, EPOLL_CTL_ADD, watch->duplicate, &event) != 0) {
        int saved = errno;
        close(watch->duplicate);
        free(watch);
        errno = saved;
        return NULL;
    }
    return watch;
}

bool uvd_watch_cancel(uvd_watch *watch) {
    int expected = ARMED;
    if (!atomic_compare_exchange_strong(&watch->state, &expected, CANCELLED)) return false;
    disarm(watch);
    pthread_mutex_lock(&cancelled_lock);
    watch->next_cancelled = cancelled;
    cancelled = watch;
    pthread_mutex_unlock(&cancelled_lock);
    return true;
}
