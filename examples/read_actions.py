#!/usr/bin/env python3
"""Example action reader for SwipeKiosk (docs/INTEGRATION.md): prints what people did on the
panel since the last run, with the Python standard library only.

    python3 examples/read_actions.py DATABASE CURSOR_FILE

It asks `swipe-kiosk export-actions --json` for the rows after the id stored in CURSOR_FILE
(0 when the file does not exist), handles them, and only then stores the last id it handled,
so a crash in between handles some rows twice but never skips one (make the handling
idempotent: each row's id is unique). The item id comes back exactly as the importer stored
it: decode_item_id turns the export's key back into the stored value.
"""
import json
import os
import subprocess
import sys

ESCAPE = "\ufffe"


def decode_item_id(key):
    """The stored items.id for an export key. A key is the id's text, except for an id that is
    not UTF-8 text (or starts with U+FFFE): U+FFFE, a class letter (t text, b blob) and the bytes
    in hex. A blob comes back as bytes; a text that is not UTF-8 as its bytes too (match it in
    SQL with CAST(? AS TEXT))."""
    if key is None or not key.startswith(ESCAPE):
        return key
    kind, data = key[1], bytes.fromhex(key[2:])
    if kind == "t":
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            return data
    return data


def read_cursor(path):
    try:
        with open(path, encoding="ascii") as f:
            return int(f.read().strip() or 0)
    except FileNotFoundError:
        return 0


def write_cursor(path, row_id):
    # Write beside and rename: the cursor file is the old or the new id, never empty.
    with open(path + ".tmp", "w", encoding="ascii") as f:
        f.write(f"{row_id}\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(path + ".tmp", path)


def main(argv):
    if len(argv) != 3:
        print("usage: read_actions.py DATABASE CURSOR_FILE", file=sys.stderr)
        return 64
    database, cursor_file = argv[1], argv[2]
    since = read_cursor(cursor_file)
    out = subprocess.run(
        ["swipe-kiosk", "export-actions", "--database", database, "--since", str(since), "--json"],
        check=True, capture_output=True, text=True,
    ).stdout
    last = since
    for line in out.splitlines():
        row = json.loads(line)
        item = decode_item_id(row["item_id"])
        # Handle the row here (send it to the hospital system, ...); this example prints it.
        print(f'{row["id"]} {row["time"]} {row["action"]} item={item!r} list={row["list_id"]} detail={row["detail"]}')
        last = row["id"]
    if last != since:
        write_cursor(cursor_file, last)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
