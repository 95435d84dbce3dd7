#ifndef C_PROCESS_CONTROL_H
#define C_PROCESS_CONTROL_H

/// Makes the calling process inherit the orphans of its descendants (Linux's
/// PR_SET_CHILD_SUBREAPER). Returns 0 on success, -1 where it is not available.
/// `prctl` is variadic, which Swift cannot call; this is its one use here.
int workbook_become_subreaper(void);

#endif
