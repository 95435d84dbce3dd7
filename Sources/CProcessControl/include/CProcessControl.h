#ifndef C_PROCESS_CONTROL_H
#define C_PROCESS_CONTROL_H

#include <sys/types.h>

/// Makes the calling process inherit the orphans of its descendants (Linux's
/// PR_SET_CHILD_SUBREAPER). Returns 0 on success, -1 where it is not available.
/// `prctl` is variadic, which Swift cannot call; this is its one use here.
int workbook_become_subreaper(void);

/// Starts `path` (looked up in PATH when it has no slash) with `argv` and `envp`, its
/// standard input, output and error taken from `input`, `output` and `error`, and every
/// other descriptor closed; in a session of its own unless `own_session` is 0 (a pager,
/// which must stay in the terminal's foreground group); with default signal actions and no
/// signal blocked; in `directory` unless it is NULL. Returns 0 and sets `pid`, or an errno.
///
/// In C because `posix_spawn`'s Linux extensions (closing every descriptor from 3 on,
/// starting a session) are macros and `_np` functions Swift's Glibc module does not show.
int workbook_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[],
                   int input, int output, int error, const char *directory, int own_session);

/// A pipe whose two ends close on exec (`pipe2(O_CLOEXEC)`, a GNU name Swift does not
/// see). Returns 0, or -1 with errno set.
int workbook_pipe(int ends[2]);

/// Makes standard output line-buffered, so that a parent reading the pipe sees each line
/// as it is printed. `stdout` is a C global variable, which Swift 6 code may not read.
void workbook_line_buffer_standard_output(void);

/// Writes out what standard output holds (`fflush(stdout)`), for the same reason.
void workbook_flush_standard_output(void);

#endif
