// Per-thread facts Seam's hot paths read without a Swift task-local lookup (package-internal, not a
// product). Swift has no thread-local variables and no public, cheap "am I in a task?" query:
// `withUnsafeCurrentTask` costs ~100 ns and a task-local read 12-30 ns on Linux, against a ~10 ns
// singleton resolve. Everything here is a few nanoseconds or less.
#ifndef SEAM_TASK_STATE_H
#define SEAM_TASK_STATE_H

#include <stdbool.h>
#include <stddef.h>

#if __has_feature(nullability)
#pragma clang assume_nonnull begin
#endif

// Thread-locals read on hot paths: initial-exec on ELF platforms (one %fs-relative load instead of a
// __tls_get_addr call); Darwin's thread-local descriptors are already cheap.
#if defined(__ELF__)
#define SEAM_HOT_TLS __attribute__((tls_model("initial-exec")))
#else
#define SEAM_HOT_TLS
#endif

#if __has_attribute(swiftcall)
#define SEAM_SWIFTCALL __attribute__((swiftcall))
#else
#define SEAM_SWIFTCALL
#endif

/// The concurrency runtime's current task (NULL outside tasks). Exported by libswift_Concurrency as part
/// of its stable ABI; the standard library's `withUnsafeCurrentTask` reads the same value.
extern void *_Nullable swift_task_getCurrent(void) SEAM_SWIFTCALL;

/// Whether the calling thread is running a Swift task. Outside a task, only a synchronous override
/// scope entered on this same thread can be in effect.
static inline bool seam_is_in_task(void) { return swift_task_getCurrent() != NULL; }

/// How many synchronous override scopes are bound on the calling thread outside any task (in its
/// fallback task-local storage). Outside a task, a thread sees no scope while this is 0.
extern _Thread_local long seam_thread_bound_scopes SEAM_HOT_TLS;

static inline long seam_bound_scopes_on_this_thread(void) { return seam_thread_bound_scopes; }

static inline void seam_add_bound_scopes_on_this_thread(long delta) { seam_thread_bound_scopes += delta; }

/// The innermost synchronous resolution step being built on the calling thread (a `PathNode *`), or
/// NULL. A synchronous factory runs start to end on one thread, so a resolve it makes through a
/// container instead of its resolver continues this path: cycles keep their full path.
extern _Thread_local const void *_Nullable seam_thread_path_node SEAM_HOT_TLS;

static inline const void *_Nullable seam_current_path_node(void) { return seam_thread_path_node; }

static inline void seam_set_current_path_node(const void *_Nullable node) { seam_thread_path_node = node; }

#if __has_feature(nullability)
#pragma clang assume_nonnull end
#endif

#endif
