// Code pages resident only where they run: every loaded object's code pages are let go
// (MADV_DONTNEED: they are the file's, clean, and come back from the page cache when next run)
// and fault-around is turned off for them (MADV_RANDOM), so what comes back is what runs.
#define _GNU_SOURCE
#include "CEventLoop.h"
#include <link.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static int advise_code(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    int *failures = data;
    // The vDSO is the kernel's own mapping, not a file's: left as it is.
    if (info->dlpi_name && strncmp(info->dlpi_name, "linux-vdso", 10) == 0) return 0;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    for (ElfW(Half) index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        // Code only, never writable: its pages are the file's, and dropping them loses nothing.
        if (header->p_type != PT_LOAD || !(header->p_flags & PF_X) || (header->p_flags & PF_W)) continue;
        uintptr_t start = (info->dlpi_addr + header->p_vaddr) & ~(page - 1);
        uintptr_t end = info->dlpi_addr + header->p_vaddr + header->p_memsz;
        if (madvise((void *)start, end - start, MADV_RANDOM) != 0) (*failures)++;
        if (madvise((void *)start, end - start, MADV_DONTNEED) != 0) (*failures)++;
    }
    return 0;
}

int uvd_code_random_access(void) {
    int failures = 0;
    dl_iterate_phdr(advise_code, &failures);
    return failures;
}
