// Per-thread facts Seam's hot paths read without a Swift task-local lookup (package-internal, not a
// product). Swift has no thread-local variables and no public, cheap "am I in a task?" query:
// `withUnsafeCurrentTask` costs ~100 ns and a task-local read 12-30 ns on Linux, against a ~10 ns
// singleton resolve. Both facts here cost a few nanoseconds or less.
#ifndef SEAM_TASK_STATE_H
#define SEAM_TASK_STATE_H

#include <stdbool.h>

#if __has_feature(nullability)
#pragma clang assume_nonnull begin
#endif

/// Whether the calling thread is running a Swift task (the concurrency runtime's current task is set).
/// Outside a task, only a synchronous override scope entered on this same thread can be in effect.
bool seam_is_in_task(void);

/// The innermost synchronous resolution step being built on the calling thread (a `PathNode *`), or
/// NULL. A synchronous factory runs start to end on one thread, so a resolve it makes through a
/// container instead of its resolver continues this path: cycles keep their full path.
extern _Thread_local const void *_Nullable seam_thread_path_node;

static inline const void *_Nullable seam_current_path_node(void) { return seam_thread_path_node; }

static inline void seam_set_current_path_node(const void *_Nullable node) { seam_thread_path_node = node; }

#if __has_feature(nullability)
#pragma clang assume_nonnull end
#endif

#endif
