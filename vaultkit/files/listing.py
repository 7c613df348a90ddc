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
from dataclasses import dataclass, field

from vaultkit.files.storage import file_kind

# What a listed name is: a file (also a linked file or a dangling link: read, it fails), a folder,
# a symbolic link to a folder (never walked), or what else it is (`file_kind`: a named pipe...).
FILE, FOLDER, LINKED, TEMP = "f", "d", "l", "t"  # TEMP: `.name.xxxx.tmp`, a write's temp file
Entry = tuple[str, str, int]  # (name, what, inode)
RACY = -1  # the mtime stored for a folder that moved too recently to trust


@dataclass
class Listings:
    """Listings by folder, as the last run left them (`stored`), and what this run found.

    `listed` are the folders this run listed (their mtime had moved, or they were new),
    `looked` the folders whose mtime it read; `inodes` maps each file's path to its inode."""

    stored: dict[str, tuple[int, list[Entry]]] = field(default_factory=dict)
    fresh: dict[str, tuple[int, list[Entry]]] = field(default_factory=dict)
    inodes: dict[str, int] = field(default_factory=dict)
    listed: list[str] = field(default_factory=list)  # folders listed afresh
    looked: int = 0
    trust: bool = True  # False: list every folder (a full rescan)

    def entries(self, folder: str) -> list[Entry] | None:
        """The non-dot names of `folder` that a scan cares about; None when it cannot be listed."""
        self.looked += 1
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
        racy = mtime > time.time_ns() - 2_000_000_000
        self.fresh[folder] = (RACY if racy else mtime, found)
        for name, what, inode in found:
            if what == FILE:
                self.inodes[os.path.join(folder, name)] = inode
        return found

    def temp_files(self) -> list[str]:
        """Temp files of writes (`.name.xxxx.tmp`) in the folders listed afresh: a run that was
        killed mid-write left them, and creating them moved their folder's mtime."""
        return [
            os.path.join(folder, name)
            for folder in self.listed
            for name, what, _ in self.fresh[folder][1]
            if what == TEMP
        ]

    def changed(self) -> dict[str, tuple[int, list[Entry]]]:
        """The listings to store: those this run made or whose mtime it found different."""
        return {f: v for f, v in self.fresh.items() if self.stored.get(f) != v}

    def gone(self) -> list[str]:
        """Folders stored that this run did not look at (removed, or no longer walked)."""
        return [f for f in self.stored if f not in self.fresh]


def list_folder(folder: str) -> list[Entry] | None:
    """The folders and `.md` names of a folder, each with what it is and its inode."""
    try:
        with os.scandir(folder) as found:
            entries = list(found)
    except OSError:
        return None
    out: list[Entry] = []
    for entry in entries:
        name = entry.name
        try:
            if name.startswith("."):
                if name.endswith(".tmp") and entry.is_file(follow_symlinks=False):
                    out.append((name, TEMP, entry.inode()))
                continue
            if entry.is_dir():
                out.append((name, LINKED if entry.is_symlink() else FOLDER, entry.inode()))
            elif name.endswith(".md"):
                if entry.is_file() or not os.path.exists(entry.path):  # dangling: unreadable
                    out.append((name, FILE, entry.inode()))
                else:
                    out.append((name, file_kind(entry.stat().st_mode), entry.inode()))
        except OSError:
            continue  # vanished during the listing: the next run sees it
    out.sort()
    return out
