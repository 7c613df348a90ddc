"""Which source files changed since the last refresh, found without reading them.

A full refresh stats every source file; the quick one, which searches make, looks only at the
folders whose mtime moved and at the newest days' files (see `ChangeFinder.quick`). Both compare
with the `files` and `folders` tables and return `{path: FileState or None (gone)}`.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from stat import S_ISREG
from typing import NamedTuple

from vaultkit.catalog.batched import chunks
from vaultkit.files.layout import Layout, VaultFiles, date_in_parts, scan_archive, stat_tree
from vaultkit.files.listing import GONE, RACY, Listings, folder_mtime
from vaultkit.files.storage import file_kind
from vaultkit.index.sql import Database


class FileState(NamedTuple):
    """What a refresh knows of a source file without reading it."""

    day: str
    kind: str  # note | transcript | summary
    mtime_ns: int
    size: int
    inode: int  # an atomic save (temp file, rename) gives the path a new one


@dataclass
class RefreshReport:
    """What a refresh did: days (re)indexed and removed, files looked at, and what to tell the
    user (`warnings`: a file indexed with replacement characters, or left out)."""

    indexed: list[date] = field(default_factory=list)
    removed: list[date] = field(default_factory=list)
    files: int = 0
    rebuilt: bool = False
    warnings: list[str] = field(default_factory=list)
    embedded: int = 0  # chunk texts embedded (not found in the vector cache)


@dataclass(frozen=True)
class Changed:
    """What a caller that keeps track (sync) knows changed since its last refresh: `paths` that
    were added, changed or removed, valid when the index still holds the `since` mark that
    refresh left; the refresh leaves `mark`. Any other index (rebuilt, refreshed by another
    copy, left by a run that failed) gets a full refresh."""

    paths: frozenset[str]
    since: str | None
    mark: str

    def in_step(self, db: Database) -> bool:
        """Whether the index still holds the mark the caller's last refresh left."""
        row = db.execute("SELECT value FROM meta WHERE key = 'synced'").fetchone()
        return self.since is not None and row is not None and row[0] == self.since

    def leave_mark(self, db: Database) -> None:
        db.execute(
            "INSERT INTO meta VALUES ('synced', ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (self.mark,),
        )


