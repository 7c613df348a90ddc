"""The search index in `<vault>/.vaultkit/index.sqlite`: derived from the vault, updated by file.

Each day's source files (daily note, local or archived; transcripts; summary) are recorded with their
size and mtime. A refresh stats every file and re-reads only the days where one was added, changed or
removed, so one new day costs one day of work whatever the vault's size. The index holds nothing the
vault does not: delete `.vaultkit/` and the next search rebuilds it.

What a day's text is (`search.index`): `notes` (the daily note and its transcripts), `summaries` (the
summary's topics and bullets) or `both` (the default; see docs/retrieval.md for the measurements).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from array import array
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from vaultkit.config import Config
from vaultkit.dates import parse_date
from vaultkit.errors import SearchIndexError, VaultkitError
from vaultkit.files.layout import (
    DAILY_NAME,
    SUMMARY_NAME,
    VaultFiles,
    date_in_parts,
    scan_archive,
    stat_tree,
)
from vaultkit.index.bm25 import DayIndex
from vaultkit.index.turns import parse_turns
from vaultkit.model import Progress, Summary
from vaultkit.summary.schema import summary_of

if TYPE_CHECKING:
    from vaultkit.index.embeddings import Embedder

INDEX_NAME = "index.sqlite"
# Bump when what is stored changes (tokenizer, text layout); an index of another version is rebuilt.
SCHEMA = 10  # 10: Unicode words and CJK pairs
# Characters per embedded chunk: about 200 word pieces, inside small models' 256-piece input
# (MiniLM's); a fixed count of turns overflowed it for 69% of LoCoMo's 8-turn chunks.
EMBED_CHARS = 800
_CHUNK = 500  # SQLite's default limit on host parameters is 999

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


@dataclass(frozen=True)
class DayRecord:
    """What search needs of an indexed day besides its text: its summary and where it lives."""

    day: date
    path: str
    summary: Summary | None

    @property
    def importance(self) -> int | None:
        return self.summary.importance if self.summary else None

    def values(self, name: str) -> tuple[str, ...]:
        """The summary's `people`, `projects` or `tags` (none without a summary)."""
        return tuple(getattr(self.summary, name)) if self.summary else ()


class _StoredRecord(DayRecord):
    """A record read from the index: importance is read with the row, the Summary is rebuilt from
    the stored fields only when asked for, and filters' values come from the fields as stored."""

    _records: Records
    _importance: int | None

    def __init__(self, records: Records, day: date, path: str, importance: int | None) -> None:
        # Not DayRecord.__init__: a `summary` in the instance would hide the cached property.
        object.__setattr__(self, "day", day)
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "_records", records)
        object.__setattr__(self, "_importance", importance)

    @cached_property
    def summary(self) -> Summary | None:
        fields = self._records.fields(self.day)
        return summary_of(self.day, fields) if fields is not None else None

    @property
    def importance(self) -> int | None:
        return self._importance

    def values(self, name: str) -> tuple[str, ...]:
        return self._records.listed(name).get(self.day, ())


