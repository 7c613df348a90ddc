"""Folder listings kept between runs: a folder whose mtime has not moved is not listed again.

A folder's mtime moves when a name in it is added, removed or renamed (which is how vaultkit, and
editors that save atomically, write a file), never when a file in it is edited in place. So a
run that keeps each folder's listing, with its mtime, lists again only the folders that moved,
and finds a replaced file by its new inode number (`inodes`): the cost of finding what changed
follows what changed, not the size of the vault. A folder that moved in the last two seconds is
listed again next time too (a name added in the same clock tick would not move it again, as
git's "racy" entries). What it cannot see, a file edited in place, the caller stats itself.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import cast

from vaultkit.files.storage import file_kind

# What a listed name is: a file (also a linked file or a dangling link: read, it fails), a folder,
# a symbolic link to a folder (never walked), or what else it is (`file_kind`: a named pipe...).
FILE, FOLDER, LINKED, TEMP = "f", "d", "l", "t"  # TEMP: `.name.xxxx.tmp`, a write's temp file
Entry = tuple[str, str, int]  # (name, what, inode)
# A listing is kept as lines, one an entry, `name/what/inode` (a name never holds a `/`): two
# listings of a folder of 100,000 files compare as two sets of strings, and only the lines that
# differ are read into entries.
Listing = tuple[int, list[str]]  # a folder's mtime when listed, and its entries' lines
RACY = -1  # the mtime stored for a folder that moved too recently to trust
GONE = -2  # the mtime of a folder that no longer exists
_RACY_NS = 2_000_000_000  # a folder that moved in the last two seconds is not trusted
FEW = 16  # writes into one folder that `Listings.wrote` looks for by their prefixes


@dataclass
class Listings:
    """Listings by folder, as the last run left them (`stored`), and what this run found.

    `listed` are the folders this run listed (their mtime had moved, or they were new);
    `inodes` maps each file's path to its inode.
    `remarks` are, per folder listed, its names that are not a day's file (a stray name, a
    folder link, a named pipe: `(name, what)`), which a run that does not list the folder
    reads back from the catalog. `complete`: `stored` holds every kept folder, so one not
    looked at is gone; otherwise only `dropped` folders are. `day_of` names the day a folder
    belongs to (a chat folder's), by which a daily run picks the folders it looks at."""

    stored: dict[str, Listing] = field(default_factory=dict)
    fresh: dict[str, Listing] = field(default_factory=dict)
    listed: list[str] = field(default_factory=list)  # folders listed afresh
    trust: bool = True  # False: list every folder (a full rescan)
    remarks: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    dropped: set[str] = field(default_factory=set)
    complete: bool = True
    day_of: Callable[[str], str | None] = field(default=lambda _: None)

    def entries(self, folder: str) -> list[str] | None:
        """The lines of `folder`'s non-dot names that a scan cares about; None when it cannot be
        listed."""
        try:
            mtime = os.stat(folder).st_mtime_ns
        except OSError:
            return None
        kept = self.stored.get(folder)
        if self.trust and kept is not None and kept[0] == mtime and mtime != RACY:
            found = kept[1]
        else:
            listed = list_folder(folder)
            if listed is None:
                return None
            self.listed.append(folder)
            found = listed
        self.found(folder, mtime, found)
        return found

    def found(self, folder: str, mtime: int, lines: list[str]) -> None:
        """Record what `folder` holds as of `mtime` (taken before it was listed)."""
        self.fresh[folder] = (RACY if is_racy(mtime) else mtime, lines)

    def inodes(self) -> dict[str, int]:
        """Each listed file's path and inode."""
        return {
            os.path.join(folder, name): inode
            for folder, (_, lines) in self.fresh.items()
            for name, what, inode in map(parse_line, lines)
            if what == FILE
        }

    def wrote(self, folder: str, written: dict[str, int | None], kept: Listing | None) -> None:
        """This run wrote these files of `folder` (name: its inode now; None: it removed it):
        the folder's kept listing holds them as written, with the folder's mtime as it was
        listed (`kept`: the listing kept of a folder this run did not list). The writes moved
        the folder, so the next run lists it again and compares with this: a file this run
        added and someone removed since is seen gone."""
        listing = self.fresh.get(folder) or kept
        if listing is None:
            return  # never listed: the next run lists it whole
        if len(written) <= FEW:  # a daily run's few writes: one C call a line
            prefixes = tuple(f"{name}/" for name in written)
            lines = [line for line in listing[1] if not line.startswith(prefixes)]
        else:  # a first sync's thousands: a set, whatever their number
            lines = [line for line in listing[1] if line[: line.index("/")] not in written]
        lines += [line_of(name, FILE, inode) for name, inode in written.items() if inode]
        self.fresh[folder] = (listing[0], lines)

    def record_writes(
        self, paths: Iterable[str], kept_of: Callable[[Collection[str]], dict[str, Listing]]
    ) -> None:
        """The files a run wrote or removed (`paths`), stat'ed for their inodes, in their
        folders' listings (`wrote`); `kept_of` gives the kept listings of folders it did not
        list or find stored."""
        written: dict[str, dict[str, int | None]] = {}
        for path in paths:
            try:
                inode: int | None = os.stat(path).st_ino
            except OSError:
                inode = None
            folder, name = os.path.split(path)
            written.setdefault(folder, {})[name] = inode
        kept = self.stored | kept_of(written.keys() - self.fresh.keys() - self.stored.keys())
        for folder, names in sorted(written.items()):
            self.wrote(folder, names, kept.get(folder))

    def temp_files(self) -> list[str]:
        """Temp files of writes (`.name.xxxx.tmp`) in the folders listed afresh: a run that was
        killed mid-write left them, and creating them moved their folder's mtime."""
        return [
            os.path.join(folder, name)
            for folder in self.listed
            for line in self.fresh[folder][1]
            if line[0] == "."  # the only dot names a listing keeps (`list_folder`)
            for name, what, _ in [parse_line(line)]
            if what == TEMP
        ]

    def changed(self) -> dict[str, Listing]:
        """The listings to store: those this run made or whose mtime it found different."""
        return {f: v for f, v in self.fresh.items() if self.stored.get(f) != v}

    def gone(self) -> set[str]:
        """Folders stored that no longer are (removed, or no longer walked)."""
        if not self.complete:
            return set(self.dropped)
        return {f for f in self.stored if f not in self.fresh} | self.dropped


def is_racy(mtime: int) -> bool:
    """Whether a folder's mtime is too recent to trust: a name added in the same clock tick as
    this look would not move it again (git's "racy" entries)."""
    return mtime > time.time_ns() - _RACY_NS


def folder_mtime(folder: str) -> int:
    """A folder's mtime as a look keeps it: `RACY` when too recent to trust, `GONE` if absent."""
    try:
        mtime = os.stat(folder).st_mtime_ns
    except OSError:
        return GONE
    return RACY if is_racy(mtime) else mtime


def list_folder(folder: str) -> list[str] | None:
    """The folders and `.md` names of a folder, each with what it is and its inode, as lines
    (`line_of`), in the order the folder gives them."""
    try:
        with os.scandir(folder) as found:
            # One comprehension for the usual entry, a regular `.md` file: a listing of 100,000
            # names is most of what a daily run at that size does.
            lines = [
                f"{name}/{FILE}/{item.inode()}"
                if (name := item.name).endswith(".md") and name[0] != "." and item.is_file()
                else _other(item)
                for item in found
            ]
    except OSError:
        return None
    return [line for line in lines if line] if None in lines else cast(list[str], lines)


def _other(item: os.DirEntry[str]) -> str | None:
    """A listing's line for what is not a regular `.md` file, if a walk cares about it."""
    name = item.name
    try:
        if name.startswith("."):
            temp = name.endswith(".tmp") and item.is_file(follow_symlinks=False)
            return line_of(name, TEMP, item.inode()) if temp else None
        if item.is_dir():
            return line_of(name, LINKED if item.is_symlink() else FOLDER, item.inode())
        if name.endswith(".md"):  # a dangling link is a file (reading it fails), or a named pipe
            what = FILE if not os.path.exists(item.path) else file_kind(item.stat().st_mode)
            return line_of(name, what, item.inode())
    except OSError:
        pass  # vanished during the listing: the next run sees it
    return None


def line_of(name: str, what: str, inode: int) -> str:
    """A listing's line for one entry."""
    return f"{name}/{what}/{inode}"


def parse_line(line: str) -> Entry:
    """The entry a listing's line holds."""
    name, what, inode = line.split("/")
    return name, what, int(inode)
