#ifndef UVD_CSQLITE_H
#define UVD_CSQLITE_H

#include <sqlite3.h>
#include <stddef.h>

/// SQLITE_TRANSIENT (a macro Swift cannot import): SQLite copies a bound text or blob before the
/// call returns, so the Swift buffer it came from may go at once.
sqlite3_destructor_type uvd_sqlite_transient(void);

/// Opens libsqlite3 (not linked: see CLazyLink.h); 0, or -1 with why in `error`. Every other
/// sqlite3_ call comes after this one succeeded.
int uvd_sqlite_open_library(char *error, size_t error_size);

#endif
