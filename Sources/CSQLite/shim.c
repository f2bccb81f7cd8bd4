#include "CSQLite.h"

sqlite3_destructor_type uvd_sqlite_transient(void) { return SQLITE_TRANSIENT; }
