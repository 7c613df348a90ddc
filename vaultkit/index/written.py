"""The index brought up to date with files vaultkit has just written, by their paths.

A quick refresh (what a search makes) finds a replaced file by its folder's mtime and its new
inode; a file replaced twice between two searches can get its first inode number back (ext4
reuses a freed one), and an older day's chat folder is not looked at. A writer that knows what
it wrote re-indexes those days here instead: the next search finds the text whatever the day.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from vaultkit.index.refresh import FileState
from vaultkit.index.store import SearchIndex


def refresh_written(index: SearchIndex, paths: Iterable[Path]) -> list[str]:
    """Re-index in the open `index` the days of `paths` (files just written); returns the
    refresh's warnings.

    A path that is no source of the index (another folder, a note when only summaries are
    indexed) is left out. Vectors of a semantic backend are computed by the next search's
    refresh, as after any change. The caller opens the index (and turns its failures into a
    SearchIndexError: `store.translated_errors`)."""
    if index.reader:
        return []
    if index.shared is not None and index.shared.pending is not None:
        return index.refresh().warnings  # a new generation: readers see it built whole
    changes: dict[str, FileState | None] = {}
    for path in paths:
        found = index.layout.kind_of(os.fspath(path.parent), path.name)
        if found is None or (found[1] != "summary" and not index.notes_too):
            continue
        try:
            facts = os.stat(path)
        except FileNotFoundError:
            changes[os.fspath(path)] = None
            continue
        changes[os.fspath(path)] = FileState(*found, facts.st_mtime_ns, facts.st_size, facts.st_ino)
    if not changes:
        return []
    return index.apply(changes).warnings
