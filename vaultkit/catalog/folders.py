"""The folders' listings a run leaves in the catalog (`files.listing`), for the next run.

Per folder: its mtime when listed, the day it belongs to (a chat folder's, so a daily run looks
only at the newest days' folders), its entries, and its remarks (what it holds that is not a
day's file: a stray name, a folder link, a named pipe), which a run that does not list the
folder again reads back to say what it skipped.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Collection

from vaultkit.catalog.batched import select_in
from vaultkit.files.listing import FILE, Listing, Listings

TABLES = (
    "CREATE TABLE IF NOT EXISTS folders (path TEXT PRIMARY KEY, mtime_ns INTEGER, day TEXT, "
    "entries BLOB, remarks TEXT)",
    "CREATE INDEX IF NOT EXISTS folders_by_day ON folders (day)",
)


class FolderStore:
    """The kept listings, read and written through the catalog's connection (None: no cache)."""

    def __init__(self, db: sqlite3.Connection | None) -> None:
        self._db = db

    def all(self) -> dict[str, Listing]:
        """Every folder listing the last saved run kept."""
        if self._db is None:
            return {}
        rows = self._db.execute("SELECT path, mtime_ns, entries FROM folders")
        return {p: (m, _lines(e)) for p, m, e in rows}

    def times(self, since: str) -> dict[str, int]:
        """The kept mtime of each folder named by no day, or by a day from `since` on."""
        if self._db is None:
            return {}
        query = "SELECT path, mtime_ns FROM folders WHERE day IS NULL OR day >= ?"
        return dict(self._db.execute(query, (since,)).fetchall())

    def of(self, folders: Collection[str]) -> dict[str, Listing]:
        """The kept listings of these folders."""
        if self._db is None:
            return {}
        query = "SELECT path, mtime_ns, entries FROM folders WHERE path IN ({marks})"
        return {p: (m, _lines(e)) for p, m, e in select_in(self._db, query, sorted(folders))}

    def below(self, folder: str) -> list[str]:
        """The kept folders below `folder`."""
        if self._db is None:
            return []
        query = "SELECT path FROM folders WHERE path >= ? AND path < ?"
        return [p for (p,) in self._db.execute(query, subtree(folder))]

    def holding(self, root: str, name: str) -> list[str]:
        """The kept folders at or below `root` whose listing holds a file `name`."""
        if self._db is None:
            return []
        inside, end = subtree(root)
        query = (
            "SELECT path, entries FROM folders WHERE (path = ? OR (path >= ? AND path < ?)) "
            "AND instr(entries, ?) > 0"
        )
        held = f"{name}/{FILE}/"
        rows = self._db.execute(query, (root, inside, end, held.encode("utf-8", "surrogateescape")))
        return sorted(p for p, e in rows if any(line.startswith(held) for line in _lines(e)))

    def remarks(self) -> dict[str, list[tuple[str, str]]]:
        """What each kept folder holds that is not a day's file, by folder."""
        if self._db is None:
            return {}
        rows = self._db.execute("SELECT path, remarks FROM folders WHERE remarks IS NOT NULL")
        return {p: [(n, w) for n, w in json.loads(r)] for p, r in rows}

    def save(self, listings: Listings) -> None:
        """Keep the listings this run made or found moved, drop the folders gone (in the
        caller's transaction); a folder's remarks are replaced where this run read them."""
        assert self._db is not None
        for folder, (mtime, lines) in sorted(listings.changed().items()):
            row = (folder, mtime, listings.day_of(folder), _data(lines))
            if folder not in listings.remarks:
                self._db.execute(
                    "INSERT INTO folders (path, mtime_ns, day, entries) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT (path) DO UPDATE SET mtime_ns = excluded.mtime_ns, "
                    "day = excluded.day, entries = excluded.entries",
                    row,
                )
                continue
            remarks = listings.remarks[folder]
            text = json.dumps(remarks, ensure_ascii=False) if remarks else None
            self._db.execute("INSERT OR REPLACE INTO folders VALUES (?, ?, ?, ?, ?)", (*row, text))
        gone = [(f,) for f in sorted(listings.gone())]
        self._db.executemany("DELETE FROM folders WHERE path = ?", gone)


def _lines(data: bytes) -> list[str]:
    return data.decode("utf-8", "surrogateescape").split("\0") if data else []


def _data(lines: list[str]) -> bytes:
    return "\0".join(lines).encode("utf-8", "surrogateescape")


def subtree(folder: str) -> tuple[str, str]:
    """The range of paths below `folder`, as SQLite orders text: `folder/` up to `folder0`."""
    inside = folder.rstrip(os.sep) + os.sep
    return inside, inside[:-1] + chr(ord(os.sep) + 1)
