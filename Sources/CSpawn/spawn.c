#define _GNU_SOURCE
#include "uvd_spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <unistd.h>

extern char **environ;

int uvd_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

pid_t uvd_spawn_with_pipes(const char *path, char *const argv[], int stdin_fd, int stdout_fd) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    sigset_t none, all;
    pid_t pid = -1;
    int status = posix_spawn_file_actions_init(&actions);
    if (status != 0) {
        errno = status;
        return -1;
    }
    status = posix_spawnattr_init(&attributes);
    if (status != 0) {
        posix_spawn_file_actions_destroy(&actions);
        errno = status;
        return -1;
    }
    sigemptyset(&none);
    /* Every signal back to its default disposition: the daemon ignores SIGPIPE, and a child
       that inherited that would meet EPIPE where a plain program is stopped by the signal. */
    sigfillset(&all);
    if ((status = posix_spawn_file_actions_adddup2(&actions, stdin_fd, 0)) == 0 &&
        (status = posix_spawn_file_actions_adddup2(&actions, stdout_fd, 1)) == 0 &&
        (status = posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)) == 0 &&
        (status = posix_spawn_file_actions_addclosefrom_np(&actions, 3)) == 0 &&
        (status = posix_spawnattr_setsigmask(&attributes, &none)) == 0 &&
        (status = posix_spawnattr_setsigdefault(&attributes, &all)) == 0 &&
        (status = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)) == 0) {
        status = posix_spawn(&pid, path, &actions, &attributes, argv, environ);
    }
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    if (status != 0) {
        errno = status;
        return -1;
    }
    return pid;
}

int uvd_file_actions_close_from(void *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, lowest);
}

void uvd_die_with_parent(pid_t parent) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) {
        _exit(1);
    }
}
