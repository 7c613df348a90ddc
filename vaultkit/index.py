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
from array import array
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from pathlib import Path
from typing import Any, NamedTuple

from vaultkit.config import Config
from vaultkit.document import parse_document
from vaultkit.embeddings import Embedder, make_embedder
from vaultkit.errors import VaultkitError
from vaultkit.model import Summary
from vaultkit.retrieval import DayIndex, parse_turns
from vaultkit.sources import content_of_note, content_of_transcript, read_text
from vaultkit.summary import fields_of, parse_summary, summary_of
from vaultkit.vault import (
    DAILY_NAME,
    SUMMARY_NAME,
    VaultFiles,
    date_in_parts,
    parse_date,
    scan_archive,
    stat_tree,
)

INDEX_NAME = "index.sqlite"
# Bump when what is stored changes (tokenizer, text layout); an index of another version is rebuilt.
SCHEMA = 4
# Characters per embedded chunk: about 200 word pieces, inside small models' 256-piece input
# (MiniLM's); a fixed count of turns overflowed it for 69% of LoCoMo's 8-turn chunks.
EMBED_CHARS = 800

_TABLES = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS files(path TEXT PRIMARY KEY, day TEXT, kind TEXT,
    mtime_ns INTEGER, size INTEGER);
CREATE INDEX IF NOT EXISTS files_day ON files(day);
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
    """Every indexed day, read lazily: a query builds the Summary of the few days it shows.

    Rebuilding a Summary for each of 10k days cost more than the query itself; the day, path and
    importance of every day are one light SELECT, the rest is read per day (or, for a filter on
    people, projects or tags, that one list for every day) when first asked for.
    """

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db
        rows = db.execute("SELECT day, path, json_extract(fields, '$.importance') FROM days")
        self._records: dict[date, DayRecord] = {}
        for day, path, importance in rows:
            when = date.fromisoformat(day)
            self._records[when] = _StoredRecord(self, when, path, importance)
        self._values: dict[str, dict[date, tuple[str, ...]]] = {}

    def __getitem__(self, day: date) -> DayRecord:
        return self._records[day]

    def __contains__(self, day: object) -> bool:
        return day in self._records

    def __iter__(self) -> Iterator[date]:
        return iter(self._records)

    def __len__(self) -> int:
        return len(self._records)

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
    """What a refresh did: days (re)indexed and removed, files looked at, days left unembedded."""

    indexed: list[date] = field(default_factory=list)
    removed: list[date] = field(default_factory=list)
    files: int = 0
    rebuilt: bool = False


class _File(NamedTuple):
    day: str
    kind: str  # note | transcript | summary
    mtime_ns: int
    size: int