class Records(Mapping[date, DayRecord]):
    """Every indexed day, read lazily: a query reads the few days it scores or shows.

    Reading every day's row cost more than the query itself on a large vault; a day's path and
    importance are read when first asked for (`prefetch` reads many in one go), its Summary when
    shown, and a filter's list field (people, projects, tags) for every day when first filtered on.
    """

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db
        self._records: dict[date, DayRecord | None] = {}
        self._every: list[date] | None = None
        self._values: dict[str, dict[date, tuple[str, ...]]] = {}

    def prefetch(self, days: Iterable[date]) -> None:
        """Read the rows of these days (those not read yet) in a few queries."""
        wanted = sorted({d for d in days if d not in self._records})
        for i in range(0, len(wanted), _CHUNK):
            part = [d.isoformat() for d in wanted[i : i + _CHUNK]]
            self._records.update(dict.fromkeys(wanted[i : i + _CHUNK]))
            self._read(f"WHERE day IN ({','.join('?' * len(part))})", part)

    def _read(self, where: str, params: Sequence[str]) -> None:
        rows = self._db.execute(
            f"SELECT day, path, json_extract(fields, '$.importance') FROM days {where}", params
        )
        for day, path, importance in rows:
            when = date.fromisoformat(day)
            self._records[when] = _StoredRecord(self, when, path, importance)

    def __getitem__(self, day: date) -> DayRecord:
        if day not in self._records:
            self.prefetch([day])
        found = self._records[day]
        if found is None:
            raise KeyError(day)
        return found

    def __contains__(self, day: object) -> bool:
        return isinstance(day, date) and self.get(day) is not None

    def __iter__(self) -> Iterator[date]:
        if self._every is None:
            self._read("ORDER BY day", ())
            self._every = sorted(d for d, r in self._records.items() if r is not None)
        return iter(self._every)

    def __len__(self) -> int:
        if self._every is not None:
            return len(self._every)
        return int(self._db.execute("SELECT count(*) FROM days").fetchone()[0])

    def fields(self, day: date) -> dict[str, Any] | None:
        """The stored summary fields of a day (None when it has no summary)."""
        row = self._db.execute("SELECT fields FROM days WHERE day = ?", (day.isoformat(),))
        found = row.fetchone()
        return json.loads(found[0]) if found and found[0] else None

    def listed(self, name: str) -> dict[date, tuple[str, ...]]:
        """One list field (`people`, `projects`, `tags`) of every summarized day."""
        if name not in self._values:
            rows = self._db.execute(
                "SELECT day, json_extract(fields, ?) FROM days WHERE fields IS NOT NULL",
                (f"$.{name}",),
            )
            self._values[name] = {
                date.fromisoformat(day): tuple(json.loads(found)) for day, found in rows if found
            }
        return self._values[name]


@dataclass
class RefreshReport:
    """What a refresh did: days (re)indexed and removed, files looked at, and what to tell the
    user (`warnings`: a file indexed with replacement characters, or left out)."""

    indexed: list[date] = field(default_factory=list)
    removed: list[date] = field(default_factory=list)
    files: int = 0
    rebuilt: bool = False
    warnings: list[str] = field(default_factory=list)


