#!/usr/bin/env python3
"""Example importer for SwipeKiosk (docs/INTEGRATION.md): puts the lists of a JSON feed into
the kiosk's items table, with the Python standard library only.

    python3 examples/importer.py DATABASE FEED.json

FEED.json maps a list id to its items, in order:
    {"tasks": [{"id": "t-1", "title": "Bed 4: blood pressure", "subtitle": "08:00"}, ...], ...}

Each item needs "id" and "title"; "subtitle", "body", "section", "badge" and "image" are
optional. The feed owns the content columns (title, subtitle, body, section, badge, image,
sort_key); the kiosk owns what people change (unread, flagged, archived, deleted_at), so an
update never undoes a swipe. An item that left the feed is deleted from the table (it
disappears from the panel at once). Everything is one transaction: the panel never shows half
an import.
"""
import json
import sqlite3
import sys
import time

CONTENT = ("title", "subtitle", "body", "section", "badge", "image")


def now_ms():
    return int(time.time() * 1000)


def import_feed(database, feed):
    # timeout: wait up to 5 s for the kiosk's write lock instead of failing at once.
    db = sqlite3.connect(database, timeout=5)
    try:
        with db:  # one transaction, committed on success, rolled back on an exception
            db.execute("BEGIN IMMEDIATE")
            stamp = now_ms()
            for list_id, items in feed.items():
                keep = []
                for position, item in enumerate(items):
                    row = {key: item.get(key) for key in CONTENT}
                    row.update(id=str(item["id"]), list_id=list_id, sort_key=position, updated_at=stamp)
                    row["subtitle"] = row["subtitle"] or ""
                    row["body"] = row["body"] or ""
                    row["section"] = row["section"] or ""
                    row["badge"] = int(row["badge"] or 0)
                    db.execute(
                        """INSERT INTO items (id, list_id, title, subtitle, body, section, badge, image, sort_key, updated_at)
                           VALUES (:id, :list_id, :title, :subtitle, :body, :section, :badge, :image, :sort_key, :updated_at)
                           ON CONFLICT (id) DO UPDATE SET list_id = excluded.list_id, title = excluded.title,
                               subtitle = excluded.subtitle, body = excluded.body, section = excluded.section,
                               badge = excluded.badge, image = excluded.image, sort_key = excluded.sort_key,
                               updated_at = excluded.updated_at""",
                        row,
                    )
                    keep.append(row["id"])
                # Items of this list that are no longer in the feed leave the panel.
                marks = ",".join("?" * len(keep))
                db.execute(f"DELETE FROM items WHERE list_id = ? AND id NOT IN ({marks})", [list_id, *keep])
    finally:
        db.close()


def main(argv):
    if len(argv) != 3:
        print("usage: importer.py DATABASE FEED.json", file=sys.stderr)
        return 64
    with open(argv[2], encoding="utf-8") as f:
        feed = json.load(f)
    import_feed(argv[1], feed)
    print(f"{argv[1]}: imported {sum(len(items) for items in feed.values())} items in {len(feed)} lists")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
