"""The related-days state a completed pass leaves in the catalog, for the next pass to start from.

Per day, the digest of the features it was related with and how many they are (`related`), and
per feature, how many
of those days have it and which (`postings`, `sync.related.KeptPostings`). Both are read a day or
a feature at a time: a pass that relates one new day reads what that day needs, not the table.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from datetime import date

from vaultkit.catalog.batched import select_in

TABLES = (
    "CREATE TABLE IF NOT EXISTS related (day TEXT PRIMARY KEY, features TEXT, size INTEGER)",
    "CREATE TABLE IF NOT EXISTS postings (feature TEXT PRIMARY KEY, df INTEGER, days TEXT)",
)
TABLE_NAMES = ("related", "postings")


@dataclass(frozen=True)
class PostingChanges:
    """What a related-days pass changed of the kept postings (`sync.related`): `replaced`
    features get these days (none: the feature is gone); the others keep their stored days, less
    the last `truncated` of them, and get the `appended` after them; `df` is each one's new
    count. `complete`: every feature is in `replaced` (the state was rebuilt)."""

    df: dict[str, int]
    replaced: dict[str, list[date]]
    appended: dict[str, list[date]]
    complete: bool
    truncated: dict[str, int] = field(default_factory=dict)


class RelatedStore:
    """The kept state, read and written through the catalog's connection (None: no cache)."""

    def __init__(self, db: sqlite3.Connection | None) -> None:
        self._db = db

    def params(self) -> str | None:
        """The parameters the kept state was computed with (None: no state kept)."""
        return self._meta("related")

    def digests(self, days: Collection[str] | None = None) -> dict[str, str]:
        """The kept features digest of each of `days` that has one (None: of every day)."""
        if self._db is None:
            return {}
        if days is None:
            return dict(self._db.execute("SELECT day, features FROM related").fetchall())
        query = "SELECT day, features FROM related WHERE day IN ({marks})"
        return dict(select_in(self._db, query, sorted(days)))

    def sizes(self, days: Collection[date]) -> dict[date, int]:
        """How many features each of the kept `days` was related with."""
        if self._db is None:
            return {}
        query = "SELECT day, size FROM related WHERE day IN ({marks})"
        rows = select_in(self._db, query, sorted(d.isoformat() for d in days))
        return {date.fromisoformat(d): n for d, n in rows}

    def tails(self, counts: Mapping[str, int]) -> dict[str, list[date]]:
        """The last `counts[f]` kept days of each feature `f` (read without the rest)."""
        if self._db is None:
            return {}
        found = {}
        query = (
            "SELECT substr(days, max(length(days) - 11 * ? + 2, 1)) FROM postings WHERE feature = ?"
        )
        for feature, n in sorted(counts.items()):
            row = self._db.execute(query, (n, feature)).fetchone()
            if row is not None:
                found[feature] = [date.fromisoformat(d) for d in row[0].split()]
        return found

    def count(self) -> int:
        """How many days the kept state holds."""
        return int(self._one("SELECT count(*) FROM related", ()) or 0)

    def before(self, day: str) -> tuple[int, str | None]:
        """How many kept days come before `day`, and the last of them."""
        if self._db is None:
            return 0, None
        row = self._db.execute(
            "SELECT count(*), max(day) FROM related WHERE day < ?", (day,)
        ).fetchone()
        return int(row[0]), row[1]

    def days_from(self, day: str) -> list[str]:
        """The kept days on or after `day`, in order."""
        if self._db is None:
            return []
        rows = self._db.execute("SELECT day FROM related WHERE day >= ? ORDER BY day", (day,))
        return [d for (d,) in rows]

    def save(
        self,
        params: str,
        changed: Mapping[str, tuple[str, int] | None],
        postings: PostingChanges | None,
        *,
        whole: bool = False,
    ) -> None:
        """Record what a pass saw, in the caller's transaction: `changed` days get their new
        features digest and count (None: dropped); `whole` replaces every day (the state was
        computed anew)."""
        if self._db is None:
            return
        db = self._db
        if whole or self.params() != params:
            db.execute("DELETE FROM related")
        db.executemany(
            "DELETE FROM related WHERE day = ?", [(d,) for d, f in changed.items() if f is None]
        )
        db.executemany(
            "INSERT OR REPLACE INTO related VALUES (?, ?, ?)",
            sorted((d, *f) for d, f in changed.items() if f is not None),
        )
        db.execute("INSERT OR REPLACE INTO meta VALUES ('related', ?)", (params,))
        self._save_postings(params, postings)

    def _save_postings(self, params: str, changes: PostingChanges | None) -> None:
        assert self._db is not None
        if changes is None:
            self._db.execute("DELETE FROM meta WHERE key = 'postings'")
            return
        if changes.complete:
            self._db.execute("DELETE FROM postings")
        rows = [
            (f, changes.df[f], " ".join(d.isoformat() for d in days))
            for f, days in sorted(changes.replaced.items())
        ]
        self._db.executemany("INSERT OR REPLACE INTO postings VALUES (?, ?, ?)", rows)
        # A stored posting is its days joined by spaces, 11 characters a day but the last:
        # dropping its last n days keeps its first length - 11 n characters.
        kept = (changes.appended.keys() | changes.truncated.keys()) - changes.replaced.keys()
        self._db.executemany(
            "UPDATE postings SET df = ?, days = trim(substr(days, 1, max(length(days) - 11 * ?, "
            "0)) || ' ' || ?) WHERE feature = ?",
            [
                (
                    changes.df[f],
                    changes.truncated.get(f, 0),
                    " ".join(d.isoformat() for d in changes.appended.get(f, [])),
                    f,
                )
                for f in sorted(kept)
            ],
        )
        self._db.execute("DELETE FROM postings WHERE df = 0")
        self._db.execute("INSERT OR REPLACE INTO meta VALUES ('postings', ?)", (params,))

    def kept_postings(self, params: str) -> RelatedStore | None:
        """The postings the last pass with these parameters kept (this store reads them:
        `sync.related.KeptPostings`), or None when none are kept."""
        return self if self._meta("postings") == params else None

    def frequencies(self, features: Collection[str]) -> dict[str, int]:
        """How many kept days have each of `features` (those no day has are left out)."""
        return {f: df for f, df, _ in self._posting_rows(features, "df, ''")}

    def postings(self, features: Collection[str]) -> dict[str, list[date]]:
        """The kept days of each of `features`, in date order."""
        return {
            f: [date.fromisoformat(d) for d in days.split()]
            for f, _, days in self._posting_rows(features, "df, days")
        }

    def _posting_rows(self, features: Collection[str], columns: str) -> list[tuple[str, int, str]]:
        if self._db is None:
            return []
        query = f"SELECT feature, {columns} FROM postings WHERE feature IN ({{marks}})"
        return select_in(self._db, query, list(features))

    def _meta(self, key: str) -> str | None:
        row = self._one("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else str(row)

    def _one(self, query: str, args: tuple[str, ...]) -> int | str | None:
        if self._db is None:
            return None
        row = self._db.execute(query, args).fetchone()
        return None if row is None else row[0]
