// SQLite C API: the item store (WAL, migrations, change polling via data_version).
#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call: this sets one of its on/off options.
// The store turns SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE on until a file is known to be its own, so a
// refused file's WAL is not checkpointed into it when the connection closes.
static inline int swipekiosk_sqlite3_db_config_flag(sqlite3 *db, int option, int on) {
    return sqlite3_db_config(db, option, on, (int *)0);
}
