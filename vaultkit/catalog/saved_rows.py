"""The catalog's saved rows, read a day, a range or a folder at a time (`files.catalog`).

A row is a file's day, kind, mtime, size, inode and facts (JSON); these read what the last saved
run left, and the catalog lays this run's changes over them.
"""

from __future__ import annotations

import itertools
import sqlite3
from collections.abc import Callable, Collection
from typing import Any

from vaultkit.catalog.batched import select_in
from vaultkit.catalog.folders import subtree

COLUMNS = "path, day, kind, mtime_ns, size, inode, facts"


def every_row(db: sqlite3.Connection) -> list[tuple[Any, ...]]:
    return db.execute(f"SELECT {COLUMNS} FROM files").fetchall()


def row_of(db: sqlite3.Connection, path: str) -> tuple[Any, ...] | None:
    query = f"SELECT {COLUMNS} FROM files WHERE path = ?"
    found: tuple[Any, ...] | None = db.execute(query, (path,)).fetchone()
    return found


def rows_of(
    db: sqlite3.Connection,
    kinds: Collection[str],
    days: Collection[str] | None,
    since: str | None,
) -> list[tuple[Any, ...]]:
    """The saved rows of these kinds, of `days` or of every day from `since` (or of all)."""
    marks = ",".join("?" * len(kinds))
    query = f"SELECT {COLUMNS} FROM files WHERE kind IN ({marks})"
    if days is None:
        where, args = (" AND day >= ?", [since]) if since is not None else ("", [])
        return db.execute(query + where, [*kinds, *args]).fetchall()
    return select_in(db, query + " AND day IN ({marks})", sorted(days), *kinds)


def nearest_day(
    db: sqlite3.Connection,
    kinds: Collection[str],
    day: str,
    side: str,
    kept: Callable[[str], bool],
) -> str | None:
    """The nearest saved day on one `side` of `day` ("<" or ">") with a row of these kinds
    that `kept` says is still there."""
    marks = ",".join("?" * len(kinds))
    order = "DESC" if side == "<" else "ASC"
    query = (
        f"SELECT path, day FROM files WHERE kind IN ({marks}) AND day {side} ? "
        f"ORDER BY day {order} LIMIT 16 OFFSET ?"
    )
    for offset in itertools.count(0, 16):
        found = db.execute(query, (*kinds, day, offset)).fetchall()
        for path, other in found:
            if kept(path):
                return str(other)
        if len(found) < 16:
            return None
    return None


def paths_below(db: sqlite3.Connection, folder: str) -> list[str]:
    """The saved rows' paths below `folder`."""
    query = "SELECT path FROM files WHERE path >= ? AND path < ?"
    return [p for (p,) in db.execute(query, subtree(folder))]
