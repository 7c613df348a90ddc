"""The full look: every folder listed (or, with the folders' kept listings, those that moved),
every day's paths in memory, each file's facts from the catalog or from the file. The daily
look (`daily_look`) reads only what changed since the last run."""

from __future__ import annotations

import os
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from vaultkit.catalog.facts import SourceFacts, SummaryFacts
from vaultkit.catalog.store import Catalog
from vaultkit.config import Config
from vaultkit.files.layout import (
    Layout,
    VaultFiles,
    scan,
    scan_archive,
    scan_archived_transcripts,
)
from vaultkit.files.listing import Listings
from vaultkit.files.wikilinks import spine_neighbours
from vaultkit.sync.file_facts import SummaryReader, note_facts, transcript_facts
from vaultkit.sync.survey import RECENT_DAYS, Survey


class FullLook(Survey):
    """A full look: every file found by a scan, every day's paths in memory."""

    def __init__(
        self,
        config: Config,
        layout: Layout,
        catalog: Catalog,
        files: VaultFiles,
        archive: dict[date, Path],
        archived_transcripts: dict[date, list[Path]],
        **options: Any,
    ) -> None:
        super().__init__(config, layout, catalog, files, **options)
        self.archive = archive
        self._archived_transcripts = archived_transcripts
        self._spine = sorted(set(files.daily) | set(archive))

    def local_note(self, day: date) -> Path | None:
        return self.files.daily.get(day)

    def archived_note(self, day: date) -> Path | None:
        return self.archive.get(day)

    def local_transcripts(self, day: date) -> list[Path]:
        return self.files.transcripts.get(day, [])

    def archived_transcripts(self, day: date) -> list[Path]:
        return self._archived_transcripts.get(day, [])

    def summary_path(self, day: date) -> Path | None:
        return self.files.summaries.get(day)

    def source_days(self) -> list[date]:
        return sorted(set(self.files.daily) | set(self.archive) | set(self.extra))

    def local_days(self) -> list[date]:
        return sorted(self.files.daily)

    def summary_days(self, since: date | None = None) -> list[date]:
        return sorted(d for d in self.files.summaries if since is None or d >= since)

    def summary_days_of(self, month: str) -> list[date]:
        return sorted(d for d in self.files.summaries if d.isoformat().startswith(month))

    def spine_around(self, day: date) -> tuple[date | None, date | None]:
        return spine_neighbours(self._spine, day)

    def known(self, day: date) -> bool:
        return bool(self.note_path(day)) or day in self.files.summaries

    def wrote_summary(self, day: date, path: Path, facts: SummaryFacts) -> None:
        super().wrote_summary(day, path, facts)
        self.files.summaries[day] = path

    def summarized(self) -> dict[date, SummaryFacts]:
        """The summaries whose fields could be read (valid or not), by day."""
        found = {day: self.summary(day) for day in self.files.summaries}
        return {day: f for day, f in found.items() if f is not None and f.fields is not None}


def full_look(
    config: Config,
    catalog: Catalog,
    *,
    with_archive: bool = True,
    extra_source: Path | None = None,
    layout: Layout | None = None,
    quick: bool | None = None,
) -> FullLook:
    """Scan the vault (and archive) and get each file's facts, reading only changed files.

    `extra_source` is a folder of old daily notes read as raw material (backfill's SRC when it is
    not the archive); its days count as source days but never join the timeline spine.

    `quick` lists only the folders whose mtime moved since the last run kept their listings,
    and stats only the files added or replaced since (a new inode) and the files of the newest
    `RECENT_DAYS` days, where notes are edited in place; `quick=False` (`sync --rescan`) lists
    every folder and stats every file, and keeps the listings too. None (the read-only
    commands) lists every folder and stats every file, keeping nothing.
    """
    layout = layout or Layout(config)
    catalog.load_all()
    listings = None
    if quick is not None:
        listings = Listings(catalog.folders.all() if quick else {}, trust=quick)
        listings.day_of = layout.folder_day
    files = scan(layout, listings)
    archive: dict[date, Path] = {}
    archived_transcripts: dict[date, list[Path]] = {}
    chats = layout.archive_chats_dir
    if with_archive:
        archive = {
            d: p
            for d, p in scan_archive(config.archive_dir, listings).items()
            if chats not in p.parents
        }
        archived_transcripts = scan_archived_transcripts(layout, listings)
    extra = scan_archive(extra_source) if extra_source is not None else {}
    result = FullLook(config, layout, catalog, files, archive, archived_transcripts, extra=extra)
    days = result.source_days()
    recent = (days[-1] - timedelta(days=RECENT_DAYS - 1)) if days else date.min
    inodes = listings.inodes() if listings is not None and listings.trust else {}

    def inode(path: Path, day: date) -> int | None:
        return None if day >= recent else inodes.get(os.fspath(path))

    notes = [(day, _known(result.note_path(day))) for day in days]
    located = [(p, d.isoformat(), note_kind(layout, p, d, result), inode(p, d)) for d, p in notes]
    found = catalog.many_facts(located, note_facts, SourceFacts.from_json)
    result._facts.update(zip((os.fspath(p) for _, p in notes), found, strict=True))
    transcripts = [
        (path, day)
        for day, paths in (*files.transcripts.items(), *archived_transcripts.items())
        for path in paths
    ]
    located = [(p, d.isoformat(), "transcript", inode(p, d)) for p, d in transcripts]
    found = catalog.many_facts(located, transcript_facts, SourceFacts.from_json)
    result._facts.update(zip((os.fspath(p) for p, _ in transcripts), found, strict=True))
    present = {os.fspath(path) for _, path in notes}
    present |= {os.fspath(path) for path, _ in transcripts}
    known_days = frozenset(days) | frozenset(files.summaries)
    summaries = sorted(files.summaries.items())
    located = [(p, d.isoformat(), "summary", inode(p, d)) for d, p in summaries]
    read = SummaryReader(config, known_days)
    facts = catalog.many_facts(located, read, SummaryFacts.from_json)
    result._facts.update(zip((os.fspath(p) for _, p in summaries), facts, strict=True))
    present |= {os.fspath(path) for _, path in summaries}
    catalog.forget_missing(present)
    if listings is not None:
        remarks = remarks_of(layout, files)
        listings.remarks = {folder: remarks.get(folder, []) for folder in listings.fresh}
        catalog.keep_listings(listings)
    result.listings = listings
    return result


def note_kind(layout: Layout, path: Path, day: date, found: Survey) -> str:
    """A day's note's row kind: in the memory folder, the archive, or a backfill's folder."""
    if found.local_note(day) == path:
        return "note"
    return "archived" if found.archived_note(day) == path else "extra"


def remarks_of(layout: Layout, files: VaultFiles) -> dict[str, list[tuple[str, str]]]:
    """What a scan found that is not a day's file, by folder (`Listings.remarks`)."""
    found: dict[str, list[tuple[str, str]]] = {}
    named = [(p, "stray") for p in files.strays]
    named += [(p, "linked") for p in files.linked_folders]
    for path, what in [*named, *files.irregular]:
        found.setdefault(os.fspath(path.parent), []).append((path.name, what))
    return {folder: sorted(items) for folder, items in found.items()}


def _known(path: Path | None) -> Path:
    assert path is not None  # a source day has a note
    return path
