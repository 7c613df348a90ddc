"""What sync has pushed to a remote vector store (an AnythingLLM workspace), kept in
`.vaultkit/anythingllm.sqlite`: per day, the document's location there, the fingerprint of the
day's files it was made from and a digest of its text.

A row whose location is NULL is a push in flight: the run that wrote it stopped between adding
the document and recording where it went, so the next run looks for that day's stray copy.
The rows belong to one server and workspace; pointed at another, the store starts empty.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

NAME = "anythingllm.sqlite"


@dataclass(frozen=True)
class Pushed:
    """One day as last pushed: where its document is, and what it was made from."""

    location: str | None
    fingerprint: str
    digest: str


class PushedDays:
    """The store of pushed days; each change is committed at once (a crash loses none)."""

    def __init__(self, state_dir: Path, target: str) -> None:
        state_dir.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(state_dir / NAME, timeout=30)
        with self.db:
            self.db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)")
            self.db.execute(
                "CREATE TABLE IF NOT EXISTS days (day TEXT PRIMARY KEY, location TEXT,"
                " fingerprint TEXT NOT NULL, digest TEXT NOT NULL)"
            )
            row = self.db.execute("SELECT value FROM meta WHERE key = 'target'").fetchone()
            if row is None or row[0] != target:
                self.db.execute("DELETE FROM days")
                self.db.execute("INSERT OR REPLACE INTO meta VALUES ('target', ?)", (target,))

    def __enter__(self) -> PushedDays:
        return self

    def __exit__(self, *exc: object) -> None:
        self.db.close()

    def all(self) -> dict[str, Pushed]:
        rows = self.db.execute("SELECT day, location, fingerprint, digest FROM days")
        return {day: Pushed(location, fp, digest) for day, location, fp, digest in rows}

    def count(self) -> int:
        return int(self.db.execute("SELECT count(*) FROM days").fetchone()[0])

    def start(self, day: str, fingerprint: str, digest: str) -> None:
        """Mark the day's push as begun: its old document is gone, the new one not yet known."""
        self._put(day, None, fingerprint, digest)

    def done(self, day: str, location: str, fingerprint: str, digest: str) -> None:
        self._put(day, location, fingerprint, digest)

    def forget(self, day: str) -> None:
        with self.db:
            self.db.execute("DELETE FROM days WHERE day = ?", (day,))

    def _put(self, day: str, location: str | None, fingerprint: str, digest: str) -> None:
        with self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO days VALUES (?, ?, ?, ?)",
                (day, location, fingerprint, digest),
            )


def pushed_count(state_dir: Path, target: str) -> int | None:
    """How many days the store holds for `target` (None: nothing pushed there yet), read
    without creating the store: what a search says when the workspace cannot have them."""
    path = state_dir / NAME
    if not path.exists():
        return None
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
        try:
            row = db.execute("SELECT value FROM meta WHERE key = 'target'").fetchone()
            if row is None or row[0] != target:
                return None
            return int(db.execute("SELECT count(*) FROM days").fetchone()[0])
        finally:
            db.close()
    except sqlite3.Error:
        return None
