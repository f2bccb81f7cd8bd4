// Signals as bytes on a pipe, so that a task can wait for them through the event loop.
#define _GNU_SOURCE
#include "CEventLoop.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static int signal_write_end = -1;

static void note_signal(int number) {
    int saved = errno;
    unsigned char byte = (unsigned char)number;
    // A full pipe loses nothing that matters: a reader that is that far behind has the same
    // signal waiting many times over.
    (void)write(signal_write_end, &byte, 1);
    errno = saved;
}

int uvd_signal_pipe(const int *signals, int count) {
    int ends[2];
    if (pipe2(ends, O_NONBLOCK | O_CLOEXEC) != 0) return -1;
    signal_write_end = ends[1];
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = note_signal;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    for (int index = 0; index < count; index++) {
        if (sigaction(signals[index], &action, NULL) != 0) return -1;
    }
    return ends[0];
}
