"""The words each day's notes and transcripts write with a capital (`SourceFacts.written`), kept
as a table of (word, day, files) so that a change of what the vault's days show a name to be
finds the days that write it without reading a note (`sync.settings.rechecked_days`).

Kept from the rows a run changed, as the catalog saves them: each changed row's words, as it
was and as it is, stepped in and out as it goes, so a first sync of a large vault holds no more
than a row at a time and a daily run writes only what its changed rows change.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Collection, Iterable, Iterator

from vaultkit.catalog.batched import select_in
from vaultkit.catalog.tallies import SOURCE_KINDS

TABLE = (
    "CREATE TABLE IF NOT EXISTS written (word TEXT, day TEXT, files INTEGER, "
    "PRIMARY KEY (word, day)) WITHOUT ROWID"
)
TABLE_NAME = "written"

Row = tuple[str, str, int, int, int, str]  # the catalog's: day, kind, stat, facts
Change = tuple[Row | None, Row | None]  # a row as the last saved run left it, and as it is


def steps(changes: Iterable[Change]) -> Iterator[tuple[str, str, int]]:
    """(word, day, +1 or -1) for each word a changed note or transcript writes or no longer
    writes on its day."""
    for old, new in changes:
        was, now = _words(old), _words(new)
        for word in sorted(was - now if old and new and old[0] == new[0] else was):
            yield word, old[0] if old else "", -1
        for word in sorted(now - was if old and new and old[0] == new[0] else now):
            yield word, new[0] if new else "", 1


def save(db: sqlite3.Connection, changes: Iterable[Change]) -> None:
    """Step the saved counts by the changed rows (in the caller's transaction)."""
    fallen: set[tuple[str, str]] = set()

    def rows() -> Iterator[tuple[str, str, int]]:
        for word, day, step in steps(changes):
            if step < 0:
                fallen.add((word, day))
            yield word, day, step

    db.executemany(
        "INSERT INTO written VALUES (?, ?, ?) ON CONFLICT (word, day) "
        "DO UPDATE SET files = files + excluded.files",
        rows(),
    )
    db.executemany("DELETE FROM written WHERE word = ? AND day = ? AND files <= 0", sorted(fallen))


def days_writing(
    db: sqlite3.Connection | None, words: Collection[str], changes: Iterable[Change]
) -> set[str]:
    """The days some file of which writes one of `words` (folded), as saved and as this run's
    changed rows step them."""
    wanted = sorted(set(words))
    counts: Counter[tuple[str, str]] = Counter()
    if db is not None and wanted:
        query = "SELECT word, day, files FROM written WHERE word IN ({marks})"
        for word, day, n in select_in(db, query, wanted):
            counts[(word, day)] = n
    for word, day, step in steps(changes):
        if word in words:
            counts[(word, day)] += step
    return {day for (_, day), n in counts.items() if n > 0}


def _words(row: Row | None) -> set[str]:
    if row is None or row[1] not in SOURCE_KINDS:
        return set()
    return set(json.loads(row[5]).get("written") or ())
