"""The daily look at the vault: what changed since the last run, and nothing else.

A folder's mtime moves when a name in it is added, removed or renamed, so the run stats the
folders the last run kept (`files.listing`): the roots, the people's and projects' folders, the
archive's, and the chat folders of the newest `RECENT_DAYS` days; it lists again only those
that moved, and compares each with its kept listing (names added, removed, or with a new inode:
saved by an atomic replace). The files of the newest days are stat'ed too, where notes are
edited in place. Only the changed files are read; the rest of what the stages need comes from
the catalog's rows a day at a time (`DailyLook`), and from its tallies.

What this look does not see, `sync --rescan` does: an older note edited in place, a transcript
added to the chat folder of a day older than `RECENT_DAYS` (both move no folder a daily run
stats). What it does not handle, it leaves to a full look (`full_look`), by returning None: a first
run, a catalog a backfill's other folder filled, a change in the archive, or a daily note that
is gone (an archived note of that day may count now).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from vaultkit.catalog.facts import NOTE_KINDS, SPINE_KINDS, SourceFacts, SummaryFacts
from vaultkit.catalog.store import Catalog, Row
from vaultkit.config import MEMORY_INDEX_NAME, Config
from vaultkit.files.layout import Held, Layout, VaultFiles, read_folder
from vaultkit.files.listing import FILE, RACY, Listings, list_folder, parse_line
from vaultkit.sync.file_facts import SummaryReader, note_facts, transcript_facts
from vaultkit.sync.survey import RECENT_DAYS, Survey

ALL_KINDS = ("note", "archived", "extra", "transcript", "summary")


class DailyLook(Survey):
    """The vault as the catalog's rows hold it, read a day at a time (after `daily_look`
    brought the rows up to date with what changed)."""

    def __init__(self, *args: Any, **options: Any) -> None:
        super().__init__(*args, **options)
        self._days: dict[str, dict[str, Row]] = {}

    def _rows(self, day: date) -> dict[str, Row]:
        key = day.isoformat()
        rows = self._days.get(key)
        if rows is None:
            rows = self._days[key] = self.catalog.rows(ALL_KINDS, days=[key])
        return rows

    def prefetch(self, days: Iterable[date]) -> None:
        """Read the rows of these days at once (one query, not one a day)."""
        wanted = {d.isoformat() for d in days} - self._days.keys()
        found: dict[str, dict[str, Row]] = {day: {} for day in wanted}
        for path, row in self.catalog.rows(ALL_KINDS, days=wanted).items():
            found[row[0]][path] = row
        self._days.update(found)

    def _paths(self, day: date, kind: str, under: str | None = None) -> list[Path]:
        """The day's files of `kind`, in the order a full look gives them (as paths sort:
        folder by folder, so `2025-01-01/x.md` comes before `2025-01-01-work/y.md`)."""
        rows = self._rows(day)
        paths = [p for p, row in rows.items() if row[1] == kind]
        paths = [p for p in paths if under is None or p.startswith(under)]
        return [Path(p) for p in sorted(paths, key=lambda p: p.split(os.sep))]

    def local_note(self, day: date) -> Path | None:
        return next(iter(self._paths(day, "note")), None)

    def archived_note(self, day: date) -> Path | None:
        return next(iter(self._paths(day, "archived")), None)

    def local_transcripts(self, day: date) -> list[Path]:
        return self._paths(day, "transcript", self.layout.chats + os.sep)

    def archived_transcripts(self, day: date) -> list[Path]:
        return self._paths(day, "transcript", self.layout.archive_chats + os.sep)

    def summary_path(self, day: date) -> Path | None:
        return next(iter(self._paths(day, "summary")), None)

    def source_days(self) -> list[date]:
        return _days_of(self.catalog.rows(NOTE_KINDS))

    def local_days(self) -> list[date]:
        return _days_of(self.catalog.rows(("note",)))

    def summary_days(self, since: date | None = None) -> list[date]:
        first = since.isoformat() if since else None
        return _days_of(self.catalog.rows(("summary",), since=first))

    def summary_days_of(self, month: str) -> list[date]:
        first = date.fromisoformat(f"{month}-01")
        days = [(first + timedelta(days=n)).isoformat() for n in range(31)]
        return _days_of(
            self.catalog.rows(("summary",), days=[d for d in days if d.startswith(month)])
        )

    def spine_around(self, day: date) -> tuple[date | None, date | None]:
        before, after = self.catalog.neighbours(SPINE_KINDS, day.isoformat())
        return _day(before), _day(after)

    def known(self, day: date) -> bool:
        return any(row[1] != "transcript" for row in self._rows(day).values())

    def wrote_summary(self, day: date, path: Path, facts: SummaryFacts) -> None:
        super().wrote_summary(day, path, facts)
        self._days.pop(day.isoformat(), None)  # the catalog holds its row now


def _day(text: str | None) -> date | None:
    return date.fromisoformat(text) if text else None


def _days_of(rows: dict[str, Row]) -> list[date]:
    return [date.fromisoformat(d) for d in sorted({row[0] for row in rows.values()})]


class FullLookNeeded(Exception):
    """What the daily look found is one a full look must handle (see the module's doc)."""


@dataclass
class Found:
    """The files a daily look found changed: each path with its day and kind, or gone."""

    changed: dict[str, tuple[str, str]] = field(default_factory=dict)  # path -> (day, kind)
    gone: set[str] = field(default_factory=set)
    gone_notes: set[str] = field(default_factory=set)  # days whose local note is gone
    entities: set[str] = field(default_factory=set)  # entity notes added or removed
    remarks: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # of listed folders


def daily_look(config: Config, catalog: Catalog, layout: Layout) -> DailyLook | None:
    """The vault brought up to date in the catalog from what changed since the last run, or
    None when a full look is needed (see the module's doc)."""
    newest = catalog.newest_day(SPINE_KINDS)
    if newest is None or not catalog.marks.daily_ready():
        return None
    since = (date.fromisoformat(newest) - timedelta(days=RECENT_DAYS - 1)).isoformat()
    listings = Listings(complete=False, day_of=layout.folder_day)
    remarks = catalog.folders.remarks()
    try:
        found = _look(layout, catalog, listings, since, remarks)
    except FullLookNeeded:
        return None
    _read(config, layout, catalog, found)
    listings.remarks = found.remarks
    catalog.keep_listings(listings)
    kept = {f: r for f, r in remarks.items() if f not in listings.dropped}
    return _survey(config, layout, catalog, listings, found, kept | found.remarks)


def _survey(
    config: Config,
    layout: Layout,
    catalog: Catalog,
    listings: Listings,
    found: Found,
    remarks: dict[str, list[tuple[str, str]]],
) -> DailyLook:
    """The survey of the days to look at: those the catalog holds pending (the days whose files
    changed are among them), and after a day that is gone, every later summarized day."""
    files = VaultFiles()
    _remarks(remarks, files)
    files.entities = _entity_notes(layout, catalog, listings)
    touched = {date.fromisoformat(day) for day in catalog.pending.days()}
    survey = DailyLook(
        config,
        layout,
        catalog,
        files,
        listings=listings,
        touched=touched,
        entity_changes=found.entities,
    )
    survey.prefetch(touched)
    gone = next((day for day in sorted(touched) if not survey.known(day)), None)
    if gone is not None:  # the later summaries that name it as a related day must say so
        touched |= set(survey.summary_days(gone))
    return survey


def _look(
    layout: Layout,
    catalog: Catalog,
    listings: Listings,
    since: str,
    remarks: dict[str, list[tuple[str, str]]],
) -> Found:
    """Stat the folders a daily run looks at, list again those that moved, stat the newest
    days' files; what changed, or FullLookNeeded."""
    kept = catalog.folders.times(since)
    roots = [layout.memory, layout.summaries]
    if any(root not in kept for root in roots) or os.path.isdir(layout.archive) != (
        layout.archive in kept
    ):
        raise FullLookNeeded  # a root the last run did not keep (or an archive come or gone)
    moved = {}
    for folder, mtime in kept.items():
        now = _mtime(folder)
        if now != mtime or mtime == RACY:
            if _below(folder, layout.archive):
                raise FullLookNeeded  # the archive changed: it decides which note counts
            moved[folder] = now
    found = Found()
    if moved:
        listings.stored = catalog.folders.of(moved)
        found.remarks = {f: r for f, r in remarks.items() if f in moved}
        for folder in sorted(moved):
            _relist(layout, catalog, listings, folder, moved[folder], found)
    for root in (layout.chats, os.fspath(layout.people_dir), os.fspath(layout.projects_dir)):
        if root not in kept and root not in listings.fresh and os.path.isdir(root):
            _walk_new(layout, catalog, listings, root, found)  # a root made since
    _restat_recent(catalog, since, found)
    return found


def _relist(
    layout: Layout,
    catalog: Catalog,
    listings: Listings,
    folder: str,
    mtime: int | None,
    found: Found,
) -> None:
    """What a moved folder gained and lost since its kept listing (None mtime: it is gone):
    the two listings compared as sets of lines, only the lines that differ read."""
    old = listings.stored.get(folder, (RACY, []))[1]
    new = list_folder(folder) if mtime is not None else None
    if new is None:  # gone: every folder and file below it with it
        _drop(layout, catalog, listings, folder, found)
        return
    listings.listed.append(folder)
    listings.found(folder, mtime or RACY, new)
    was, now = set(old), set(new)
    added, removed = now - was, was - now
    skipped = _skipped_below(layout, folder)
    came = read_folder(folder, sorted(added), skipped)
    went = read_folder(folder, sorted(removed), skipped)
    for name in came.files:  # new, or replaced (another inode)
        _changed(layout, folder, name, found)
    for name in sorted(set(went.files) - set(came.files)):
        _gone(layout, os.path.join(folder, name), found)
    for name in sorted(set(came.folders) - set(went.folders)):  # a new folder: all of it new
        _walk_new(layout, catalog, listings, os.path.join(folder, name), found)
    for name in sorted(set(went.folders) - set(came.folders)):
        _drop(layout, catalog, listings, os.path.join(folder, name), found)
    gone_names = {parse_line(line)[0] for line in removed}
    kept = [r for r in found.remarks.get(folder, []) if r[0] not in gone_names]
    found.remarks[folder] = sorted([*kept, *_remarks_of(layout, folder, came)])


def _walk_new(
    layout: Layout, catalog: Catalog, listings: Listings, folder: str, found: Found
) -> None:
    mtime = _mtime(folder)
    if mtime is None:
        return
    listings.stored[folder] = (RACY, [])
    found.remarks[folder] = []
    _relist(layout, catalog, listings, folder, mtime, found)


def _drop(layout: Layout, catalog: Catalog, listings: Listings, folder: str, found: Found) -> None:
    """A folder that is gone: its kept listings and the rows of its files."""
    for gone in (folder, *catalog.folders.below(folder)):
        listings.dropped.add(gone)
        listings.fresh.pop(gone, None)
    for path in catalog.paths_below(folder):
        _gone(layout, path, found)


def _changed(layout: Layout, folder: str, name: str, found: Found) -> None:
    path = os.path.join(folder, name)
    if _in_entities(layout, folder):
        found.entities.add(path)
        return
    known = layout.kind_of(folder, name)
    if known is not None:
        found.changed[path] = known


def _gone(layout: Layout, path: str, found: Found) -> None:
    folder, name = os.path.split(path)
    if _in_entities(layout, folder):
        found.entities.add(path)
        return
    known = layout.kind_of(folder, name)
    if known is None:
        return
    if known[1] == "note":
        found.gone_notes.add(known[0])  # an archived note of that day may count now
    found.gone.add(path)
    found.changed.pop(path, None)


def _restat_recent(catalog: Catalog, since: str, found: Found) -> None:
    """The newest days' files, edited in place or not (an edit in place moves no folder)."""
    for path, (day, kind, mtime, size, inode, _) in sorted(
        catalog.rows(ALL_KINDS, since=since).items()
    ):
        if path in found.changed or path in found.gone:
            continue
        try:
            stat = os.stat(path)
        except OSError:
            if kind == "note":
                found.gone_notes.add(day)
            elif kind in NOTE_KINDS:
                raise FullLookNeeded from None  # the archive changed
            found.gone.add(path)
            continue
        if (stat.st_mtime_ns, stat.st_size, stat.st_ino) != (mtime, size, inode):
            found.changed[path] = (day, kind)


def _read(config: Config, layout: Layout, catalog: Catalog, found: Found) -> None:
    """The changed files' facts into the catalog (read on every core), the gone ones out."""
    catalog.forget(sorted(found.gone))
    for day in sorted(found.gone_notes):  # the day's archived note counts now, if it has one
        archived = _archived_note(layout, catalog, day)
        if archived is not None and archived not in found.changed:
            found.changed[archived] = (day, "note")
    by_kind: dict[str, list[tuple[Path, str, str, None]]] = {}
    for path, (day, kind) in sorted(found.changed.items()):
        row_kind = _row_kind(layout, path, kind)
        by_kind.setdefault(kind, []).append((Path(path), day, row_kind, None))
    notes = by_kind.get("note", [])
    for _, day, kind, _ in notes:
        if kind == "note":  # a local note hides the day's archived one
            catalog.forget(catalog.rows(("archived", "extra"), days=[day]))
    catalog.many_facts(notes, note_facts, SourceFacts.from_json)
    catalog.many_facts(by_kind.get("transcript", []), transcript_facts, SourceFacts.from_json)
    summaries = by_kind.get("summary", [])
    if summaries:
        reader = SummaryReader(config, KnownDays(catalog))
        catalog.many_facts(summaries, reader, SummaryFacts.from_json)


def _archived_note(layout: Layout, catalog: Catalog, day: str) -> str | None:
    """The archived note of a day (the first by path, as `scan_archive` takes it), from the
    archive folders' kept listings."""
    name = f"{day}.md"
    folders = [
        f
        for f in catalog.folders.holding(layout.archive, name)
        if not _below(f, layout.archive_chats)
    ]
    paths = sorted((os.path.join(f, name) for f in folders), key=lambda p: p.split(os.sep))
    return paths[0] if paths else None


def _row_kind(layout: Layout, path: str, kind: str) -> str:
    if kind == "note" and not path.startswith(layout.memory + os.sep):
        return "archived"
    return kind


class KnownDays:
    """The days with a note or a summary, asked of the catalog a day at a time."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    def __contains__(self, day: object) -> bool:
        if not isinstance(day, date):
            return False
        return bool(self.catalog.rows((*NOTE_KINDS, "summary"), days=[day.isoformat()]))


def _mtime(folder: str) -> int | None:
    try:
        return os.stat(folder).st_mtime_ns
    except OSError:
        return None


def _below(folder: str, root: str) -> bool:
    return folder == root or folder.startswith(root + os.sep)


def _in_entities(layout: Layout, folder: str) -> bool:
    return any(_below(folder, os.fspath(root)) for root in (layout.people_dir, layout.projects_dir))


def _skipped_below(layout: Layout, folder: str) -> set[str]:
    """The folders a walk of `folder` leaves to their own walks (the memory folder's
    summaries, chats, people and projects)."""
    if folder != layout.memory:
        return set()
    return {
        os.fspath(p)
        for p in (layout.summaries_dir, layout.chats_dir, layout.people_dir, layout.projects_dir)
    }


def _remarks_of(layout: Layout, folder: str, held: Held) -> list[tuple[str, str]]:
    """What a listed folder holds that is not a day's file, as `survey.remarks_of` names it."""
    if _in_entities(layout, folder):
        return sorted(held.irregular)
    strays = [
        (name, "stray")
        for name in held.files
        if layout.kind_of(folder, name) is None
        and not (name == MEMORY_INDEX_NAME and folder == layout.memory)
    ]
    linked = [(name, "linked") for name in held.linked]
    return sorted([*strays, *linked, *held.irregular])


def _remarks(remarks: dict[str, list[tuple[str, str]]], files: VaultFiles) -> None:
    """The strays, folder links and names that are not files of the whole vault, from the
    kept remarks of every folder (and this run's, of the folders it listed)."""
    for folder, items in sorted(remarks.items()):
        for name, what in items:
            path = Path(folder) / name
            if what == "stray":
                files.strays.append(path)
            elif what == "linked":
                files.linked_folders.append(path)
            else:
                files.irregular.append((path, what))
    files.strays.sort()
    files.linked_folders.sort()
    files.irregular.sort()


def _entity_notes(layout: Layout, catalog: Catalog, listings: Listings) -> list[Path]:
    """The people's and projects' notes, from their folders' listings (kept or this run's)."""
    roots = [os.fspath(layout.people_dir), os.fspath(layout.projects_dir)]
    folders = {f for root in roots for f in (root, *catalog.folders.below(root))}
    folders |= {f for f in listings.fresh if any(_below(f, root) for root in roots)}
    kept = catalog.folders.of(folders)
    notes = []
    for folder in sorted(folders):
        if folder in listings.dropped:
            continue
        lines = (listings.fresh.get(folder) or kept.get(folder) or (0, []))[1]
        notes += [Path(folder) / name for name, what, _ in map(parse_line, lines) if what == FILE]
    return sorted(notes)
