// SQLite C API: the item store (WAL, migrations, change polling via data_version).
#include <sqlite3.h>
