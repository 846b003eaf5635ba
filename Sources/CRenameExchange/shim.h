#ifndef QUIZLINE_CRENAMEEXCHANGE_SHIM_H
#define QUIZLINE_CRENAMEEXCHANGE_SHIM_H
// Linux's renameat2(2) with RENAME_EXCHANGE: swaps two paths in one atomic step. glibc declares
// renameat2 only under _GNU_SOURCE, which Swift's Glibc module does not set, so the system call
// is made directly. Returns 0, or -1 with errno set (EINVAL where the file system cannot swap,
// ENOSYS on kernels before 3.15).
#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

static inline int quizline_rename_exchange(const char *from, const char *to) {
#ifdef SYS_renameat2
  return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 2 /* RENAME_EXCHANGE */);
#else
  errno = ENOSYS;
  return -1;
#endif
}
#endif
