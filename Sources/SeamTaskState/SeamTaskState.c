#include "SeamTaskState.h"
#include <stddef.h>

#if __has_attribute(swiftcall)
#define SEAM_SWIFTCALL __attribute__((swiftcall))
#else
#define SEAM_SWIFTCALL
#endif

// Exported by the Swift concurrency runtime (libswift_Concurrency), part of its stable ABI; the
// standard library's `withUnsafeCurrentTask` reads the same value.
extern void *swift_task_getCurrent(void) SEAM_SWIFTCALL;

_Thread_local const void *seam_thread_path_node = NULL;

bool seam_is_in_task(void) {
    return swift_task_getCurrent() != NULL;
}
