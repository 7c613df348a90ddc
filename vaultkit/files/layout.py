"""Which file is which: daily notes, chat transcripts, summaries, entity notes, the archive.

`Layout` is the one place that decides a file's kind and day from where it is and its name;
`scan` (sync, lint), the index's refresh and the archive's scans all ask it. `rel` is the one
way a path is shown: relative to the vault, with `/`.

A file named after a day outside `dates.DAY_RANGE` (`0001-01-01.md`) is no day's file: a scan
lists it with the strays, and `outside_days` gives the line a command says of it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from stat import S_ISREG
from typing import Literal

from vaultkit.config import MEMORY_INDEX_NAME, Config
from vaultkit.dates import DATE_PATTERN, day_outside, parse_date
from vaultkit.files.listing import FILE, FOLDER, LINKED, TEMP, Listings, list_folder, parse_line
from vaultkit.files.storage import file_kind

DAILY_NAME = re.compile(rf"^({DATE_PATTERN})\.md$")
SUMMARY_NAME = re.compile(rf"^({DATE_PATTERN})\.summary\.md$")
DAY_FILE_NAME = re.compile(rf"^{DATE_PATTERN}(?:\.summary)?\.md$")  # a note's or a summary's
_DATE_IN_NAME = re.compile(rf"(?<!\d)({DATE_PATTERN})(?!\d)")
Kind = Literal["note", "transcript", "summary"]
KIND_ORDER: dict[str, int] = {"note": 0, "transcript": 1, "summary": 2}  # a day's text, in order


class Layout:
    """Where each kind of file lives and the day it belongs to, for one workspace: built once per
    run from the config and handed to what finds, names or shows files (folders are kept as
    strings too: a refresh asks `kind_of` for tens of thousands of names)."""

    def __init__(self, config: Config) -> None:
        self.root = config.root
        self.vault_dir = config.vault_dir
        self.memory_dir = config.memory_dir
        self.summaries_dir = config.summaries_dir
        self.chats_dir = config.chats_dir
        self.people_dir = config.people_dir
        self.projects_dir = config.projects_dir
        self.archive_dir = config.archive_dir
        self.archive_chats_dir = config.archive_dir / "chats"  # mirrors the local chats folder
        self.state_dir = config.state_dir
        self.memory_index_file = config.memory_index_file
        self.vault = os.fspath(config.vault_dir)
        self._below_vault = self.vault.rstrip(os.sep) + os.sep
        self.memory = os.fspath(config.memory_dir)
        self.summaries = os.fspath(config.summaries_dir)
        self.chats = os.fspath(config.chats_dir)
        self.archive = os.fspath(config.archive_dir)
        self.archive_chats = os.fspath(self.archive_chats_dir)

    def summary_path(self, day: date) -> Path:
        """Where a day's summary lives."""
        return self.summaries_dir / f"{day.isoformat()}.summary.md"

    def kind_of(self, folder: str, name: str) -> tuple[str, Kind] | None:
        """(day as YYYY-MM-DD, kind) of the file `name` in `folder`; None: not a day's source.

        A summary is `YYYY-MM-DD.summary.md` in the summaries folder; a daily note `YYYY-MM-DD.md`
        in the memory folder or anywhere below the archive; a transcript any `.md` below a chats
        folder (local or archived) whose name, or nearest folder, holds a date."""
        if folder == self.summaries:
            return _named(SUMMARY_NAME, name, "summary")
        if folder == self.memory:
            return _named(DAILY_NAME, name, "note")
        for chats in (self.chats, self.archive_chats):
            if folder == chats or folder.startswith(chats + os.sep):
                below = [f for f in folder[len(chats) :].split(os.sep) if f]
                day = date_in_parts([*below, name])
                return (day.isoformat(), "transcript") if day else None
        if folder == self.archive or folder.startswith(self.archive + os.sep):
            return _named(DAILY_NAME, name, "note")
        return None

    def outside(self, folder: str, name: str) -> str | None:
        """Why the file `name` in `folder` is no day's file when `kind_of` would take it for one
        but for its day, outside `DAY_RANGE`; None for any other file."""
        if folder == self.summaries:
            return _outside(SUMMARY_NAME, name)
        if folder == self.memory:
            return _outside(DAILY_NAME, name)
        for chats in (self.chats, self.archive_chats):
            if folder == chats or folder.startswith(chats + os.sep):
                below = [f for f in folder[len(chats) :].split(os.sep) if f]
                return None if date_in_parts([*below, name]) else _outside_in([*below, name])
        if folder == self.archive or folder.startswith(self.archive + os.sep):
            return _outside(DAILY_NAME, name)
        return None

    def folder_day(self, folder: str) -> str | None:
        """The day a chat folder (local or archived) belongs to: the date in its name, else in
        a parent's below the chats folder; None for any other folder."""
        for chats in (self.chats, self.archive_chats):
            if folder.startswith(chats + os.sep):
                day = date_in_parts([f for f in folder[len(chats) :].split(os.sep) if f])
                return day.isoformat() if day else None
        return None

    def rel(self, path: Path | str) -> str:
        """A path relative to the vault, with `/` (`../archive/...` for an archived note)."""
        text = os.fspath(path)
        if text.startswith(self._below_vault):  # the usual case, without relpath's work
            text = text[len(self._below_vault) :]
        else:
            text = os.path.relpath(text, self.vault)
        return text.replace(os.sep, "/") if os.sep != "/" else text

    def shown(self, path: Path | str) -> str:
        """A path for a person or an agent to read: relative to the vault if it is in it, else
        to the workspace (`archive/2025/07/2025-07-01.md`), else as it is."""
        text = os.fspath(path)
        for base in (self.vault, os.fspath(self.root)):
            if text.startswith(base.rstrip(os.sep) + os.sep):
                return text[len(base.rstrip(os.sep)) + 1 :].replace(os.sep, "/")
        return text.replace(os.sep, "/")


