#ifndef UVD_PROCESS_MEMORY_H
#define UVD_PROCESS_MEMORY_H

/// Asks the kernel to read from disk only the pages of this program's data that it touches
/// (madvise MADV_RANDOM on every loadable segment of the program that is not code), instead of
/// the disk's readahead around each (128 KB by default). The Swift runtime's first protocol
/// conformance lookup reads every conformance descriptor, one or two in each object's
/// `.rodata`, spread through megabytes; with readahead each of those reads brings 128 KB that
/// nothing else uses, and the process's memory cgroup is charged for all of it. Code keeps its
/// readahead: what runs is laid out together (Build/uvd-hot-text.ld), and Linux 6.18 (tried)
/// reads ahead of faults in executable mappings whatever the advice. The library gives it itself
/// before the program's other initialisers run; a second call changes nothing. The number of
/// segments advised, or -1 with errno when the kernel refused one.
int uvd_read_data_pages_when_touched(void);

/// Makes every thread of the process allocate from one malloc arena (mallopt M_ARENA_MAX 1).
/// glibc gives each thread that allocates an arena of its own, and each keeps the memory freed in
/// it for that arena alone; uvd's threads seldom allocate at once (the bench's GetStatus round
/// trip is the same with one arena). Call it before the process starts threads. 1, or 0 where
/// glibc refused.
int uvd_share_one_malloc_arena(void);

#endif
