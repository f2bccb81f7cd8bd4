#include "CSQLite.h"

#include <CLazyLink.h>

/* Every SQLite function uvd calls (the link fails on one missing here). */
#define SQLITE_FUNCTIONS(X)                                                                                                  \
    X(sqlite3_bind_blob64) X(sqlite3_bind_double) X(sqlite3_bind_int64) X(sqlite3_bind_null) X(sqlite3_bind_parameter_count) \
    X(sqlite3_bind_text) X(sqlite3_busy_timeout) X(sqlite3_close_v2) X(sqlite3_column_blob) X(sqlite3_column_bytes)           \
    X(sqlite3_column_count) X(sqlite3_column_double) X(sqlite3_column_int64) X(sqlite3_column_name) X(sqlite3_column_text)    \
    X(sqlite3_column_type) X(sqlite3_errmsg) X(sqlite3_errstr) X(sqlite3_extended_result_codes) X(sqlite3_finalize)           \
    X(sqlite3_get_autocommit) X(sqlite3_last_insert_rowid) X(sqlite3_open_v2) X(sqlite3_prepare_v2) X(sqlite3_step)          \
    X(sqlite3_wal_checkpoint_v2)

UVD_LAZY_FUNCTIONS(sqlite, SQLITE_FUNCTIONS)

int uvd_sqlite_open_library(char *error, size_t error_size) {
    return uvd_lazy_resolve("libsqlite3.so.0", "libsqlite3-0", sqlite_names, sqlite_pointers, sqlite_count, error, error_size);
}