class SearchIndex:
    """The vault's search index; use as a context manager, call `refresh()` before reading."""

    def __init__(self, config: Config, *, embedder: Embedder | None = None) -> None:
        self.config = config
        self.path = config.state_dir / INDEX_NAME
        self._embedder = embedder
        self.db = self._open()
        self.days = DayIndex(self.db)

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
        db = sqlite3.connect(self.path, timeout=30)
        db.executescript(_TABLES)
        DayIndex(db)
        wanted = self._identity()
        stored = dict(db.execute("SELECT key, value FROM meta").fetchall())
        if any(stored.get(k) != v for k, v in wanted.items()):
            db.close()
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()
            db = sqlite3.connect(self.path, timeout=30)
            db.executescript(_TABLES)
            DayIndex(db)
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
        self, files: VaultFiles | None = None, archive: Mapping[date, Path] | None = None
    ) -> RefreshReport:
        """Bring the index up to date with the vault, re-reading only the days whose files changed.

        `files` and `archive` are a scan the caller (sync) has just made; without them it scans.
        """
        report = RefreshReport()
        current = self._current_files(files, archive)
        report.files = len(current)
        # Rows compare equal to `_File`s as plain tuples: no object per stored file.
        stored = {row[0]: row[1:] for row in self.db.execute("SELECT * FROM files")}
        report.rebuilt = not stored
        changed = {f.day for p, f in current.items() if stored.get(p) != f}
        changed |= {f[0] for p, f in stored.items() if p not in current}
        by_day: dict[str, dict[str, _File]] = {}
        for path, facts in current.items():
            if facts.day in changed:
                by_day.setdefault(facts.day, {})[path] = facts
        with self.db:
            for day in sorted(changed):
                self.db.execute("DELETE FROM files WHERE day = ?", (day,))
                day_files = by_day.get(day)
                if day_files:
                    self._index_day(day, day_files)
                    report.indexed.append(date.fromisoformat(day))
                else:
                    self._remove_day(day)
                    report.removed.append(date.fromisoformat(day))
        if self.embeds:
            self._embed_pending()
        return report

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
            out[os.fspath(path)] = _File(day.isoformat(), kind, stat.st_mtime_ns, stat.st_size)
        return out

    def _stat_vault(self) -> dict[str, _File]:
        """`_current_files` of the vault walked here: the files `scan` and `scan_archive` find, as
        strings with their `DirEntry` stat (a Path per file was most of a no-op refresh)."""
        config, out = self.config, {}
        for folder, name, mtime, size in stat_tree(os.fspath(config.summaries_dir), recurse=False):
            match = SUMMARY_NAME.match(name)
            if match and parse_date(match.group(1)):
                out[os.path.join(folder, name)] = _File(match.group(1), "summary", mtime, size)
        if config.search.index == "summaries":
            return out
        local = set()
        for folder, name, mtime, size in stat_tree(os.fspath(config.memory_dir), recurse=False):
            match = DAILY_NAME.match(name)
            if match and parse_date(match.group(1)):
                local.add(match.group(1))
                out[os.path.join(folder, name)] = _File(match.group(1), "note", mtime, size)
        archived: dict[str, tuple[list[str], str, _File]] = {}  # a day's note not kept locally
        for folder, name, mtime, size in stat_tree(os.fspath(config.archive_dir)):
            match = DAILY_NAME.match(name)
            day = match.group(1) if match else None
            if day and day not in local and parse_date(day):
                path = os.path.join(folder, name)
                parts = path.split(os.sep)  # Paths' order: the first one wins, as in scan_archive
                if day not in archived or parts < archived[day][0]:
                    archived[day] = (parts, path, _File(day, "note", mtime, size))
        out.update((path, facts) for _, path, facts in archived.values())
        chats = os.fspath(config.chats_dir)
        for folder, name, mtime, size in stat_tree(chats):
            below = [f for f in folder[len(chats) :].split(os.sep) if f]
            when = date_in_parts([*below, name])
            if when is not None:
                out[os.path.join(folder, name)] = _File(when.isoformat(), "transcript", mtime, size)
        return out

    def _index_day(self, day: str, files: dict[str, _File]) -> None:
        """Read a day's files, index its text and store its summary fields."""
        notes: list[str] = []
        summary: Summary | None = None
        summary_path = note_path = None
        for path, facts in sorted(files.items(), key=lambda pf: (_ORDER[pf[1].kind], pf[0])):
            try:
                if facts.kind == "summary":
                    summary_path = path
                    summary = parse_summary(parse_document(Path(path).read_bytes(), Path(path)))
                elif facts.kind == "note":
                    note_path = path
                    notes.append(content_of_note(read_text(Path(path))))
                else:
                    notes.append(content_of_transcript(read_text(Path(path))))
            except (VaultkitError, OSError):
                continue  # an unreadable file adds no text; lint reports it, search goes on
        text = self._text(notes, summary)
        self.days.add_day(day, text)
        shown = summary_path or note_path or min(files, key=lambda p: p.split(os.sep))
        fields = json.dumps(fields_of(summary)) if summary else None
        self.db.execute(
            "INSERT OR REPLACE INTO days VALUES (?, ?, ?)", (day, self._relative(shown), fields)
        )
        self.db.executemany(
            "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?)",
            [(p, f.day, f.kind, f.mtime_ns, f.size) for p, f in files.items()],
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
        embedder = self._embedder or make_embedder(self.config)
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
        if self._embedder is None:
            self._embedder = make_embedder(self.config)
        return self._embedder


_ORDER = {"note": 0, "transcript": 1, "summary": 2}
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


class SearchIndexError(VaultkitError):
    """The search index cannot be opened or written (disk full, read-only folder, locked)."""


def open_index(config: Config, *, embedder: Embedder | None = None) -> SearchIndex:
    """The vault's index, refreshed; close it (or use `with`) when done."""
    with _translated(config):
        index = SearchIndex(config, embedder=embedder)
        try:
            index.refresh()
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
) -> RefreshReport:
    """Bring the vault's search index up to date (what `sync` calls at its end, with its scan)."""
    with _translated(config), SearchIndex(config, embedder=embedder) as index:
        return index.refresh(files, archive)


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
