#define _GNU_SOURCE
#include "CProcessControl.h"

#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <unistd.h>

int workbook_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[],
                   int input, int output, int error, const char *directory, int own_session) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int status = posix_spawn_file_actions_init(&actions);
    if (status != 0) return status;
    status = posix_spawnattr_init(&attributes);
    if (status != 0) { posix_spawn_file_actions_destroy(&actions); return status; }

    // The three standard descriptors, and nothing else: no pipe, socket or report channel
    // of the workbook's reaches the child (a grandchild holding one open would keep the
    // workbook waiting for an end of file).
    posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, error, STDERR_FILENO);
    short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
#if defined(__linux__)
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    if (own_session) flags |= POSIX_SPAWN_SETSID;
#elif defined(__APPLE__)
    flags |= POSIX_SPAWN_CLOEXEC_DEFAULT;
    if (own_session) flags |= POSIX_SPAWN_SETSID;
    posix_spawn_file_actions_addinherit_np(&actions, STDIN_FILENO);
    posix_spawn_file_actions_addinherit_np(&actions, STDOUT_FILENO);
    posix_spawn_file_actions_addinherit_np(&actions, STDERR_FILENO);
#endif
    if (directory != NULL) posix_spawn_file_actions_addchdir_np(&actions, directory);

    // A session (and so a process group) of its own when asked, every signal at its default action
    // (the workbook ignores SIGPIPE; the child must not inherit that) and none blocked.
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    sigdelset(&all, SIGKILL);
    sigdelset(&all, SIGSTOP);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setflags(&attributes, flags);

    if (strchr(path, '/') != NULL) {
        status = posix_spawn(pid, path, &actions, &attributes, argv, envp);
    } else {
        status = posix_spawnp(pid, path, &actions, &attributes, argv, envp);
    }
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    return status;
}

#include <fcntl.h>

int workbook_pipe(int ends[2]) {
#if defined(__linux__)
    return pipe2(ends, O_CLOEXEC);
#else
    if (pipe(ends) != 0) return -1;
    fcntl(ends[0], F_SETFD, FD_CLOEXEC);
    fcntl(ends[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}