def _named(pattern: re.Pattern[str], name: str, kind: Kind) -> tuple[str, Kind] | None:
    match = pattern.match(name)
    return (match.group(1), kind) if match and parse_date(match.group(1)) else None


def _outside(pattern: re.Pattern[str], name: str) -> str | None:
    match = pattern.match(name)
    return day_outside(match.group(1)) if match else None


def _outside_in(parts: Sequence[str]) -> str | None:
    """Why the first date in the parts (the file name first, then the folders) is no day's."""
    for part in (parts[-1], *reversed(parts[:-1])):
        for match in _DATE_IN_NAME.finditer(part):
            why = day_outside(match.group(1))
            if why is not None:
                return why
    return None


@dataclass
class VaultFiles:
    """What a scan found, keyed by day; `strays` break the naming conventions."""

    daily: dict[date, Path] = field(default_factory=dict)
    summaries: dict[date, Path] = field(default_factory=dict)
    transcripts: dict[date, list[Path]] = field(default_factory=dict)
    entities: list[Path] = field(default_factory=list)  # people's and projects' notes
    strays: list[Path] = field(default_factory=list)
    linked_folders: list[Path] = field(default_factory=list)  # symbolic links, never walked
    irregular: list[tuple[Path, str]] = field(default_factory=list)  # not files: (path, what)

    @property
    def days(self) -> list[date]:
        return sorted(self.daily)


def scan(layout: Layout, listings: Listings | None = None) -> VaultFiles:
    """List the memory, chats and summaries folders (names only; no file is opened); with
    `listings`, only the folders that moved since they were kept (`files.listing`)."""
    # Names are matched as strings and a Path is built once per kept file: with tens of
    # thousands of files, Path objects for `.name` and `.parent` were a tenth of a lint run.
    found = VaultFiles()
    entity_dirs = (layout.people_dir, layout.projects_dir)
    skip = (layout.summaries_dir, layout.chats_dir, *entity_dirs)
    linked, irregular = found.linked_folders, found.irregular
    roots = ((layout.memory_dir, skip), (layout.summaries_dir, ()), (layout.chats_dir, ()))
    for root, skipped in roots:
        for folder, name, path in _markdown_files(root, skipped, linked, irregular, listings):
            known = layout.kind_of(folder, name)
            if known is None:
                if not (name == MEMORY_INDEX_NAME and folder == layout.memory):
                    found.strays.append(path)
                continue
            day = date.fromisoformat(known[0])
            if known[1] == "note":
                found.daily[day] = path
            elif known[1] == "summary":
                found.summaries[day] = path
            else:
                found.transcripts.setdefault(day, []).append(path)
    notes = {
        path
        for root in entity_dirs
        for _, _, path in _markdown_files(root, irregular=irregular, listings=listings)
    }
    found.entities = sorted(notes)
    found.irregular.sort()
    for paths in found.transcripts.values():
        paths.sort()
    found.strays.sort()
    found.linked_folders = sorted(set(linked))
    return found


