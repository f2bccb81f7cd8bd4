// A library opened when uvd first needs it (dlopen), not linked: the program does not load it, its
// dependencies and their init functions at every start, and uvctl, the same binary, never does.
//
// Swift calls the library's functions by their own names, as declared by the library's header.
// Each name is defined here as a trampoline: a jump through a pointer that `uvd_lazy_resolve`
// fills from dlsym. A jump passes every argument register and the stack on untouched, so one
// trampoline serves any prototype, variadic ones too, with no prototype written twice. The names
// are hidden: only uvd's own code calls them, never the library's neighbours, which bind to
// each other as the dynamic loader links them.
#ifndef UVD_CLAZYLINK_H
#define UVD_CLAZYLINK_H

#include <stddef.h>

/// Where each pointer points until its library is opened: says so on standard error and aborts.
/// Calling a library before opening it is a defect of uvd's own (its Swift side opens the library
/// on the path to every call), never something from outside.
void uvd_lazy_unloaded(void);

/// Opens `soname` and fills `count` pointers from `names`; 0, or -1 with why in `error` (naming
/// `package`, the Debian package that holds the library). The pointers keep pointing at
/// `uvd_lazy_unloaded` when the library cannot be opened.
int uvd_lazy_resolve(const char *soname, const char *package, const char *const *names, void **const *pointers,
                     size_t count, char *error, size_t error_size);

#if defined(__x86_64__)
#define UVD_LAZY_JUMP(pointer) "jmp *" pointer "(%rip)\n"
#elif defined(__aarch64__)
#define UVD_LAZY_JUMP(pointer) "adrp x16, " pointer "\nldr x16, [x16, :lo12:" pointer "]\nbr x16\n"
#else
#error "uvd's lazily opened libraries have trampolines for x86_64 and aarch64 only"
#endif

/// For an X-macro list of function names `LIST(X)`: a hidden pointer `uvd_lazy_<name>` and a
/// hidden trampoline per name, and `table`, the pointers' addresses with their names, in order, for
/// `uvd_lazy_resolve`.
#define UVD_LAZY_FUNCTIONS(table, LIST)                                                          \
    LIST(UVD_LAZY_POINTER)                                                                       \
    LIST(UVD_LAZY_TRAMPOLINE)                                                                    \
    static void **const table##_pointers[] = {LIST(UVD_LAZY_SLOT)};                              \
    static const char *const table##_names[] = {LIST(UVD_LAZY_NAME)};                            \
    enum { table##_count = sizeof table##_names / sizeof *table##_names };

#define UVD_LAZY_POINTER(name) __attribute__((visibility("hidden"))) void *uvd_lazy_##name = (void *)uvd_lazy_unloaded;
#define UVD_LAZY_SLOT(name) &uvd_lazy_##name,
#define UVD_LAZY_NAME(name) #name,
#define UVD_LAZY_TRAMPOLINE(name)                                                                                         \
    __asm__(".text\n.globl " #name "\n.hidden " #name "\n.type " #name ", @function\n.p2align 4\n" #name ":\n" UVD_LAZY_JUMP( \
        "uvd_lazy_" #name) ".size " #name ", .-" #name "\n");

#endif