class ChangeFinder:
    """Finds what changed in the vault against what the index's tables remember."""

    def __init__(self, layout: Layout, notes_too: bool, db: Database) -> None:
        self.notes_too = notes_too  # False: only summaries are indexed (`search.index`)
        self.db = db
        self.layout = layout
        self.irregular: list[tuple[Path, str]] = []  # `.md` names that are not files: skipped
        self.outside: list[tuple[Path, str]] = []  # named after a day outside DAY_RANGE: skipped

    def full(
        self, files: VaultFiles | None, archive: Mapping[date, Path] | None
    ) -> tuple[dict[str, FileState | None], int, bool]:
        """Every change found by a stat of every file: (changes, files looked at, rebuilt)."""
        current = self.current_files(files, archive)
        # Rows compare equal to `FileState`s as plain tuples: no object per stored file.
        stored = {row[0]: row[1:6] for row in self.db.execute("SELECT * FROM files")}
        changes: dict[str, FileState | None] = {
            p: f for p, f in current.items() if stored.get(p) != f
        }
        changes.update((p, None) for p in stored.keys() - current.keys())
        return changes, len(current), not stored

    def of_paths(self, paths: frozenset[str]) -> dict[str, FileState | None]:
        """The state of each of `paths` that is a source of the index (None: gone)."""
        changes: dict[str, FileState | None] = {}
        for path in sorted(paths):
            found = self.layout.kind_of(os.path.dirname(path), os.path.basename(path))
            if found is None or (found[1] != "summary" and not self.notes_too):
                continue
            try:
                stat = os.stat(path)
            except OSError:
                changes[path] = None
                continue
            if not S_ISREG(stat.st_mode):
                self.irregular.append((Path(path), file_kind(stat.st_mode)))
                changes[path] = None
                continue
            changes[path] = FileState(*found, stat.st_mtime_ns, stat.st_size, stat.st_ino)
        return changes

    def quick(self) -> dict[str, FileState | None] | None:
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
        cutoff = self._recent_cutoff()
        # Only the folders looked at: the roots and the recent days' (older days' chat folders,
        # thousands in a long vault, are all read only when a folder moved: `known`).
        rows = self.db.execute(
            "SELECT path, mtime_ns, day FROM folders WHERE day IS NULL OR day >= ?", (cutoff,)
        ).fetchall()
        flat, trees = _roots(self.layout, self.notes_too)
        looked_at = {path for path, _, _ in rows}
        if any(root not in looked_at for root in [*flat, *trees]):  # a root's day is NULL
            return None
        known: dict[str, int] = {}  # every folder; grows as new chat folders are found
        changes: dict[str, FileState | None] = {}
        moved: dict[str, int] = {}
        for folder, mtime, _ in rows:
            now = folder_mtime(folder)
            if now == mtime and mtime != RACY:
                continue
            if trees and (folder == trees[1] or folder.startswith(_below(trees[1]))):
                return None  # the archive changed: rare, and it decides which note counts
            moved[folder] = now
            if not known:
                known.update(self.db.execute("SELECT path, mtime_ns FROM folders"))
            if not self._relist(folder, now, known, changes, moved):
                return None
        if not self._restat_recent(cutoff, changes):
            return None
        if moved:
            self.store_folders(moved)
            self.db.executemany(
                "DELETE FROM folders WHERE path = ?", [(f,) for f, t in moved.items() if t == GONE]
            )
        return changes

    def store_folders(self, folders: Mapping[str, int]) -> None:
        """Record folders' mtimes, and for a chat folder named by a day, that day."""
        chats = _below(os.fspath(self.layout.chats_dir))
        self.db.executemany(
            "INSERT INTO folders VALUES (?, ?, ?) "
            "ON CONFLICT(path) DO UPDATE SET mtime_ns = excluded.mtime_ns, day = excluded.day",
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
        changes: dict[str, FileState | None],
        moved: dict[str, int],
    ) -> bool:
        """Add to `changes` what a moved folder gained or lost; False: a full refresh is needed."""
        stored = dict(self.db.execute("SELECT path, inode FROM files WHERE folder = ?", (folder,)))
        listed: dict[str, int] = {}  # path -> inode
        subfolders = []
        if mtime != GONE:
            with contextlib.suppress(OSError), os.scandir(folder) as entries:
                for entry in entries:
                    if entry.name.startswith("."):
                        continue
                    if entry.is_dir(follow_symlinks=False):
                        subfolders.append(entry.path)
                    elif entry.name.endswith(".md"):
                        listed[entry.path] = entry.inode()
        notes = folder == os.fspath(self.layout.memory_dir)
        for path in stored.keys() - listed.keys():
            if notes:
                return False  # a note vanished: an archived one may count for that day now
            changes[path] = None
        for path, inode in listed.items():
            if stored.get(path) == inode:
                continue
            found = self.layout.kind_of(folder, os.path.basename(path))
            if found is None:
                self._outside(folder, os.path.basename(path))
            else:
                with contextlib.suppress(OSError):
                    stat = os.stat(path)
                    if not S_ISREG(stat.st_mode):
                        self.irregular.append((Path(path), file_kind(stat.st_mode)))
                        continue
                    changes[path] = FileState(*found, stat.st_mtime_ns, stat.st_size, stat.st_ino)
        chats = os.fspath(self.layout.chats_dir)
        if folder != chats and not folder.startswith(_below(chats)):
            return True  # the memory and summaries folders are read alone, not their subfolders
        for sub in subfolders:
            if sub not in known:  # a new chat folder: everything in it is new
                tree = list(_tree(sub))
                for inner in tree:  # known first, so no folder of the tree is walked twice
                    known[inner] = moved[inner] = folder_mtime(inner)
                for inner in tree:
                    self._relist(inner, moved[inner], known, changes, moved)
        inside, listed_folders = _below(folder), set(subfolders)
        for gone in [k for k in known if k.startswith(inside) and k not in listed_folders]:
            if os.sep not in gone[len(inside) :]:  # a direct subfolder that is no more
                moved[gone] = GONE
                self._relist(gone, GONE, known, changes, moved)
        return True

    def _recent_cutoff(self) -> str:
        """The first of the `RECENT_DAYS` days up to the newest the index holds."""
        row = self.db.execute("SELECT max(day) FROM files").fetchone()
        if not row[0]:
            return ""
        return (date.fromisoformat(row[0]) - timedelta(days=RECENT_DAYS - 1)).isoformat()

    def _restat_recent(self, cutoff: str, changes: dict[str, FileState | None]) -> bool:
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
                if not S_ISREG(stat.st_mode):  # replaced by a pipe or a folder: gone as a file
                    self.irregular.append((Path(path), file_kind(stat.st_mode)))
                    raise FileNotFoundError(path)
            except OSError:
                if row[1] == "note":
                    return False
                changes[path] = None
                continue
            facts = FileState(row[0], row[1], stat.st_mtime_ns, stat.st_size, stat.st_ino)
            if facts != tuple(row):
                changes[path] = facts
        return True

    def current_files(
        self, found: VaultFiles | None, archive: Mapping[date, Path] | None
    ) -> dict[str, FileState]:
        """Every source file with its day, kind, mtime and size (stat only; nothing is read)."""
        if found is None:
            return self._stat_vault()
        paths = [(p, day, "summary") for day, p in found.summaries.items()]
        if self.notes_too:
            if archive is None:
                archive = scan_archive(self.layout.archive_dir)
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
            out[os.fspath(path)] = FileState(
                day.isoformat(), kind, stat.st_mtime_ns, stat.st_size, stat.st_ino
            )
        return out

    def skipped(self) -> list[str]:
        """One line for each `.md` name the refresh left unread, and why."""
        rel = self.layout.rel
        odd = [f"skipped {rel(p)}: {what}, not a regular file" for p, what in set(self.irregular)]
        outside = [f"skipped {rel(p)}: {why}; not read" for p, why in set(self.outside)]
        return sorted(odd) + sorted(outside)

    def _outside(self, folder: str, name: str) -> None:
        why = self.layout.outside(folder, name)
        if why is not None:
            self.outside.append((Path(folder) / name, why))

    def _stat_vault(self) -> dict[str, FileState]:
        """`current_files` of the vault walked here: the files `scan` and `scan_archive` find, as
        strings with their `DirEntry` stat (a Path per file was most of a no-op refresh)."""
        layout = self.layout
        out: dict[str, FileState] = {}
        roots = [(layout.summaries, False)]
        if self.notes_too:
            roots += [(layout.memory, False), (layout.chats, True)]
        for root, recurse in roots:
            for folder, name, mtime, size, inode in stat_tree(
                root, recurse=recurse, irregular=self.irregular
            ):
                known = layout.kind_of(folder, name)
                if known is not None:
                    out[os.path.join(folder, name)] = FileState(*known, mtime, size, inode)
                else:
                    self._outside(folder, name)
        if not self.notes_too:
            return out
        local = {f.day for f in out.values() if f.kind == "note"}
        archived: dict[str, tuple[list[str], str, FileState]] = {}  # a day's note not kept locally
        for folder, name, mtime, size, inode in stat_tree(layout.archive, irregular=self.irregular):
            known = layout.kind_of(folder, name)
            if known is None or known[1] != "note" or known[0] in local:
                continue
            path = os.path.join(folder, name)
            parts = path.split(os.sep)  # Paths' order: the first one wins, as in scan_archive
            if known[0] not in archived or parts < archived[known[0]][0]:
                archived[known[0]] = (parts, path, FileState(*known, mtime, size, inode))
        out.update((path, facts) for _, path, facts in archived.values())
        return out


