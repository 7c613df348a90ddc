"""What sync knows about each file, cached in `.vaultkit/catalog.sqlite` by size and mtime.

The cache only saves re-reading unchanged files; every fact is derived from the files, so deleting
`.vaultkit/` costs one slower run and nothing else. Facts are typed: `SourceFacts` for a daily
note or a transcript, `SummaryFacts` for a summary; rows hold their JSON.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import asdict, dataclass
from datetime import date
from pathlib import Path
from typing import Any, Protocol, TypeVar, cast

from vaultkit.errors import WriteError
from vaultkit.files.listing import Entry, Listings
from vaultkit.model import SummaryFields
from vaultkit.parallel import ordered_map

SCHEMA = 10  # a new schema empties the cache (see CHANGELOG.md)


@dataclass(frozen=True)
class SourceFacts:
    """A daily note or a transcript: the digest of its content (its managed line left out), the
    day its managed line (spine or parent link) points to, or why it cannot be read; `problem`
    (and its `problem_line`) is what is wrong with a note that can still be read, such as
    frontmatter that is not YAML; `links` are the targets of its wikilinks."""

    digest: str = ""
    link: str | None = None
    error: str | None = None
    problem: str | None = None
    problem_line: int | None = None
    links: list[str] | None = None  # the wikilinks' targets (a person's note may be one)
    persons: list[str] | None = None  # names it shows to be people's (summarize.evidence)
    animals: list[str] | None = None  # and animals'

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SourceFacts:
        return cls(**data)


@dataclass(frozen=True)
class SummaryFacts:
    """A summary: whether vaultkit wrote it as it is (`pristine`) or wrote it at all (`marked`),
    the source digest its marker records, the first error that makes it invalid, its fields,
    and three states sync acts on: `empty`, `unparseable`, `stale_format` (written by an older
    template)."""

    pristine: bool = False
    marked: bool = False
    source: str | None = None
    problem: str | None = None
    fields: SummaryFields | None = None
    empty: bool = False
    unparseable: bool = False
    stale_format: bool = False
    features: list[str] | None = None  # what related days compare (sync.related.features)

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SummaryFacts:
        return cls(**data)


@dataclass(frozen=True)
class PostingChanges:
    """What a related-days pass changed of the kept postings (`sync.related`): `replaced`
    features get these days (none: the feature is gone), `appended` ones keep their stored days
    and get these after them; `df` is each one's new count. `complete`: every feature is in
    `replaced` (the state was rebuilt)."""

    df: dict[str, int]
    replaced: dict[str, list[date]]
    appended: dict[str, list[date]]
    complete: bool


class Facts(Protocol):
    def as_json(self) -> dict[str, Any]: ...


F = TypeVar("F", bound=Facts)


class Catalog:
    """Per-file facts keyed by path, recomputed only when a file's size or mtime changes."""

    def __init__(self, state_dir: Path, *, read_only: bool = False, fingerprint: str = "") -> None:
        # path -> (mtime_ns, size, inode, facts as JSON text: decoded when asked for)
        self._rows: dict[str, tuple[int, int, int, str]] = {}
        self._dirty: set[str] = set()
        self.stats = 0  # files stat'ed by `facts` (a test counts them)
        self._gone: set[str] = set()
        self._listings: Listings | None = None
        self._indexed: str | None = None
        self._related: tuple[str, dict[str, str]] | None = None  # the related days' state read
        self._related_current = False  # the related state saved matches the rows this run saves
        self._before: dict[str, str] = {}  # rows this run replaced or dropped, as they were
        self._db: sqlite3.Connection | None = None
        self._path = state_dir / "catalog.sqlite"
        self._read_only = read_only
        # Facts such as "valid" depend on the config too: a new fingerprint empties the cache.
        self._version = f"{SCHEMA}:{fingerprint}"
        self._load()

    def _load(self) -> None:
        if self._read_only and not self._path.exists():
            return
        try:
            self._db = self._connect()
            stored = self._db.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()
            if stored is None or stored[0] != self._version:
                self._start_over()
                return
            rows = self._db.execute("SELECT path, mtime_ns, size, inode, facts FROM files")
            self._rows = {p: (m, s, i, f) for p, m, s, i, f in rows}
        except (sqlite3.DatabaseError, OSError, ValueError):
            with self._writing():
                self._reset()  # a corrupt cache is rebuilt, never trusted

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """A write to the cache; a full disk or a file-size limit becomes one WriteError."""
        try:
            yield
        except (sqlite3.Error, OSError) as exc:
            raise WriteError(
                f"cannot write sync's cache: {exc} (is the disk full, or a file-size limit "
                "reached?); the vault's files are as this run left them",
                path=self._path,
                rule="cache-write-failed",
            ) from None

    def _connect(self) -> sqlite3.Connection:
        self._path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self._path)
        db.execute(
            "CREATE TABLE IF NOT EXISTS files (path TEXT PRIMARY KEY, mtime_ns INTEGER, "
            "size INTEGER, inode INTEGER, facts TEXT)"
        )
        db.execute(
            "CREATE TABLE IF NOT EXISTS folders (path TEXT PRIMARY KEY, mtime_ns INTEGER, "
            "entries TEXT)"
        )
        db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)")
        db.execute("CREATE TABLE IF NOT EXISTS related (day TEXT PRIMARY KEY, features TEXT)")
        db.execute(
            "CREATE TABLE IF NOT EXISTS postings (feature TEXT PRIMARY KEY, df INTEGER, days TEXT)"
        )
        return db

    def _start_over(self) -> None:
        """Forget every row (an old schema or another config); a read-only run just ignores them."""
        self._rows = {}
        if self._db is not None and not self._read_only:
            with self._db:
                for table in ("files", "related", "postings", "folders"):  # made anew
                    self._db.execute(f"DROP TABLE IF EXISTS {table}")
            self._db.close()
            self._db = self._connect()
            with self._db:
                self._db.execute(
                    "INSERT OR REPLACE INTO meta VALUES ('version', ?)", (self._version,)
                )

    def _reset(self) -> None:
        if self._db is not None:
            self._db.close()
        self._db = None
        self._rows = {}
        if self._read_only:
            return
        with contextlib.suppress(FileNotFoundError):
            self._path.unlink()
        self._db = self._connect()
        self._start_over()

    def facts(
        self,
        path: Path,
        compute: Callable[[Path], F],
        decode: Callable[[dict[str, Any]], F],
        *,
        inode: int | None = None,
    ) -> F:
        """The facts of a file, from the cache when its size and mtime are unchanged.

        With `inode` (the file's inode in a listing of its folder, `files.listing`), a cached row
        of the same inode is taken without a stat: the file was neither added nor replaced since
        (an edit in place is the caller's to look for)."""
        return self.many_facts([(path, inode)], compute, decode)[0]

    def many_facts(
        self,
        files: Sequence[tuple[Path, int | None]],
        compute: Callable[[Path], F],
        decode: Callable[[dict[str, Any]], F],
    ) -> list[F]:
        """`facts` of each (path, inode); the files not in the cache are read on every core
        (`compute` reads one file and writes nothing)."""
        found: list[F | None] = []
        todo: list[tuple[int, Path, os.stat_result | None]] = []
        for path, inode in files:
            facts, stat = self._cached(path, decode, inode)
            if facts is None:
                todo.append((len(found), path, stat))
            found.append(facts)
        computed = ordered_map(compute, [path for _, path, _ in todo])
        for (at, path, stat), facts in zip(todo, computed, strict=True):
            if stat is not None:
                row = json.dumps(facts.as_json())
                self._record(os.fspath(path), (stat.st_mtime_ns, stat.st_size, stat.st_ino, row))
            found[at] = facts
        assert all(facts is not None for facts in found)  # each one cached or computed
        return cast(list[F], found)

    def _cached(
        self, path: Path, decode: Callable[[dict[str, Any]], F], inode: int | None
    ) -> tuple[F | None, os.stat_result | None]:
        """A file's cached facts, or None and its stat (None too when it cannot be stat'ed:
        vanished since the scan, or a dangling link; its facts are computed, not cached)."""
        key = os.fspath(path)
        cached = self._rows.get(key)
        if inode is not None and cached is not None and cached[2] == inode:
            try:
                return decode(json.loads(cached[3])), None
            except (TypeError, ValueError):  # a row of another shape: recompute it
                pass
        self.stats += 1
        try:
            stat = path.stat()
        except OSError:
            return None, None
        if cached and cached[0] == stat.st_mtime_ns and cached[1] == stat.st_size:
            try:
                facts = decode(json.loads(cached[3]))
            except (TypeError, ValueError):
                pass
            else:
                if cached[2] != stat.st_ino:
                    self._rows[key] = (cached[0], cached[1], stat.st_ino, cached[3])
                    self._dirty.add(key)
                return facts, None
        return None, stat

    def put(self, path: Path, facts: F) -> F:
        """Record the facts of a file this run just wrote."""
        stat = path.stat()
        row = json.dumps(facts.as_json())
        self._record(os.fspath(path), (stat.st_mtime_ns, stat.st_size, stat.st_ino, row))
        return facts

    def _record(self, key: str, row: tuple[int, int, int, str]) -> None:
        old = self._rows.get(key)
        if old is not None and old[3] != row[3]:
            self._before.setdefault(key, old[3])
        self._rows[key] = row
        self._dirty.add(key)

    def before(self, path: Path) -> dict[str, Any] | None:
        """The facts of a file as the last saved run left them, when this run found them
        changed or the file gone (None: unchanged, or not known then)."""
        row = self._before.get(os.fspath(path))
        return None if row is None else cast(dict[str, Any], json.loads(row))

    def changed(self) -> set[str]:
        """The files whose facts this run computed or recorded, and those found gone."""
        return self._dirty | self._gone

    def forget_missing(self, present: set[str]) -> None:
        """Drop rows of files that no longer exist."""
        self._gone = {p for p in self._rows if p not in present}
        for path in self._gone:
            self._before.setdefault(path, self._rows.pop(path)[3])
        self._dirty -= self._gone

    def listings(self) -> dict[str, tuple[int, list[Entry]]]:
        """The folder listings the last saved run kept (`files.listing`)."""
        if self._db is None:
            return {}
        rows = self._db.execute("SELECT path, mtime_ns, entries FROM folders")
        return {p: (m, [(n, w, i) for n, w, i in json.loads(e)]) for p, m, e in rows}

    def keep_listings(self, listings: Listings) -> None:
        """Keep this run's listings for the next run (written by `save`)."""
        self._listings = listings

    def save(self) -> None:
        """Write changed rows in one transaction."""
        listings = self._listings
        changed = listings.changed() if listings else {}
        gone = listings.gone() if listings else []
        if self._db is None or self._read_only:
            return
        with self._writing(), self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO meta VALUES ('indexed', ?)", (self._indexed or "",)
            )
            if (self._dirty or self._gone) and not self._related_current:
                # Rows the related state was not computed from (a run that died in its pass):
                # the next run compares every day's features with the state's.
                self._db.execute("INSERT OR REPLACE INTO meta VALUES ('related_rows', 'unchecked')")
            self._db.executemany(
                "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?)",
                [(p, *self._rows[p]) for p in sorted(self._dirty)],
            )
            self._db.executemany("DELETE FROM files WHERE path = ?", [(p,) for p in self._gone])
            self._db.executemany(
                "INSERT OR REPLACE INTO folders VALUES (?, ?, ?)",
                [(f, m, json.dumps(e)) for f, (m, e) in sorted(changed.items())],
            )
            self._db.executemany("DELETE FROM folders WHERE path = ?", [(f,) for f in gone])
        self._dirty.clear()
        self._gone.clear()
        self._listings = None

    def related_state(self, params: str) -> dict[str, str]:
        """The days (and their features' digests) the last completed related-days pass saw,
        when it ran with these parameters; empty when it did not, or never ran."""
        if self._db is None:
            return {}
        stored = self._db.execute("SELECT value FROM meta WHERE key = 'related'").fetchone()
        if stored is None or stored[0] != params:
            return {}
        state = dict(self._db.execute("SELECT day, features FROM related").fetchall())
        self._related = (params, dict(state))
        return state

    def save_related_state(
        self, params: str, days: dict[str, str], postings: PostingChanges | None = None
    ) -> None:
        """Record what a related-days pass saw, in one transaction (a crash keeps the old): the
        days (and their features' digests), only those changed since `related_state` read them
        written, and the pass's postings (None: not kept)."""
        self._related_current = True
        if self._db is None or self._read_only:
            return
        before = self._related[1] if self._related and self._related[0] == params else None
        with self._writing(), self._db:
            if before is None:
                self._db.execute("DELETE FROM related")
                before = {}
            gone = [(day,) for day in before.keys() - days.keys()]
            self._db.executemany("DELETE FROM related WHERE day = ?", gone)
            changed = sorted((d, f) for d, f in days.items() if before.get(d) != f)
            self._db.executemany("INSERT OR REPLACE INTO related VALUES (?, ?)", changed)
            self._db.execute("INSERT OR REPLACE INTO meta VALUES ('related', ?)", (params,))
            self._db.execute("DELETE FROM meta WHERE key = 'related_rows'")
            self._save_postings(params, postings)
        self._related = (params, dict(days))

    def related_rows_checked(self) -> bool:
        """Whether the rows as saved are those the saved related state was computed from; not
        after a run that saved its rows but died before its related-days pass ended."""
        if self._db is None:
            return False
        row = self._db.execute("SELECT value FROM meta WHERE key = 'related_rows'").fetchone()
        return row is None

    def related_unchanged(self) -> None:
        """The related state as read is the one this run's rows give (nothing to relate)."""
        self._related_current = True

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
        self._db.executemany(
            "UPDATE postings SET df = ?, days = days || ' ' || ? WHERE feature = ?",
            [
                (changes.df[f], " ".join(d.isoformat() for d in days), f)
                for f, days in sorted(changes.appended.items())
            ],
        )
        self._db.execute("DELETE FROM postings WHERE df = 0")
        self._db.execute("INSERT OR REPLACE INTO meta VALUES ('postings', ?)", (params,))

    def kept_postings(self, params: str) -> Catalog | None:
        """The postings the last related-days pass with these parameters kept (this catalog
        reads them: `sync.related.KeptPostings`), or None when none are kept."""
        if self._db is None:
            return None
        stored = self._db.execute("SELECT value FROM meta WHERE key = 'postings'").fetchone()
        return self if stored is not None and stored[0] == params else None

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
        wanted = list(features)
        out = []
        for at in range(0, len(wanted), 500):  # under SQLite's limit of bound parameters
            chunk = wanted[at : at + 500]
            marks = ",".join("?" * len(chunk))
            query = f"SELECT feature, {columns} FROM postings WHERE feature IN ({marks})"
            out += self._db.execute(query, chunk).fetchall()
        return out

    def indexed(self) -> str | None:
        """The mark the search index was left with by the last saved run (`index.refresh.Changed`)."""
        if self._db is None:
            return None
        row = self._db.execute("SELECT value FROM meta WHERE key = 'indexed'").fetchone()
        return str(row[0]) if row else None

    def set_indexed(self, mark: str | None) -> None:
        """The mark to record at `save` (None: the index is not known to be in step)."""
        self._indexed = mark

    def settings(self) -> str | None:
        """The settings the last completed sync ran with (`sync.settings`), if recorded."""
        if self._db is None:
            return None
        row = self._db.execute("SELECT value FROM meta WHERE key = 'settings'").fetchone()
        return str(row[0]) if row else None

    def save_settings(self, settings: str) -> None:
        """Record the settings this sync ran with (kept when the cache starts over)."""
        if self._db is None or self._read_only:
            return
        with self._writing(), self._db:
            self._db.execute("INSERT OR REPLACE INTO meta VALUES ('settings', ?)", (settings,))

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
