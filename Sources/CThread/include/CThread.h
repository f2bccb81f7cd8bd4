#ifndef UVD_CTHREAD_H
#define UVD_CTHREAD_H

/// Names the calling thread (at most 15 bytes are kept, the kernel's limit); what ps -L, top -H
/// and gdb show. Swift's Glibc module leaves pthread_setname_np out (it is a GNU extension).
int uvd_thread_set_name(const char *name);

#endif