def one_note(files: dict[str, FileState], memory: str) -> dict[str, FileState]:
    """A day's files with one daily note: the local one (in `memory`), else the first archived."""
    notes = sorted(
        (p for p, f in files.items() if f.kind == "note"),
        key=lambda p: (os.path.dirname(p) != memory, p.split(os.sep)),
    )
    return {p: f for p, f in files.items() if f.kind != "note" or p == notes[0]}


RECENT_DAYS = 7  # days whose files a quick refresh stats: where notes are edited in place


def _roots(layout: Layout, notes_too: bool) -> tuple[list[str], list[str]]:
    """The folders a refresh looks at: flat ones (listed alone) and trees (walked)."""
    flat = [layout.summaries]
    trees = []
    if notes_too:
        flat.append(layout.memory)
        trees = [layout.chats, layout.archive]
    return flat, trees


def folder_times(layout: Layout, notes_too: bool) -> dict[str, int]:
    """The mtime of every folder a full refresh walks (`GONE` for an absent root). Take it
    before scanning the files, so a file added during the scan shows as a moved folder."""
    flat, trees = _roots(layout, notes_too)
    folders = [*flat, *trees, *(f for root in trees for f in _tree(root))]
    return {folder: folder_mtime(folder) for folder in folders}


def listed_folder_times(
    layout: Layout, notes_too: bool, listed: Mapping[str, int]
) -> dict[str, int]:
    """`folder_times` from the mtimes a scan took as it listed each folder (`files.listing`),
    with no folder stat'ed again; a root the scan did not list is absent (`GONE`)."""
    flat, trees = _roots(layout, notes_too)
    out = {root: listed.get(root, GONE) for root in (*flat, *trees)}
    for tree in trees:
        inside = _below(tree)
        out.update((f, m) for f, m in listed.items() if f.startswith(inside))
    return out


