#define _GNU_SOURCE
#include "uvd_process_memory.h"

#include <errno.h>
#include <link.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

struct advice {
    int advised;
    int error;
};

static int advise_program(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct advice *advice = data;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    for (ElfW(Half) index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[index];
        if (segment->p_type != PT_LOAD || (segment->p_flags & PF_X) || segment->p_memsz == 0) {
            continue;
        }
        uintptr_t start = info->dlpi_addr + segment->p_vaddr;
        uintptr_t end = start + segment->p_memsz;
        start &= ~(page - 1);
        if (madvise((void *)start, end - start, MADV_RANDOM) == 0) {
            advice->advised++;
        } else if (advice->error == 0) {
            advice->error = errno;
        }
    }
    // The program is the first object dl_iterate_phdr visits; its libraries are not uvd's to advise.
    return 1;
}

int uvd_read_data_pages_when_touched(void) {
    struct advice advice = {0, 0};
    dl_iterate_phdr(advise_program, &advice);
    if (advice.error != 0) {
        errno = advice.error;
        return -1;
    }
    return advice.advised;
}

/// The advice given before anything else in the program runs: an initialiser of priority 101 (the
/// first a program may use) runs before the Swift runtime's and Foundation's own, which read
/// constants (a conformance lookup, the runtime's environment) that, advised only once `main`
/// began, were read 128 KB at a time.
__attribute__((constructor(101))) static void read_data_pages_when_touched_from_the_start(void) {
    (void)uvd_read_data_pages_when_touched();
}
