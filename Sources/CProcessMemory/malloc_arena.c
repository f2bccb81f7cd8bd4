#include "uvd_process_memory.h"

#include <malloc.h>

int uvd_share_one_malloc_arena(void) {
    return mallopt(M_ARENA_MAX, 1);
}
