"""What sync knows about each file, cached in `.vaultkit/catalog.sqlite` by size and mtime.

The cache only saves re-reading unchanged files; every fact is derived from the files, so deleting
`.vaultkit/` costs one slower run and nothing else. A row holds a file's day, its kind
(`facts.RowKind`), its stat and its facts as JSON, decoded when asked for. Rows are read a path
or a day at a time (a daily run reads the rows of the days that changed), or all at once
(`load_all`: a full look at the vault). Beside the rows, in the same database: the folders'
listings (`folders`), counts over the rows (`tallies`), the related days' state (`related`), what
the summaries write (`written`), the days a run must look at again (`pending`) and the run's marks
(`marks`); `save` writes what changed of all of them in one transaction.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar, cast

from vaultkit.catalog import folders, pending, related, tallies, written
from vaultkit.catalog.folders import FolderStore
from vaultkit.catalog.marks import Marks, RunSettings
from vaultkit.catalog.pending import Pending
from vaultkit.catalog.related import PostingChanges, RelatedStore
from vaultkit.catalog.saved_rows import every_row, nearest_day, paths_below, row_of, rows_of
from vaultkit.catalog.tallies import Tallies
from vaultkit.errors import WriteError
from vaultkit.files.listing import Listings
from vaultkit.parallel import ordered_map

SCHEMA = 16  # a new schema empties the cache (see CHANGELOG.md)

# A row: the file's day (YYYY-MM-DD, "" when not known), kind, mtime_ns, size, inode, facts.
Row = tuple[str, str, int, int, int, str]
# A file to get the facts of: its path, day, kind and (from a listing of its folder) inode.
Located = tuple[Path, str, str, int | None]

# `meta` outlives a schema: the other tables are made with the version, by `_start_over` (an
# older `files` may lack a column an index below names).
_META = "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)"
_TABLES = (
    "CREATE TABLE IF NOT EXISTS files (path TEXT PRIMARY KEY, day TEXT, kind TEXT, "
    "mtime_ns INTEGER, size INTEGER, inode INTEGER, facts TEXT)",
    "CREATE INDEX IF NOT EXISTS files_by_day ON files (day)",
    *folders.TABLES,
    pending.TABLE,
    *related.TABLES,
    *tallies.TABLES,
    written.TABLE,
)
_DROPPED = (
    "files",
    "folders",
    pending.TABLE_NAME,
    *related.TABLE_NAMES,
    *tallies.TABLE_NAMES,
    written.TABLE_NAME,
)


class Facts(Protocol):
    def as_json(self) -> dict[str, Any]: ...


F = TypeVar("F", bound=Facts)


class Catalog:
    """Per-file facts keyed by path, recomputed only when a file's size or mtime changes."""

    def __init__(self, state_dir: Path, *, read_only: bool = False, fingerprint: str = "") -> None:
        self._rows: dict[str, Row | None] = {}  # read or recorded this run (None: absent)
        self._complete = False  # every saved row is in `_rows` (`load_all`)
        self._recorded: dict[str, set[str]] = {}  # day -> paths recorded this run
        self._dirty: set[str] = set()
        self._gone: set[str] = set()
        self._before: dict[str, Row | None] = {}  # rows this run changed, as they were
        self.stats = 0  # files stat'ed by `facts` (a test counts them)
        self._listings: Listings | None = None
        self.marks = Marks(self._meta)  # recorded at `save`
        self.settings = RunSettings(self._meta, self._put_meta)  # written at once
        self._related_current = False  # the related state saved matches the rows this run saves
        self.pending = Pending()  # what the next run must look at again
        self._db: sqlite3.Connection | None = None
        self._saved: sqlite3.Connection | None = None  # where saved rows are read (None: none)
        self._path = state_dir / "catalog.sqlite"
        self._read_only = read_only
        # Facts such as "valid" depend on the config too: a new fingerprint empties the cache.
        self._version = f"{SCHEMA}:{fingerprint}"
        self._load()

    def _load(self) -> None:
        if self._read_only and not self._path.exists():
            self._attach(None)
            return
        try:
            self._db = self._connect()
            stored = self._db.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()
            if stored is None or stored[0] != self._version:
                self._start_over()
                return
            self.pending = Pending(self._db)
            self._attach(self._db)
        except (sqlite3.DatabaseError, OSError, ValueError):
            with self._writing():
                self._reset()  # a corrupt cache is rebuilt, never trusted

    def _attach(self, db: sqlite3.Connection | None) -> None:
        """The stores that share the connection (None: nothing saved to read)."""
        self._saved = db
        self.tallies = Tallies(db)
        self.related = RelatedStore(db)
        self.folders = FolderStore(db)

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

    def _connect(self, *, every_table: bool = False) -> sqlite3.Connection:
        self._path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self._path)
        if not self._read_only:
            for statement in (_META, *_TABLES) if every_table else (_META,):
                db.execute(statement)
        return db

    def _start_over(self) -> None:
        """Forget every row (an old schema or another config); a read-only run reads none."""
        self._rows, self.pending = {}, Pending()
        if self._read_only:  # the saved rows are another config's: none is read
            self._complete = True
            self._attach(None)
            return
        if self._db is not None:
            with self._db:
                for table in _DROPPED:  # made anew
                    self._db.execute(f"DROP TABLE IF EXISTS {table}")
            self._db.close()
            self._db = self._connect(every_table=True)
            with self._db:
                self._db.execute(
                    "INSERT OR REPLACE INTO meta VALUES ('version', ?)", (self._version,)
                )
        self._complete = self._db is None
        self._attach(self._db)

    def _reset(self) -> None:
        if self._db is not None:
            self._db.close()
        self._db = None
        self._rows = {}
        if not self._read_only:
            with contextlib.suppress(FileNotFoundError):
                self._path.unlink()
            self._db = self._connect()
        self._start_over()

    # --- rows ---------------------------------------------------------------------------------

    def load_all(self) -> None:
        """Read every saved row (a full look at the vault compares each file with its row)."""
        if self._complete:
            return
        for path, *row in every_row(self._saved) if self._saved is not None else []:
            self._rows.setdefault(path, cast(Row, tuple(row)))
        self._complete = True

    def _row(self, key: str) -> Row | None:
        if key in self._rows or self._complete or self._saved is None:
            return self._rows.get(key)
        found = row_of(self._saved, key)
        self._rows[key] = cast(Row, tuple(found[1:])) if found else None
        return self._rows[key]

    def get(self, path: Path | str, decode: Callable[[dict[str, Any]], F]) -> F | None:
        """The facts of a file as its row holds them, without a stat (None: no row)."""
        row = self._row(os.fspath(path))
        return None if row is None else self._decode(row, decode)

    def _decode(self, row: Row, decode: Callable[[dict[str, Any]], F]) -> F:
        return decode(json.loads(row[5]))

    def facts(
        self,
        path: Path,
        compute: Callable[[Path], F],
        decode: Callable[[dict[str, Any]], F],
        *,
        day: str = "",
        kind: str = "",
        inode: int | None = None,
    ) -> F:
        """The facts of a file, from the cache when its size and mtime are unchanged.

        With `inode` (the file's inode in a listing of its folder, `files.listing`), a cached row
        of the same inode is taken without a stat: the file was neither added nor replaced since
        (an edit in place is the caller's to look for)."""
        return self.many_facts([(path, day, kind, inode)], compute, decode)[0]

    def many_facts(
        self,
        files: Sequence[Located],
        compute: Callable[[Path], F],
        decode: Callable[[dict[str, Any]], F],
    ) -> list[F]:
        """`facts` of each file; the files not in the cache are read on every core (`compute`
        reads one file and writes nothing)."""
        found: list[F | None] = []
        todo: list[tuple[int, Path, str, str, os.stat_result | None]] = []
        for path, day, kind, inode in files:
            facts, stat = self._cached(path, decode, inode)
            if facts is None:
                todo.append((len(found), path, day, kind, stat))
            found.append(facts)
        computed = ordered_map(compute, [path for _, path, _, _, _ in todo])
        for (at, path, day, kind, stat), facts in zip(todo, computed, strict=True):
            if stat is not None:
                row = (day, kind, stat.st_mtime_ns, stat.st_size, stat.st_ino)
                self._record(os.fspath(path), row, facts.as_json())
            elif day:  # listed but not stat'ed (a dangling link): kept, read again next time
                self._record(os.fspath(path), (day, kind, -1, -1, -1), facts.as_json())
            found[at] = facts
        assert all(facts is not None for facts in found)  # each one cached or computed
        return cast(list[F], found)

    def _cached(
        self, path: Path, decode: Callable[[dict[str, Any]], F], inode: int | None
    ) -> tuple[F | None, os.stat_result | None]:
        """A file's cached facts, or None and its stat (None too when it cannot be stat'ed:
        vanished since the scan, or a dangling link; its facts are computed, not cached)."""
        key = os.fspath(path)
        cached = self._row(key)
        if inode is not None and cached is not None and cached[4] == inode:
            with contextlib.suppress(TypeError, ValueError):  # a row of another shape: recompute
                return self._decode(cached, decode), None
        self.stats += 1
        try:
            stat = path.stat()
        except OSError:
            return None, None
        if cached and cached[2] == stat.st_mtime_ns and cached[3] == stat.st_size:
            try:
                facts = self._decode(cached, decode)
            except (TypeError, ValueError):
                pass
            else:
                if cached[4] != stat.st_ino:
                    self._rows[key] = (*cached[:4], stat.st_ino, cached[5])
                    self._dirty.add(key)
                return facts, None
        return None, stat

    def put(self, path: Path, facts: F, *, day: str, kind: str) -> F:
        """Record the facts of a file this run just wrote."""
        stat = path.stat()
        self._record(
            os.fspath(path),
            (day, kind, stat.st_mtime_ns, stat.st_size, stat.st_ino),
            facts.as_json(),
        )
        return facts

    def _record(
        self, key: str, stat: tuple[str, str, int, int, int], facts: dict[str, Any]
    ) -> None:
        text = json.dumps(facts)
        old = self._row(key)
        # As the last saved run left it (None: no row), also when only its stat changed: the
        # row is saved again, and what it writes steps from this, not from nothing.
        self._before.setdefault(key, old)
        if old is None or old[5] != text:
            was = None if old is None else json.loads(old[5])
            if old is not None and old[:2] != stat[:2]:  # another day or kind: out, then in
                self.tallies.change(old[1], old[0], was, None)
                was = None
            # One change from old to new: an entity or link both name is not touched.
            self.tallies.change(stat[1], stat[0], was, facts)
        self._rows[key] = (*stat, text)
        self._recorded.setdefault(stat[0], set()).add(key)
        self._gone.discard(key)
        self._dirty.add(key)
        if stat[0]:
            self.pending.add(stat[0])

    def forget(self, paths: Iterable[str]) -> None:
        """Drop the rows of files found gone."""
        for key in paths:
            old = self._row(key)
            if old is None:
                continue
            self._before.setdefault(key, old)
            self.tallies.change(old[1], old[0], json.loads(old[5]), None)
            self._rows[key] = None
            self._dirty.discard(key)
            self._gone.add(key)
            if old[0]:
                self.pending.add(old[0])

    def forget_missing(self, present: set[str]) -> None:
        """Drop the rows of files that no longer exist (after `load_all`)."""
        self.load_all()
        self.forget([p for p, row in self._rows.items() if row is not None and p not in present])

    def before(self, path: Path) -> dict[str, Any] | None:
        """The facts of a file as the last saved run left them, when this run found them
        changed or the file gone (None: unchanged, or not known then)."""
        row = self._before.get(os.fspath(path))
        return None if row is None else cast(dict[str, Any], json.loads(row[5]))

    def days_writing(self, words: Collection[str]) -> set[str]:
        """The days some note or transcript of which writes one of `words` (folded) with a
        capital, as saved and as this run changed them (`written_store`)."""
        return written.days_writing(self._saved, words, self._row_changes())

    def _row_changes(self) -> Iterator[tuple[Row | None, Row | None]]:
        for path in sorted(self._dirty | self._gone):
            yield self._before.get(path), self._rows.get(path)

    def changed(self) -> set[str]:
        """The files whose facts this run computed or recorded, and those found gone."""
        return self._dirty | self._gone

    def rows(
        self,
        kinds: Collection[str],
        *,
        days: Collection[str] | None = None,
        since: str | None = None,
    ) -> dict[str, Row]:
        """The rows of these kinds, of `days` or of every day from `since` (both None: of
        every day), as this run left them."""
        saved = rows_of(self._saved, kinds, days, since) if self._saved is not None else []
        for path, *values in saved:
            self._rows.setdefault(path, cast(Row, tuple(values)))
        mine = self._recorded if days is None else {d: self._recorded.get(d, set()) for d in days}
        out: dict[str, Row] = {}
        for path in {*(p for p, *_ in saved), *(p for paths in mine.values() for p in paths)}:
            row = self._rows.get(path)
            if row is None or row[1] not in kinds:
                continue
            if (days is not None and row[0] not in days) or (since is not None and row[0] < since):
                continue
            out[path] = row
        return out

    def newest_day(self, kinds: Collection[str]) -> str | None:
        """The last day with a row of these kinds."""
        return self.neighbours(kinds, "9999-12-31")[0]

    def neighbours(self, kinds: Collection[str], day: str) -> tuple[str | None, str | None]:
        """The nearest days before and after `day` with a row of these kinds, as this run left
        the rows."""
        before, after = self._nearest(kinds, day, "<"), self._nearest(kinds, day, ">")
        for paths in self._recorded.values():
            for row in (self._rows.get(p) for p in paths):
                if row is not None and row[1] in kinds and row[0] != day:
                    if row[0] < day and (before is None or row[0] > before):
                        before = row[0]
                    elif row[0] > day and (after is None or row[0] < after):
                        after = row[0]
        return before, after

    def _nearest(self, kinds: Collection[str], day: str, side: str) -> str | None:
        """The nearest saved day on one `side` of `day` with a row this run did not drop."""
        if self._saved is None:
            return None

        def kept(path: str) -> bool:
            if path not in self._rows:
                return True  # saved, and untouched by this run
            row = self._rows[path]
            return row is not None and row[1] in kinds

        return nearest_day(self._saved, kinds, day, side, kept)

    def paths_below(self, folder: str) -> list[str]:
        """The saved rows' paths below `folder` (a folder that is gone)."""
        return [] if self._saved is None else paths_below(self._saved, folder)

    # --- the days to look at again ------------------------------------------------------------

    def settle(self, looked: Collection[str], left: Collection[str]) -> None:
        """A run looked at `looked` (days or entity keys) and at the entities its rows' changes
        touched, and left `left` to look at again (`Pending`)."""
        self.pending.settle(looked, left)
        self.tallies.touched_entities.clear()
        self.tallies.touched_links.clear()

    def keep_listings(self, listings: Listings) -> None:
        """Keep this run's folder listings for the next run (written by `save`)."""
        self._listings = listings

    # --- the rest of what a run leaves ----------------------------------------------------------

    def save(self) -> None:
        """Write what changed in one transaction."""
        listings = self._listings
        if self._db is None or self._read_only:
            return
        with self._writing(), self._db:
            db = self._db
            db.executemany(
                "INSERT OR REPLACE INTO meta VALUES (?, ?)", sorted(self.marks.recorded.items())
            )
            if (self._dirty or self._gone) and not self._related_current:
                # Rows the related state was not computed from (a run that died in its pass):
                # the next run compares every day's features with the state's.
                db.execute("INSERT OR REPLACE INTO meta VALUES ('related_rows', 'unchecked')")
            dirty = sorted(self._dirty)
            db.executemany(
                "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(p, *cast(Row, self._rows[p])) for p in dirty],
            )
            db.executemany("DELETE FROM files WHERE path = ?", [(p,) for p in sorted(self._gone)])
            if listings is not None:
                self.folders.save(listings)
            self.tallies.save(db)
            written.save(db, self._row_changes())
            touched = [tallies.entity_key(e) for e in self.tallies.touched_entities]
            touched += [tallies.link_key(t) for t in self.tallies.touched_links]
            self.pending.save(db, touched)
        self._dirty.clear()
        self._gone.clear()
        self._before.clear()  # what is saved now is what the next changes step from
        self._listings = None

    def related_saved(
        self,
        params: str,
        changed: Mapping[str, tuple[str, int] | None],
        postings: PostingChanges | None,
        *,
        whole: bool,
    ) -> None:
        """Record what a related-days pass saw (`RelatedStore.save`), in one transaction with
        the mark that the saved rows and the state agree."""
        self._related_current = True
        if self._db is None or self._read_only:
            return
        with self._writing(), self._db:
            self.related.save(params, changed, postings, whole=whole)
            self._db.execute("DELETE FROM meta WHERE key = 'related_rows'")

    def related_rows_checked(self) -> bool:
        """Whether the rows as saved are those the saved related state was computed from; not
        after a run that saved its rows but died before its related-days pass ended."""
        return self._meta("related_rows") is None and self._db is not None

    def related_unchanged(self) -> None:
        """The related state as read is the one this run's rows give (nothing to relate)."""
        self._related_current = True

    def _meta(self, key: str) -> str | None:
        if self._db is None:
            return None
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return str(row[0]) if row else None

    def _put_meta(self, values: Mapping[str, str | None]) -> None:
        """Write `meta` values at once (None: the key removed); nothing in a read-only run."""
        if self._db is None or self._read_only:
            return
        kept = sorted((key, value) for key, value in values.items() if value is not None)
        with self._writing(), self._db:
            self._db.executemany("DELETE FROM meta WHERE key = ?", [(k,) for k in sorted(values)])
            self._db.executemany("INSERT INTO meta VALUES (?, ?)", kept)

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
