#include <dlfcn.h>
#include <pthread.h>
#define UVD_LIBSYSTEMD_TABLE
#include "libsystemd.h"

struct uvd_systemd_table uvd_systemd;
static pthread_once_t loading = PTHREAD_ONCE_INIT;
static int loaded;

static void load(void) {
    void *library = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return;
#define UVD_SYSTEMD_RESOLVE(name) if ((uvd_systemd.name = (__typeof__(name) *)dlsym(library, #name)) == NULL) return;
    UVD_SYSTEMD_FUNCTIONS(UVD_SYSTEMD_RESOLVE)
#undef UVD_SYSTEMD_RESOLVE
    loaded = 1;
}

int uvd_systemd_load(void) {
    pthread_once(&loading, load);
    return loaded;
}
