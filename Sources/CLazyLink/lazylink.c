#include "CLazyLink.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

void uvd_lazy_unloaded(void) {
    fputs("uvd: a library was called before it was opened\n", stderr);
    abort();
}

int uvd_lazy_resolve(const char *soname, const char *package, const char *const *names, void **const *pointers,
                     size_t count, char *error, size_t error_size) {
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(error, error_size, "%s cannot be loaded (%s); install the %s package", soname, dlerror(), package);
        return -1;
    }
    void *found[count];
    for (size_t index = 0; index < count; index++) {
        if (!(found[index] = dlsym(library, names[index]))) {
            snprintf(error, error_size, "%s has no %s; install the %s package as Debian ships it", soname, names[index], package);
            return -1;
        }
    }
    /* Only once every name is found: a library that lacks one is not used at all. */
    for (size_t index = 0; index < count; index++) *pointers[index] = found[index];
    return 0;
}