def days_in_folder(layout: Layout, folder: Path) -> dict[date, str]:
    """The names of one flat folder's days' files by day, as `scan` finds them there (the
    memory folder's notes, the summaries folder's summaries): one listing, no subfolder
    walked, no Path made."""
    top = os.fspath(folder)
    found: dict[date, str] = {}
    for name in read_folder(top, list_folder(top) or ()).files:
        known = layout.kind_of(top, name)
        if known is not None:
            found[date.fromisoformat(known[0])] = name
    return found


def not_read(layout: Layout, irregular: Iterable[tuple[Path, str]]) -> list[tuple[str, str]]:
    """(path in the vault, why) of each name a scan found that is not a regular file
    (`VaultFiles.irregular`): never opened, and said in one line by every command that scanned
    (`skipped PATH: WHY`)."""
    return [(layout.rel(path), f"{what}, not a regular file: not read") for path, what in irregular]


def outside_days(layout: Layout, strays: Iterable[Path]) -> list[tuple[str, str]]:
    """(path in the vault, why) of each stray a scan found that is named after a day outside
    `DAY_RANGE` (`Layout.outside`): not read, and said in one line by the commands that list
    the vault (`skipped PATH: WHY`)."""
    found = []
    for path in strays:
        why = layout.outside(os.fspath(path.parent), path.name)
        if why is not None:
            found.append((layout.rel(path), f"{why}; not read"))
    return found


def scan_archived_transcripts(
    layout: Layout, listings: Listings | None = None
) -> dict[date, list[Path]]:
    """The archived transcripts (`<archive>/chats/...`) by day."""
    found: dict[date, list[Path]] = {}
    for folder, name, path in _markdown_files(layout.archive_chats_dir, listings=listings):
        known = layout.kind_of(folder, name)
        if known is not None:
            found.setdefault(date.fromisoformat(known[0]), []).append(path)
    for paths in found.values():
        paths.sort()
    return found


def date_in_parts(parts: Sequence[str]) -> date | None:
    """The first real date in the last part (the file name), else in the folders, nearest first."""
    for part in (parts[-1], *reversed(parts[:-1])):
        for match in _DATE_IN_NAME.finditer(part):
            day = parse_date(match.group(1))
            if day is not None:
                return day
    return None


def scan_archive(
    root: Path, listings: Listings | None = None, outside: list[tuple[Path, str]] | None = None
) -> dict[date, Path]:
    """Daily notes (`YYYY-MM-DD.md`) anywhere below an archive folder; the first path wins.
    A note named after a day outside `DAY_RANGE` is left out, and added to `outside` with why."""
    notes: dict[date, Path] = {}
    for path in sorted(path for _, _, path in _markdown_files(root, listings=listings)):
        match = DAILY_NAME.match(path.name)
        day = parse_date(match.group(1)) if match else None
        if day is not None:
            notes.setdefault(day, path)
        elif outside is not None and (why := _outside(DAILY_NAME, path.name)) is not None:
            outside.append((path, why))
    return notes


