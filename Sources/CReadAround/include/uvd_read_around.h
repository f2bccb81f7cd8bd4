#ifndef UVD_READ_AROUND_H
#define UVD_READ_AROUND_H

/// Asks the kernel to read from disk only the pages of this program's data that it touches
/// (madvise MADV_RANDOM on every loadable segment of the program that is not code), instead of
/// the disk's readahead around each (128 KB by default). The Swift runtime's first protocol
/// conformance lookup reads every conformance descriptor, one or two in each object's
/// `.rodata`, spread through megabytes; with readahead each of those reads brings 128 KB that
/// nothing else uses, and the process's memory cgroup is charged for all of it. Code keeps its
/// readahead: what runs is laid out together (Build/uvd-hot-text.ld), and kernels since 6.x
/// read around faults in executable mappings whatever the advice. The number of segments
/// advised, or -1 with errno when the kernel refused one.
int uvd_read_data_pages_when_touched(void);

#endif