class _File(NamedTuple):
    day: str
    kind: str  # note | transcript | summary
    mtime_ns: int
    size: int
    inode: int  # an atomic save (temp file, rename) gives the path a new one


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
        self.path = config.state_dir / INDEX_NAME
        self._embedder = embedder
        self._progress = progress
        self.db = self._open()
        self.days = DayIndex(self.db)
        self.warnings: list[str] = []  # from the last refresh

    def __enter__(self) -> SearchIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.db.close()

    @property
    def embeds(self) -> bool:
        return self.config.search.backend != "bm25"

    def _open(self) -> sqlite3.Connection:
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

    def _connect(self) -> sqlite3.Connection:
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
        db.executescript(_TABLES)
        DayIndex(db)
        if not stored:
            db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", wanted.items())
            db.commit()
        return db

    def _identity(self) -> dict[str, str]:
        """What the stored rows depend on; a change of any of these rebuilds the index."""
        search = self.config.search
        return {
            "schema": str(SCHEMA),
            "index": search.index,
            "vault": os.fspath(self.config.vault_dir.resolve()),
            "embeddings": search.model if self.embeds else "",
        }

    def refresh(
        self,
        files: VaultFiles | None = None,
        archive: Mapping[date, Path] | None = None,
        *,
        full: bool = True,
        folders: Mapping[str, int] | None = None,
    ) -> RefreshReport:
        """Bring the index up to date with the vault, re-reading only the days whose files changed.

        `files` and `archive` are a scan the caller (sync) has just made, and `folders` the
        `folder_times` it took before it; without them it scans. A full refresh stats every file.
        `full=False` is the quick check searches make (see `_quick_changes`); it falls back to a
        full refresh when it cannot tell.
        """
        report = RefreshReport()
        changes = None if full or files is not None else self._quick_changes()
        if changes is not None:
            with self.db:
                self._apply(changes, report)
        else:
            if files is None:
                folders = folder_times(self.config)  # before the walk: see `_mtime`
            current = self._current_files(files, archive)
            report.files = len(current)
            # Rows compare equal to `_File`s as plain tuples: no object per stored file.
            stored = {row[0]: row[1:6] for row in self.db.execute("SELECT * FROM files")}
            report.rebuilt = not stored
            changes = {p: f for p, f in current.items() if stored.get(p) != f}
            changes.update((p, None) for p in stored.keys() - current.keys())
            with self.db:
                self._apply(changes, report)
                # Without folder times (a caller's scan of unknown age) the next quick check
                # finds no folders and makes a full refresh.
                self.db.execute("DELETE FROM folders")
                self._store_folders(folders or {})
        if self.embeds:
            self._embed_pending()
        self.warnings = report.warnings
        return report

    def _apply(self, changes: Mapping[str, _File | None], report: RefreshReport) -> None:
        """Re-index each day one of `changes` belongs to (`None`: the file is gone)."""
        by_day: dict[str, dict[str, _File | None]] = {}
        for path, facts in changes.items():
            if facts is not None:
                by_day.setdefault(facts.day, {})[path] = facts
        gone = [p for p, f in changes.items() if f is None]
        for i in range(0, len(gone), _CHUNK):
            part = gone[i : i + _CHUNK]
            marks = ",".join("?" * len(part))
            for path, day in self.db.execute(
                f"SELECT path, day FROM files WHERE path IN ({marks})", part
            ):
                by_day.setdefault(day, {})[path] = None
        total = len(by_day)
        for done, day in enumerate(sorted(by_day)):
            if self._progress is not None and total > 1:
                self._progress("indexing", done, total, day)
            day_files = {
                row[0]: _File(*row[1:6])
                for row in self.db.execute("SELECT * FROM files WHERE day = ?", (day,))
            }
            for path, facts in by_day[day].items():
                if facts is None:
                    day_files.pop(path, None)
                else:
                    day_files[path] = facts
            self.db.execute("DELETE FROM files WHERE day = ?", (day,))
            if day_files:
                self._index_day(day, self._one_note(day_files), report)
                report.indexed.append(date.fromisoformat(day))
            else:
                self._remove_day(day)
                report.removed.append(date.fromisoformat(day))

    def _one_note(self, files: dict[str, _File]) -> dict[str, _File]:
        """A day's files with one daily note: the local one, else the first archived path."""
        notes = sorted(
            (p for p, f in files.items() if f.kind == "note"),
            key=lambda p: (
                os.path.dirname(p) != os.fspath(self.config.memory_dir),
                p.split(os.sep),
            ),
        )
        return {p: f for p, f in files.items() if f.kind != "note" or p == notes[0]}

    def _quick_changes(self) -> dict[str, _File | None] | None:
        """The files added, removed or changed, found without a stat of every file.

        A folder's mtime moves when a file is added to it, removed or renamed (which is how
        vaultkit, and editors that save atomically, write), so only folders whose mtime moved are
        listed, and only the names they gained or lost, or whose inode changed (a file replaced
        by a rename), are stat'ed. A file edited in place moves
        only its own mtime: the files of the newest `RECENT_DAYS` days (where notes grow during
        the day) are stat'ed each time, older ones by a full refresh (`sync`, `search --rescan`),
        which also sees a replaced file whose inode number came back (ext4 reuses a freed one).
        Chat folders of older days are not looked at either. None: the caller must do a full
        refresh (first run, an archive folder changed, a daily note vanished).
        """
        rows = self.db.execute("SELECT path, mtime_ns, day FROM folders").fetchall()
        known = {path: mtime for path, mtime, _ in rows}  # grows as new chat folders are found
        flat, trees = _roots(self.config)
        if not known or any(root not in known for root in [*flat, *trees]):
            return None
        cutoff = self._recent_cutoff()
        changes: dict[str, _File | None] = {}
        moved: dict[str, int] = {}
        for folder, mtime, day in rows:
            if day is not None and day < cutoff:
                continue  # an older day's chat folder
            now = _mtime(folder)
            if now == mtime and mtime != _RACY:
                continue
            if trees and (folder == trees[1] or folder.startswith(_below(trees[1]))):
                return None  # the archive changed: rare, and it decides which note counts
            moved[folder] = now
            if not self._relist(folder, now, known, changes, moved):
                return None
        if not self._restat_recent(cutoff, changes):
            return None
        if moved:
            self._store_folders(moved)
            self.db.executemany(
                "DELETE FROM folders WHERE path = ?", [(f,) for f, t in moved.items() if t == _GONE]
            )
        return changes

    def _store_folders(self, folders: Mapping[str, int]) -> None:
        """Record folders' mtimes, and for a chat folder named by a day, that day."""
        chats = _below(os.fspath(self.config.chats_dir))
        self.db.executemany(
            "INSERT OR REPLACE INTO folders VALUES (?, ?, ?)",
            [
                (folder, mtime, _day_named(folder) if folder.startswith(chats) else None)
                for folder, mtime in folders.items()
            ],
        )

    def _relist(
        self,
        folder: str,
        mtime: int,
        known: dict[str, int],
        changes: dict[str, _File | None],
        moved: dict[str, int],
    ) -> bool:
        """Add to `changes` what a moved folder gained or lost; False: a full refresh is needed."""
        stored = dict(self.db.execute("SELECT path, inode FROM files WHERE folder = ?", (folder,)))
        listed: dict[str, int] = {}  # path -> inode
        subfolders = []
        if mtime != _GONE:
            with contextlib.suppress(OSError), os.scandir(folder) as entries:
                for entry in entries:
                    if entry.name.startswith("."):
                        continue
                    if entry.is_dir(follow_symlinks=False):
                        subfolders.append(entry.path)
                    elif entry.name.endswith(".md"):
                        listed[entry.path] = entry.inode()
        notes = folder == os.fspath(self.config.memory_dir)
        for path in stored.keys() - listed.keys():
            if notes:
                return False  # a note vanished: an archived one may count for that day now
            changes[path] = None
        for path, inode in listed.items():
            if stored.get(path) == inode:
                continue
            found = self._classify(folder, os.path.basename(path))
            if found is not None:
                with contextlib.suppress(OSError):
                    stat = os.stat(path)
                    changes[path] = _File(*found, stat.st_mtime_ns, stat.st_size, stat.st_ino)
        chats = os.fspath(self.config.chats_dir)
        if folder != chats and not folder.startswith(_below(chats)):
            return True  # the memory and summaries folders are read alone, not their subfolders
        for sub in subfolders:
            if sub not in known:  # a new chat folder: everything in it is new
                tree = list(_tree(sub))
                for inner in tree:  # known first, so no folder of the tree is walked twice
                    known[inner] = moved[inner] = _mtime(inner)
                for inner in tree:
                    self._relist(inner, moved[inner], known, changes, moved)
        inside, listed_folders = _below(folder), set(subfolders)
        for gone in [k for k in known if k.startswith(inside) and k not in listed_folders]:
            if os.sep not in gone[len(inside) :]:  # a direct subfolder that is no more
                moved[gone] = _GONE
                self._relist(gone, _GONE, known, changes, moved)
        return True

    def _classify(self, folder: str, name: str) -> tuple[str, str] | None:
        """The day and kind of a file by where it is and its name (None: not a source)."""
        config = self.config
        if folder == os.fspath(config.summaries_dir):
            match = SUMMARY_NAME.match(name)
            kind = "summary"
        elif folder == os.fspath(config.memory_dir):
            match = DAILY_NAME.match(name)
            kind = "note"
        else:
            below = [f for f in folder[len(os.fspath(config.chats_dir)) :].split(os.sep) if f]
            when = date_in_parts([*below, name])
            return (when.isoformat(), "transcript") if when else None
        return (match.group(1), kind) if match and parse_date(match.group(1)) else None

    def _recent_cutoff(self) -> str:
        """The first of the `RECENT_DAYS` days up to the newest the index holds."""
        row = self.db.execute("SELECT max(day) FROM files").fetchone()
        if not row[0]:
            return ""
        return (date.fromisoformat(row[0]) - timedelta(days=RECENT_DAYS - 1)).isoformat()

    def _restat_recent(self, cutoff: str, changes: dict[str, _File | None]) -> bool:
        """Stat the files of the newest days: the ones that are edited in place. False: a note
        vanished (an archived one may count for its day now), a full refresh is needed."""
        rows = self.db.execute(
            "SELECT path, day, kind, mtime_ns, size, inode FROM files WHERE day >= ?", (cutoff,)
        )
        for path, *row in rows.fetchall():
            if path in changes:
                continue
            try:
                stat = os.stat(path)
            except OSError:
                if row[1] == "note":
                    return False
                changes[path] = None
                continue
            facts = _File(row[0], row[1], stat.st_mtime_ns, stat.st_size, stat.st_ino)
            if facts != tuple(row):
                changes[path] = facts
        return True

    def _current_files(
        self, found: VaultFiles | None, archive: Mapping[date, Path] | None
    ) -> dict[str, _File]:
        """Every source file with its day, kind, mtime and size (stat only; nothing is read)."""
        if found is None:
            return self._stat_vault()
        paths = [(p, day, "summary") for day, p in found.summaries.items()]
        if self.config.search.index != "summaries":
            if archive is None:
                archive = scan_archive(self.config.archive_dir)
            for day in set(found.daily) | set(archive):
                paths.append((found.daily.get(day) or archive[day], day, "note"))
            for day, transcripts in found.transcripts.items():
                paths += [(p, day, "transcript") for p in transcripts]
        out = {}
        for path, day, kind in paths:
            try:
                stat = os.stat(path)
            except OSError:
                continue  # vanished between the scan and now: the next refresh sees it
            out[os.fspath(path)] = _File(
                day.isoformat(), kind, stat.st_mtime_ns, stat.st_size, stat.st_ino
            )
        return out

    def _stat_vault(self) -> dict[str, _File]:
        """`_current_files` of the vault walked here: the files `scan` and `scan_archive` find, as
        strings with their `DirEntry` stat (a Path per file was most of a no-op refresh)."""
        config, out = self.config, {}
        for folder, name, mtime, size, inode in stat_tree(
            os.fspath(config.summaries_dir), recurse=False
        ):
            match = SUMMARY_NAME.match(name)
            if match and parse_date(match.group(1)):
                out[os.path.join(folder, name)] = _File(
                    match.group(1), "summary", mtime, size, inode
                )
        if config.search.index == "summaries":
            return out
        local = set()
        for folder, name, mtime, size, inode in stat_tree(
            os.fspath(config.memory_dir), recurse=False
        ):
            match = DAILY_NAME.match(name)
            if match and parse_date(match.group(1)):
                local.add(match.group(1))
                out[os.path.join(folder, name)] = _File(match.group(1), "note", mtime, size, inode)
        archived: dict[str, tuple[list[str], str, _File]] = {}  # a day's note not kept locally
        for folder, name, mtime, size, inode in stat_tree(os.fspath(config.archive_dir)):
            match = DAILY_NAME.match(name)
            day = match.group(1) if match else None
            if day and day not in local and parse_date(day):
                path = os.path.join(folder, name)
                parts = path.split(os.sep)  # Paths' order: the first one wins, as in scan_archive
                if day not in archived or parts < archived[day][0]:
                    archived[day] = (parts, path, _File(day, "note", mtime, size, inode))
        out.update((path, facts) for _, path, facts in archived.values())
        chats = os.fspath(config.chats_dir)
        for folder, name, mtime, size, inode in stat_tree(chats):
            below = [f for f in folder[len(chats) :].split(os.sep) if f]
            when = date_in_parts([*below, name])
            if when is not None:
                out[os.path.join(folder, name)] = _File(
                    when.isoformat(), "transcript", mtime, size, inode
                )
        return out

    def _index_day(self, day: str, files: dict[str, _File], report: RefreshReport) -> None:
        """Read a day's files, index its text and store its summary fields."""
        # Imported here: a search that finds nothing changed never reads or parses a file.
        from vaultkit.files.document import parse_document
        from vaultkit.files.sources import content_of_note, content_of_transcript, read_text_lenient
        from vaultkit.summary.schema import fields_of, parse_summary

        notes: list[str] = []
        summary: Summary | None = None
        summary_path = note_path = None
        for path, facts in sorted(files.items(), key=lambda pf: (_ORDER[pf[1].kind], pf[0])):
            try:
                if facts.kind == "summary":
                    summary_path = path
                    summary = parse_summary(parse_document(Path(path).read_bytes(), Path(path)))
                    continue
                text, problem = read_text_lenient(Path(path))
                if problem:  # still searchable: a bad byte must not hide the whole day
                    report.warnings.append(
                        f"{self._relative(path)}: {problem}; indexed with replacement characters"
                    )
                if facts.kind == "note":
                    note_path = path
                    notes.append(content_of_note(text))
                else:
                    notes.append(content_of_transcript(text))
            except (VaultkitError, OSError) as exc:
                # An unreadable file adds no text; search goes on and says so.
                report.warnings.append(f"{self._relative(path)}: left out of the index: {exc}")
        text = self._text(notes, summary)
        self.days.add_day(day, text)
        shown = summary_path or note_path or min(files, key=lambda p: p.split(os.sep))
        fields = json.dumps(fields_of(summary)) if summary else None
        self.db.execute(
            "INSERT OR REPLACE INTO days VALUES (?, ?, ?)", (day, self._relative(shown), fields)
        )
        self.db.executemany(
            "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(p, *f, os.path.dirname(p)) for p, f in files.items()],
        )
        self.db.execute("DELETE FROM chunks WHERE day = ?", (day,))
        if self.embeds:
            self.db.executemany(
                "INSERT INTO chunks VALUES (?, ?, ?, NULL)",
                [(day, i, chunk) for i, chunk in enumerate(embed_chunks(text))],
            )

    def _text(self, notes: list[str], summary: Summary | None) -> str:
        parts = []
        if self.config.search.index != "summaries":
            parts += notes
        if summary is not None and (self.config.search.index != "notes" or not notes):
            topics = (*summary.topics, *(t for k in _KINDS for t in summary.uncategorized.of(k)))
            parts.append("\n".join([" ".join(topics), *summary.bullets]))
        return "\n".join(parts)

    def _remove_day(self, day: str) -> None:
        self.days.remove_day(day)
        self.db.execute("DELETE FROM days WHERE day = ?", (day,))
        self.db.execute("DELETE FROM chunks WHERE day = ?", (day,))

    def _relative(self, path: str) -> str:
        return os.path.relpath(path, self.config.vault_dir).replace(os.sep, "/")

    def _embed_pending(self) -> None:
        """Embed the chunks that have no vector yet, a batch at a time, committing each batch."""
        embedder = self._embedder or self.embedder()
        self._embedder = embedder
        pending = self.db.execute(
            "SELECT day, idx, text FROM chunks WHERE vector IS NULL ORDER BY day, idx"
        ).fetchall()
        size = self.config.search.batch_size
        for i in range(0, len(pending), size):
            batch = pending[i : i + size]
            vectors = embedder.embed([text for _, _, text in batch])
            with self.db:
                self.db.executemany(
                    "UPDATE chunks SET vector = ? WHERE day = ? AND idx = ?",
                    [
                        (array("f", v).tobytes(), d, n)
                        for (d, n, _), v in zip(batch, vectors, strict=True)
                    ],
                )

    def records(self) -> Records:
        """Every indexed day with its summary (None when it has none yet), read lazily."""
        return Records(self.db)

    def vectors(self) -> Iterator[tuple[date, array[float]]]:
        """Every stored chunk vector with its day."""
        rows = self.db.execute("SELECT day, vector FROM chunks WHERE vector IS NOT NULL")
        for day, blob in rows:
            vector = array("f")
            vector.frombytes(blob)
            yield date.fromisoformat(day), vector

    def embedder(self) -> Embedder:
        from vaultkit.index.embeddings import make_embedder

        if self._embedder is None:
            self._embedder = make_embedder(self.config)
        return self._embedder