def looked_folder_times(
    layout: Layout, notes_too: bool, listings: Listings, *, whole: bool
) -> dict[str, int]:
    """The folders' mtimes as a run's look listed them (a file added since shows as a moved
    folder): after a look at the whole vault, every folder a full refresh walks
    (`listed_folder_times`); after the daily look, the folders that moved or are gone (an index
    not in step walks the vault itself)."""
    if whole:
        listed = {folder: mtime for folder, (mtime, _) in listings.fresh.items()}
        return listed_folder_times(layout, notes_too, listed)
    folders = {folder: mtime for folder, (mtime, _) in listings.changed().items()}
    return folders | dict.fromkeys(listings.gone(), GONE)


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


def days_after(
    db: Database, changes: Mapping[str, FileState | None]
) -> dict[str, dict[str, FileState]]:
    """The files of each day one of `changes` belongs to (`None`: the file is gone), as they
    are once the changes apply, in date order (a day left without files maps to {})."""
    by_day: dict[str, dict[str, FileState | None]] = {}
    for path, facts in changes.items():
        if facts is not None:
            by_day.setdefault(facts.day, {})[path] = facts
    gone = [p for p, f in changes.items() if f is None]
    for part in chunks(gone):
        marks = ",".join("?" * len(part))
        for path, day in db.execute(f"SELECT path, day FROM files WHERE path IN ({marks})", part):
            by_day.setdefault(day, {})[path] = None
    after: dict[str, dict[str, FileState]] = {}
    for day in sorted(by_day):
        files = {
            row[0]: FileState(*row[1:6])
            for row in db.execute("SELECT * FROM files WHERE day = ?", (day,))
        }
        for path, facts in by_day[day].items():
            if facts is None:
                files.pop(path, None)
            else:
                files[path] = facts
        after[day] = files
    return after
