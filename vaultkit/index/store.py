"""The search index in `<vault>/.vaultkit/index.sqlite`: derived from the vault, updated by file.

Each day's source files (daily note, local or archived; transcripts; summary) are recorded with their
size, mtime and inode. A refresh re-reads only the days where one was added, changed or removed
(`refresh` finds them), so one new day costs one day of work whatever the vault's size. Delete
`.vaultkit/` (the state folder) and the next search rebuilds it; a corrupt one is rebuilt too.

What a day's text is (`search.index`): `notes` (the daily note and its transcripts), `summaries` (the
summary's topics and bullets) or `both` (the default; see docs/retrieval.md for the measurements).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from array import array
from collections.abc import Iterator, Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from vaultkit.config import Config
from vaultkit.errors import SearchIndexError, VaultkitError
from vaultkit.files.layout import Layout, VaultFiles
from vaultkit.files.storage import digest, read_bytes
from vaultkit.index.bm25 import DayIndex
from vaultkit.index.daytext import DayReader, DayText, embed_chunks, read_day_text
from vaultkit.index.records import Records
from vaultkit.index.refresh import (
    ChangeFinder,
    FileState,
    RefreshReport,
    days_after,
    folder_times,
    one_note,
)
from vaultkit.index.sql import Database, open_sqlite
from vaultkit.model import Progress
from vaultkit.pages.schema import fields_of
from vaultkit.parallel import ordered_map
from vaultkit.text.language import Analyzer

if TYPE_CHECKING:
    from vaultkit.index.analysis import DayRows
    from vaultkit.index.embeddings import Embedder
    from vaultkit.index.refresh import Changed
    from vaultkit.index.shared import SharedIndex

SQLITE_NAME = "index.sqlite"
# Bump when what is stored changes (tokenizer, text layout); an index of another version is rebuilt.
SCHEMA = 23  # what each version changed: CHANGELOG.md

_TABLES = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS files(path TEXT PRIMARY KEY, day TEXT, kind TEXT,
    mtime_ns INTEGER, size INTEGER, inode INTEGER, folder TEXT);
CREATE INDEX IF NOT EXISTS files_day ON files(day);
CREATE INDEX IF NOT EXISTS files_folder ON files(folder, path, inode);
CREATE TABLE IF NOT EXISTS folders(path TEXT PRIMARY KEY, mtime_ns INTEGER, day TEXT);
CREATE TABLE IF NOT EXISTS days(day TEXT PRIMARY KEY, path TEXT, fields TEXT);
CREATE TABLE IF NOT EXISTS chunks(day TEXT, idx INTEGER, text TEXT, vector BLOB,
    PRIMARY KEY(day, idx));
"""
_SHARED_TABLES = """
CREATE TABLE IF NOT EXISTS texts(path TEXT PRIMARY KEY, day TEXT, body TEXT);
CREATE INDEX IF NOT EXISTS texts_day ON texts(day);
"""


