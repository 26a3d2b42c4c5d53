#include "SeamTaskState.h"

_Thread_local const void *seam_thread_path_node SEAM_HOT_TLS = NULL;
_Thread_local long seam_thread_bound_scopes SEAM_HOT_TLS = 0;
