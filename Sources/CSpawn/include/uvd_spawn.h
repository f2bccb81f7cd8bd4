#ifndef UVD_SPAWN_H
#define UVD_SPAWN_H

#include <sys/types.h>

/// A pipe whose two ends close on exec (pipe2 with O_CLOEXEC, which Swift's Glibc module does not
/// show). 0, or -1 with errno.
int uvd_pipe_cloexec(int fds[2]);

/// Starts `path` with `argv`, the caller's environment, `stdin_fd` as its standard input,
/// `stdout_fd` as its standard output, /dev/null as its standard error, every other descriptor
/// closed and no signal blocked. The pid, or -1 with errno.
pid_t uvd_spawn_with_pipes(const char *path, char *const argv[], int stdin_fd, int stdout_fd);

/// Adds to `actions` the closing of every descriptor from `lowest` up (glibc's
/// posix_spawn_file_actions_addclosefrom_np, which Swift's Glibc module does not show). 0 or an
/// error number. `actions` is a posix_spawn_file_actions_t.
int uvd_file_actions_close_from(void *actions, int lowest);

/// In a child: be killed when the parent that started it dies (PR_SET_PDEATHSIG), and if
/// `parent` is already gone (this process has another parent by now), exit at once.
void uvd_die_with_parent(pid_t parent);

#endif
