"""What a run must look at again, kept between runs: the days (YYYY-MM-DD) whose files changed
since a run finished with them or that it left with something to say (a failure, a hand edit
kept), and the entities whose notes it must write again (`tallies.entity_key`, `link_key`:
keys with a tab)."""

from __future__ import annotations

import sqlite3
from collections.abc import Collection, Iterable

TABLE = "CREATE TABLE IF NOT EXISTS pending (key TEXT PRIMARY KEY) WITHOUT ROWID"
TABLE_NAME = "pending"


class Pending:
    """The keys as saved, and this run's changes to them (written by `save`)."""

    def __init__(self, db: sqlite3.Connection | None = None) -> None:
        self._keys: set[str] = set()
        if db is not None:
            self._keys = {key for (key,) in db.execute("SELECT key FROM pending")}

    def add(self, day: str) -> None:
        """A day whose files changed: the run looks at it again."""
        self._keys.add(day)

    def entries(self) -> set[str]:
        """Every day and entity key to look at again."""
        return set(self._keys)

    def days(self) -> set[str]:
        """The days among the keys."""
        return {key for key in self._keys if "\t" not in key}

    def settle(self, looked: Collection[str], left: Collection[str]) -> None:
        """A run looked at `looked` (days or entity keys) and left `left` to look at again."""
        self._keys = (self._keys - set(looked)) | set(left)

    def save(self, db: sqlite3.Connection, touched: Iterable[str]) -> None:
        """Write the keys, with the entity keys `touched` by this run's row changes."""
        keys = self._keys | set(touched)
        db.execute("DELETE FROM pending")
        db.executemany("INSERT INTO pending VALUES (?)", [(k,) for k in sorted(keys)])