_ORDER = {"note": 0, "transcript": 1, "summary": 2}
RECENT_DAYS = 7  # days whose files a quick refresh stats: where notes are edited in place
_GONE = -2  # the mtime of a folder that no longer exists
_RACY = -1  # the mtime stored for a folder changed too recently to trust (see `_mtime`)


def _mtime(folder: str) -> int:
    """A folder's mtime; `_RACY` when it moved in the last two seconds (a file added in the same
    clock tick as this look would not move it again, as git's "racy" entries), `_GONE` if absent.
    """
    try:
        mtime = os.stat(folder).st_mtime_ns
    except OSError:
        return _GONE
    return _RACY if mtime > time.time_ns() - 2_000_000_000 else mtime


def _sqlite(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, timeout=30)
    # Postings are clustered by term, so a day's rows land all over the table: with SQLite's
    # default 2 MB page cache a large build rewrote the same pages again and again.
    db.execute("PRAGMA cache_size = -65536")  # KiB: at most 64 MB, only as pages are used
    return db


def _roots(config: Config) -> tuple[list[str], list[str]]:
    """The folders a refresh looks at: flat ones (listed alone) and trees (walked)."""
    flat = [os.fspath(config.summaries_dir)]
    trees = []
    if config.search.index != "summaries":
        flat.append(os.fspath(config.memory_dir))
        trees = [os.fspath(config.chats_dir), os.fspath(config.archive_dir)]
    return flat, trees