def _markdown_files(
    root: Path,
    skip: tuple[Path, ...] = (),
    linked: list[Path] | None = None,
    irregular: list[tuple[Path, str]] | None = None,
    listings: Listings | None = None,
) -> Iterator[tuple[str, str, Path]]:
    """(folder, name, path) of every `.md` file below `root`, skipping dot folders, temp files
    and the `skip` trees; `folder` is the walk's own string, `root`'s exactly for its top files.

    A folder that is a symbolic link is not walked (it may loop, or lead anywhere); it is added
    to `linked`, so the caller can say so. A linked file is listed and read through. A `.md`
    name that is not a regular file (a named pipe, a socket, a device; a folder named like a
    day's file) is never listed: opening a pipe waits forever. It goes to `irregular` with what
    it is, so the caller can say what it skipped. With `listings`, a folder whose mtime has not
    moved since the last run is not listed again (`files.listing`).
    """
    if root.is_dir():
        skipped = {os.fspath(s) for s in skip}
        yield from _walk(os.fspath(root), skipped, linked, irregular, listings)


def _walk(
    top: str,
    skipped: set[str],
    linked: list[Path] | None,
    irregular: list[tuple[Path, str]] | None,
    listings: Listings | None,
) -> Iterator[tuple[str, str, Path]]:
    entries = list_folder(top) if listings is None else listings.entries(top)
    if entries is None:
        return
    held = read_folder(top, entries, skipped)
    folder = Path(top)
    if linked is not None:
        linked += [folder / name for name in held.linked]
    if irregular is not None:
        irregular += [(folder / name, what) for name, what in held.irregular]
    for name in held.files:
        yield top, name, folder / name
    for name in held.folders:
        yield from _walk(os.path.join(top, name), skipped, linked, irregular, listings)


@dataclass
class Held:
    """What a folder's listing holds, as a walk reads it: `.md` files, the folders to walk
    (sorted), folder links (never walked) and what is not a file (`(name, what)`)."""

    files: list[str] = field(default_factory=list)
    folders: list[str] = field(default_factory=list)
    linked: list[str] = field(default_factory=list)
    irregular: list[tuple[str, str]] = field(default_factory=list)


def read_folder(top: str, lines: Iterable[str], skipped: Collection[str] = ()) -> Held:
    """What a walk takes from a listing of `top` (its lines: `files.listing`), `skipped` paths
    left out."""
    held = Held()
    left_out = {os.path.basename(s) for s in skipped if os.path.dirname(s) == top}
    for name, what, _ in map(parse_line, lines):
        if name in left_out:
            continue
        if what == LINKED:
            held.linked.append(name)
        elif what == FOLDER:
            if DAY_FILE_NAME.match(name):
                held.irregular.append((name, "a folder"))
            held.folders.append(name)
        elif what == FILE:
            held.files.append(name)
        elif what != TEMP:
            held.irregular.append((name, what))
    held.folders.sort()
    return held


def stat_tree(
    root: str, *, recurse: bool = True, irregular: list[tuple[Path, str]] | None = None
) -> Iterator[tuple[str, str, int, int, int]]:
    """(folder, name, mtime_ns, size, inode) of every `.md` file below `root`, as plain strings.

    The same files `_markdown_files` yields (dot folders and dot files skipped, folders in sorted
    order) but with their stat from the walk's own `DirEntry`: no Path object per file, which is
    what a refresh of a large vault spends its time on. `recurse=False` lists `root` alone;
    `irregular` collects the `.md` names that are not regular files, as `_markdown_files` does.
    """
    try:
        with os.scandir(root) as found:
            entries = list(found)
    except OSError:
        return
    folders = []
    for entry in entries:
        name = entry.name
        if name.startswith("."):
            continue
        try:
            if entry.is_dir():
                if not entry.is_symlink():  # listed, never walked into (as os.walk)
                    folders.append(name)
            elif name.endswith(".md"):
                stat = entry.stat()
                if S_ISREG(stat.st_mode):  # a named pipe would be read, and wait forever
                    yield root, name, stat.st_mtime_ns, stat.st_size, stat.st_ino
                elif irregular is not None:
                    irregular.append((Path(entry.path), file_kind(stat.st_mode)))
        except OSError:
            continue  # vanished during the walk: the next one sees it
    if recurse:
        for name in sorted(folders):
            yield from stat_tree(os.path.join(root, name), irregular=irregular)
