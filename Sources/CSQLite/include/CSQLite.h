#ifndef UVD_CSQLITE_H
#define UVD_CSQLITE_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT (a macro Swift cannot import): SQLite copies a bound text or blob before the
/// call returns, so the Swift buffer it came from may go at once.
sqlite3_destructor_type uvd_sqlite_transient(void);

#endif