def folder_times(config: Config) -> dict[str, int]:
    """The mtime of every folder a full refresh walks (`_GONE` for an absent root). Take it
    before scanning the files, so a file added during the scan shows as a moved folder."""
    flat, trees = _roots(config)
    folders = [*flat, *trees, *(f for root in trees for f in _tree(root))]
    return {folder: _mtime(folder) for folder in folders}


def _tree(root: str) -> Iterator[str]:
    """Every folder below `root` (dot folders and symlinks skipped), and `root`, if it exists."""
    if not os.path.isdir(root):
        return
    yield root
    with contextlib.suppress(OSError), os.scandir(root) as entries:
        folders = sorted(
            e.path
            for e in entries
            if not e.name.startswith(".") and e.is_dir(follow_symlinks=False)
        )
    for folder in folders:
        yield from _tree(folder)


def _below(folder: str) -> str:
    return folder.rstrip(os.sep) + os.sep


def _day_named(folder: str) -> str | None:
    """The day a folder's name gives (`2026-07-03`, `call-2026-07-03`), if any."""
    when = date_in_parts([os.path.basename(folder)])
    return when.isoformat() if when else None


_KINDS = ("technologies", "libraries", "projects")


def embed_chunks(text: str, budget: int = EMBED_CHARS) -> list[str]:
    """A day's text as chunks of whole turns of at most `budget` characters, half overlapping.

    Each chunk after the first starts at the middle turn of the one before, so a passage that
    straddles a boundary is whole in one of them; a single longer turn is cut at word boundaries.
    """
    lines = [
        piece
        for t in parse_turns(text)
        for piece in _cut(f"{t.speaker}: {t.text}" if t.speaker else t.text, budget)
    ]
    chunks: list[str] = []
    start = 0
    while start < len(lines):
        end, size = start, 0
        while end < len(lines) and (end == start or size + len(lines[end]) + 1 <= budget):
            size += len(lines[end]) + 1
            end += 1
        chunks.append("\n".join(lines[start:end]))
        if end >= len(lines):
            break
        start = max(start + 1, (start + end) // 2)
    return chunks


def _cut(line: str, budget: int) -> list[str]:
    """A line as pieces of at most `budget` characters, cut at spaces where possible."""
    pieces = []
    while len(line) > budget:
        cut = line.rfind(" ", 0, budget)
        cut = cut if cut > budget // 2 else budget
        pieces.append(line[:cut].rstrip())
        line = line[cut:].lstrip()
    return [*pieces, line] if line else pieces


def open_index(
    config: Config,
    *,
    embedder: Embedder | None = None,
    rescan: bool = False,
    progress: Progress | None = None,
) -> SearchIndex:
    """The vault's index, refreshed (quickly; every file with `rescan`); close it when done."""
    with _translated(config):
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
) -> RefreshReport:
    """Bring the vault's search index up to date (what `sync` calls at its end, with its scan
    and the `folder_times` it took before it)."""
    with (
        _translated(config),
        SearchIndex(config, embedder=embedder, progress=progress) as index,
    ):
        return index.refresh(files, archive, folders=folders)


@contextlib.contextmanager
def _translated(config: Config) -> Iterator[None]:
    """SQLite and OS failures of the index become one-line VaultkitErrors naming the file."""
    try:
        yield
    except sqlite3.Error as exc:
        raise SearchIndexError(f"search index: {exc}", path=config.state_dir / INDEX_NAME) from None
    except OSError as exc:
        raise SearchIndexError(
            f"search index: {exc.strerror or exc}", path=exc.filename or config.state_dir
        ) from None