class SearchIndex:
    """The vault's search index; use as a context manager, call `refresh()` before reading."""

    def __init__(
        self,
        config: Config,
        *,
        embedder: Embedder | None = None,
        progress: Progress | None = None,
    ) -> None:
        self.config = config
        self.layout = Layout(config)
        self.notes_too = config.search.index != "summaries"
        self.path = config.state_dir / SQLITE_NAME
        self._embedder = embedder
        self._progress = progress
        self.shared: SharedIndex | None = None
        self._origin: dict[Path, str] = {}  # a reader's path of a file -> the writer's
        self.db: Database = (
            self._open_shared() if config.index.store == "postgres" else self._open()
        )
        self.days = DayIndex(self.db, analyzer=Analyzer(config.languages), create=False)
        self.warnings: list[str] = []  # from the last refresh

    def __enter__(self) -> SearchIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.db.close()

    @property
    def embeds(self) -> bool:
        return self.config.search.backend in ("embeddings", "hybrid")

    @property
    def reader(self) -> bool:
        """A machine without the vault's files, searching a shared index: it never writes."""
        return self.shared is not None and self.shared.reader

    def _open_shared(self) -> Database:
        from vaultkit.index.shared import SharedIndex

        reader = not self.config.vault_dir.is_dir()
        self.shared = shared = SharedIndex(self.config, self._identity(), reader=reader)
        if reader:
            return shared.db
        here = os.fspath(self.config.vault_dir.resolve())
        stored = {} if shared.pending else dict(shared.db.execute("SELECT key, value FROM meta"))
        if stored.get("vault_path") != here:  # a new generation, or the vault moved
            self._prepare(shared.db, stored)
            with shared.db:
                shared.db.executescript(_SHARED_TABLES)
                shared.db.execute(
                    "INSERT INTO meta VALUES ('vault_path', ?) "
                    "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    (here,),
                )
        shared.db.commit()
        return shared.db

    def _open(self) -> Database:
        self.config.state_dir.mkdir(parents=True, exist_ok=True)
        try:
            db = self._connect()
        except sqlite3.DatabaseError:
            # A corrupt index is derived state: throw it away and rebuild, never trust it.
            for suffix in ("", "-wal", "-shm", "-journal"):
                with contextlib.suppress(FileNotFoundError):
                    Path(f"{self.path}{suffix}").unlink()
            db = self._connect()
        return db

    def _connect(self) -> Database:
        db = _sqlite(self.path)
        wanted = self._identity()
        try:
            stored = dict(db.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.OperationalError:  # no meta table: a new, empty index
            stored = {}
        if stored and any(stored.get(k) != v for k, v in wanted.items()):
            # Built by another schema or config: derived state, rebuilt from the vault. A new
            # file is never unlinked: other processes may be creating it at the same moment.
            db.close()
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()
            db = _sqlite(self.path)
            stored = {}
        self._prepare(db, stored)
        return db

    def _prepare(self, db: Database, stored: dict[str, str]) -> None:
        """The tables, and in a new index what it is built from."""
        db.executescript(_TABLES)
        DayIndex(db)
        if not stored:
            db.executemany(
                "INSERT INTO meta VALUES (?, ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                self._identity().items(),
            )
        db.commit()

    def _identity(self) -> dict[str, str]:
        """What the stored rows depend on; a change of any of these rebuilds the index."""
        search = self.config.search
        return {
            "schema": str(SCHEMA),
            "index": search.index,
            "vault": (
                f"id:{self.config.index.vault_id}"
                if self.config.index.store == "postgres"
                else os.fspath(self.config.vault_dir.resolve())
            ),
            "embeddings": self.embedder().model if self.embeds else "",
            "languages": ",".join(self.config.languages),
        }

    def refresh(
        self,
        files: VaultFiles | None = None,
        archive: Mapping[date, Path] | None = None,
        *,
        full: bool = True,
        folders: Mapping[str, int] | None = None,
        changed: Changed | None = None,
    ) -> RefreshReport:
        """Bring the index up to date with the vault, re-reading only the days whose files changed.

        `files` and `archive` are a scan the caller (sync) has just made, `folders` the
        `folder_times` it took before it and `changed` what it found changed (only those paths
        are stat'ed, if the index is as it left it); without them it scans, statting every file.
        `full=False` is the quick check searches make (`ChangeFinder.quick`), or a full refresh.
        """
        report = RefreshReport()
        if self.reader:  # the writer keeps the shared index; a reader has no files to read
            return report
        finder = ChangeFinder(self.layout, self.notes_too, self.db)
        changes = None if full or files is not None else finder.quick()
        building = self.shared is not None and self.shared.pending is not None
        if changed is not None and not building and changed.in_step(self.db):
            changes = finder.of_paths(changed.paths)
            report.files = len(changes)
            with self.db:
                self._apply(changes, report)
                changed.leave_mark(self.db)
                finder.store_folders(folders or {})
        elif changes is not None:
            with self.db:
                self._apply(changes, report)
        else:
            if files is None:
                folders = folder_times(
                    self.layout, self.notes_too
                )  # before the walk: see `files.listing.folder_mtime`
            changes, report.files, report.rebuilt = finder.full(files, archive)
            with self.db:
                self._apply(changes, report)
                # Without folder times (a caller's scan of unknown age) the next quick check
                # finds no folders and makes a full refresh.
                self.db.execute("DELETE FROM folders")
                finder.store_folders(folders or {})
                if changed is not None:
                    changed.leave_mark(self.db)
        report.warnings += finder.skipped()
        if self.embeds:
            report.embedded = self._embed(report.warnings)
        if self.shared is not None:
            self.shared.publish()
        self.warnings = report.warnings
        return report

    def _embed(self, said: list[str], numbers: int | None = None) -> int:
        """Embed the chunks without a vector, or all again to vectors of `numbers` numbers;
        what the user should hear of it goes to `said`."""
        from vaultkit.index.embeddings import embed_chunks

        return embed_chunks(self.db, self.embedder(), self.config, self._progress, said, numbers)

    def apply(self, changes: Mapping[str, FileState | None]) -> RefreshReport:
        """Re-index the days of `changes` that a writer knows of (see `written`), in one
        transaction, and publish a shared index's change."""
        report = RefreshReport()
        with self.db:
            self._apply(changes, report)
        if self.shared is not None:
            self.shared.publish()
        return report

    def _apply(self, changes: Mapping[str, FileState | None], report: RefreshReport) -> None:
        try:
            self._reindex(changes, report)
        except BaseException:
            self.days.discard()  # rolled back with the transaction
            raise

    def _reindex(self, changes: Mapping[str, FileState | None], report: RefreshReport) -> None:
        """Re-index each day one of `changes` belongs to (`None`: the file is gone)."""
        kept = days_after(self.db, changes)
        total = len(kept)
        memory = os.fspath(self.config.memory_dir)
        jobs = [(day, one_note(files, memory)) for day, files in kept.items() if files]
        reader = DayReader(self.layout, self.config.search.index, self.days.terms, self.days.h)
        analysed = ordered_map(reader, jobs)  # the days' files read and analysed on every core
        with contextlib.closing(analysed):
            read = zip((files for _, files in jobs), analysed, strict=True)
            for done, day in enumerate(kept):
                if self._progress is not None and total > 1:
                    self._progress("indexing", done, total, day)
                self.db.execute("DELETE FROM files WHERE day = ?", (day,))
                if kept[day]:
                    self._index_day(day, *next(read), report)
                    report.indexed.append(date.fromisoformat(day))
                else:
                    self._remove_day(day)
                    report.removed.append(date.fromisoformat(day))
        if self._progress is not None and total > 1:  # a finished bar shows its total
            self._progress("indexing", total, total)
        self.days.flush()  # the statistics, once for all these days, in the same transaction
        if kept and self.embeds:
            from vaultkit.index.embeddings import bump_version

            bump_version(self.db)  # the days' chunks were replaced

    def _index_day(
        self,
        day: str,
        files: dict[str, FileState],
        read: tuple[DayText, DayRows],
        report: RefreshReport,
    ) -> None:
        """Index a day's text as read and analysed (`DayReader`) and store its summary fields."""
        found, rows = read
        report.warnings += found.warnings
        self.days.store_day(day, rows)
        fields = json.dumps(fields_of(found.summary)) if found.summary else None
        self.db.execute(
            "INSERT INTO days VALUES (?, ?, ?) "
            "ON CONFLICT(day) DO UPDATE SET path = excluded.path, fields = excluded.fields",
            (day, self.layout.rel(found.shown), fields),
        )
        self.db.executemany(
            "INSERT INTO files VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(path) DO UPDATE SET "
            "day = excluded.day, kind = excluded.kind, mtime_ns = excluded.mtime_ns, "
            "size = excluded.size, inode = excluded.inode, folder = excluded.folder",
            [(p, *f, os.path.dirname(p)) for p, f in files.items()],
        )
        self.db.execute("DELETE FROM chunks WHERE day = ?", (day,))
        if self.shared is not None:
            self._store_texts(day, files)
        if self.embeds:
            self.db.executemany(
                "INSERT INTO chunks VALUES (?, ?, ?, NULL)",
                [(day, i, chunk) for i, chunk in enumerate(embed_chunks(found.text))],
            )

    def _store_texts(self, day: str, files: Mapping[str, FileState]) -> None:
        """The raw text of each file of the day, for readers without the files (recall)."""
        from vaultkit.files.sources import read_text_lenient

        self.db.execute("DELETE FROM texts WHERE day = ?", (day,))
        rows = []
        for path in files:
            with contextlib.suppress(OSError, VaultkitError):  # read_day_text said so already
                rows.append((path, day, read_text_lenient(Path(path))[0]))
        self.db.executemany("INSERT INTO texts VALUES (?, ?, ?)", rows)

    def _remove_day(self, day: str) -> None:
        if self.shared is not None:
            self.db.execute("DELETE FROM texts WHERE day = ?", (day,))
        self.days.remove_day(day)
        self.db.execute("DELETE FROM days WHERE day = ?", (day,))
        self.db.execute("DELETE FROM chunks WHERE day = ?", (day,))

    def records(self) -> Records:
        """Every indexed day with its summary (None when it has none yet), read lazily."""
        return Records(self.db)

    def similarities(self, wanted: Sequence[float]) -> dict[date, float]:
        """Each day's best cosine of a chunk with `wanted` (numpy when it is installed, as the
        semantic extra brings it; the stored vectors are read again only when they changed).
        Vectors of another size than `wanted` (another model's) are embedded again first."""
        from vaultkit.index.embeddings import best_cosines, sizes_differ, vector_matrix

        matrix = vector_matrix(self.db, self._store_key())
        if matrix.sizes - {len(wanted)}:
            self.warnings.append(sizes_differ(len(wanted), matrix.sizes, reader=self.reader))
            self._embed(self.warnings, len(wanted))
            matrix = vector_matrix(self.db, self._store_key())
        return best_cosines(matrix, wanted)

    def _store_key(self) -> str:
        """Which index this is, for the vectors a process keeps between searches."""
        if self.shared is None:
            return os.fspath(self.path)
        dsn = digest(os.environ.get(self.config.index.dsn_env, ""), 16)
        return f"postgres:{dsn}:{self.shared.vault_id}:{self.shared.schema}"

    def vectors(self) -> Iterator[tuple[date, array[float]]]:
        """Every stored chunk vector with its day."""
        from vaultkit.index.embeddings import stored_vectors

        return stored_vectors(self.db)

    def files_of(self, day: date) -> list[tuple[Path, str]]:
        """A day's indexed source files, (path, kind), daily note first: where its raw text is."""
        rows = self.db.execute("SELECT path, kind FROM files WHERE day = ?", (day.isoformat(),))
        order = {"note": 0, "transcript": 1, "summary": 2}
        found = sorted(rows, key=lambda r: (order[r[1]], r[0]))
        if not self.reader:
            return [(Path(p), k) for p, k in found]
        # A reader shows the writer's files under its own vault folder, read from the index.
        (writer,) = self.db.execute("SELECT value FROM meta WHERE key = 'vault_path'").fetchone()
        out = []
        for stored, kind in found:
            path = self.config.vault_dir / os.path.relpath(stored, writer)
            self._origin[path] = stored
            out.append((path, kind))
        return out

    def read_source(self, path: Path) -> bytes:
        """A file of the vault (one `files_of` gave): a reader's from the shared index."""
        if not self.reader:
            return read_bytes(path)
        row = self.db.execute(
            "SELECT body FROM texts WHERE path = ?", (self._origin.get(path, os.fspath(path)),)
        ).fetchone()
        if row is None:
            raise FileNotFoundError(2, "not in the shared index", os.fspath(path))
        return str(row[0]).encode()

    def fingerprints(self) -> dict[str, str]:
        """Per indexed day, a digest of what the index knows of its files (path, time, size,
        inode): it changes whenever one of the day's files does."""
        rows = self.db.execute(
            "SELECT day, path, mtime_ns, size, inode FROM files ORDER BY day, path"
        )
        states: dict[str, list[object]] = {}
        for day, *state in rows:
            states.setdefault(day, []).append(state)
        return {day: digest(repr(s), 32) for day, s in states.items()}

    def text_of(self, day: str) -> str:
        """The text a day is indexed by, read again from its files (what a remote store gets)."""
        files = {
            row[0]: FileState(*row[1:6])
            for row in self.db.execute("SELECT * FROM files WHERE day = ?", (day,))
        }
        found = read_day_text(self.layout, self.config.search.index, files)
        self.warnings = [*self.warnings, *found.warnings]
        return found.text

    def embedder(self) -> Embedder:
        from vaultkit.index.embeddings import make_embedder

        if self._embedder is None:
            self._embedder = make_embedder(self.config.search)
        return self._embedder


def _sqlite(path: Path) -> Database:
    db = open_sqlite(path)
    # Postings are clustered by term, so a day's rows land all over the table: with SQLite's
    # default 2 MB page cache a large build rewrote the same pages again and again.
    db.execute("PRAGMA cache_size = -65536")  # KiB: at most 64 MB, only as pages are used
    return db


def open_index(
    config: Config,
    *,
    embedder: Embedder | None = None,
    rescan: bool = False,
    progress: Progress | None = None,
) -> SearchIndex:
    """The vault's index, refreshed (quickly; every file with `rescan`); close it when done."""
    with translated_errors(config):
        index = SearchIndex(config, embedder=embedder, progress=progress)
        try:
            index.refresh(full=rescan)
        except BaseException:
            index.close()
            raise
        return index


def refresh_index(
    config: Config,
    *,
    embedder: Embedder | None = None,
    files: VaultFiles | None = None,
    archive: Mapping[date, Path] | None = None,
    folders: Mapping[str, int] | None = None,
    progress: Progress | None = None,
    changed: Changed | None = None,
) -> RefreshReport:
    """Bring the vault's search index up to date (what `sync` calls at its end: `index.refresh`)."""
    with (
        translated_errors(config),
        SearchIndex(config, embedder=embedder, progress=progress) as index,
    ):
        return index.refresh(files, archive, folders=folders, changed=changed)


@contextlib.contextmanager
def translated_errors(config: Config) -> Iterator[None]:
    """SQLite and OS failures of the index become one-line VaultkitErrors naming the file."""
    try:
        yield
    except sqlite3.Error as exc:
        raise SearchIndexError(
            f"search index: {exc}", path=config.state_dir / SQLITE_NAME
        ) from None
    except OSError as exc:
        raise SearchIndexError(
            f"search index: {exc.strerror or exc}", path=exc.filename or config.state_dir
        ) from None
    except Exception as exc:
        if not type(exc).__module__.startswith("psycopg"):
            raise
        from vaultkit.index.shared import driver_said  # the connection string's secrets scrubbed

        said = driver_said(exc, config.index.dsn_env)
        raise SearchIndexError(f"shared index of {config.index.vault_id!r}: {said}") from None
