#define _GNU_SOURCE
#include <pthread.h>
#include <string.h>

#include "CThread.h"

int uvd_thread_set_name(const char *name) {
    char kept[16];
    strncpy(kept, name, sizeof kept - 1);
    kept[sizeof kept - 1] = '\0';
    return pthread_setname_np(pthread_self(), kept);
}
