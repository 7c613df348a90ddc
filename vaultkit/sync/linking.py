"""Keeping the vault linked: the timeline spine, transcripts' parent links, MEMORY_INDEX.md, the
people's and projects' notes, and Obsidian's settings where the vault has none.

Only managed lines and generated parts change; a symbolic link, or a file in a folder outside
the vault, is read but never rewritten (the run says so). A note's managed line (its spine, a
transcript's parent link) is the first line of its body and only that: a line like it further
down is the note's text, which sync never moves or removes (`wikilinks.set_managed_line`).
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Mapping
from datetime import date
from pathlib import Path

from vaultkit.catalog.facts import SourceFacts
from vaultkit.catalog.tallies import Entity, day_topics, entity_key, link_key
from vaultkit.config import Config, PathsConfig
from vaultkit.dates import parse_date
from vaultkit.errors import VaultkitError
from vaultkit.files.document import decode, encoded_like
from vaultkit.files.layout import Layout
from vaultkit.files.sources import read_text
from vaultkit.files.storage import digest, is_inside, read_bytes, remove_file, write_atomic
from vaultkit.files.wikilinks import (
    PARENT_LINE,
    SPINE_LINE,
    parent_line,
    set_managed_line,
    spine_line,
)
from vaultkit.pages import entities
from vaultkit.pages.memory_index import IndexEntry, index_context
from vaultkit.pages.render import Renderer
from vaultkit.sync.report import Change, Failure, Skip, SyncReport
from vaultkit.sync.survey import Survey

INDEX_MARK = "memory_index"  # the catalog's mark of MEMORY_INDEX.md as this run left it


def keep_linked(config: Config, found: Survey, report: SyncReport, dry_run: bool) -> set[str]:
    """Every link-keeping pass of a sync, each failure reported, none stopping the others;
    returns the entities (`tallies.entity_key`) whose notes a later run must look at again."""
    layout = found.layout
    _link_notes(found, report, dry_run)
    try:
        renderer = Renderer(config.templates_dir, config.summarizer.heading)
        _write_memory_index(renderer, found, report, dry_run)
    except (VaultkitError, OSError) as exc:
        report.failed.append(Failure(layout.rel(layout.memory_index_file), str(exc)))
    aliases = (config.people.aliases, config.vocabulary.aliases)
    left = _write_entity_notes(layout, found, aliases, report, dry_run)
    _write_obsidian_settings(layout, config.paths, report, dry_run)
    return left


def _link_notes(found: Survey, report: SyncReport, dry_run: bool) -> None:
    """Thread the spine through local daily notes and give each transcript its parent link.

    The spine runs through local and archived notes (never through a backfill's other source
    folder). When the archive folder is absent (a NAS not mounted), a spine pointing to a summarized
    day with no local note is kept: that day is taken to be archived, so an offline NAS changes no byte.
    A daily look links the notes of the days it looked at and the note after each (a day added
    before it moves its spine).
    """
    layout = found.layout
    offline = not layout.archive_dir.is_dir()
    for day in _notes_to_link(found):
        local = found.local_note(day)
        facts = found.note(day) or SourceFacts()
        if local is None or facts.error:
            continue
        previous, _ = found.spine_around(day)
        if offline:
            previous = _archived_previous(found, day, facts.link, previous)
        expected = previous.isoformat() if previous else None
        if facts.link != expected:
            line = spine_line(previous) if previous else None
            detail = f"spine -> {expected}"
            if _relink(layout, local, SPINE_LINE, line, "linked", detail, report, dry_run):
                found.relinked(local, day, "note", expected)
    # Transcripts, not notes, name these days: a chat folder may have no daily note beside it.
    chat_days = found.files.transcripts if found.touched is None else found.touched
    for day in sorted(chat_days):
        for path in found.local_transcripts(day):
            facts = found.transcript(path)
            if not facts.error and facts.link != day.isoformat():
                line, detail = parent_line(day), f"parent -> {day}"
                if _relink(layout, path, PARENT_LINE, line, "linked", detail, report, dry_run):
                    found.relinked(path, day, "transcript", day.isoformat())


def _notes_to_link(found: Survey) -> list[date]:
    """The local notes whose spine a run checks: every one, or those of the days a daily look
    looked at and of the day after each on the spine."""
    if found.touched is None:
        return found.local_days()
    days = set(found.touched)
    days |= {after for day in found.touched if (after := found.spine_around(day)[1])}
    return sorted(days)


def _archived_previous(
    found: Survey, day: date, spine: str | None, previous: date | None
) -> date | None:
    """The day a spine points to, when it is a summarized day missing locally (an archived day)."""
    target = parse_date(spine or "")
    if target is None or found.local_note(target) or found.summary_path(target) is None:
        return previous
    if target < day and (previous is None or target > previous):
        return target
    return previous


def _relink(
    layout: Layout,
    path: Path,
    pattern: re.Pattern[str],
    line: str | None,
    action: str,
    detail: str,
    report: SyncReport,
    dry_run: bool,
) -> bool:
    """Set a file's managed line, its body's first line; True when it was written."""
    try:
        data = read_bytes(path)
        text, bom, crlf = decode(data, path)
        updated = set_managed_line(text, pattern, line)
        if updated == text:
            return False
        updated = encoded_like(updated, bom=bom, crlf=crlf)  # the file's own line ends and BOM
        if not is_inside(path, layout.vault_dir):
            why = "a symbolic link, or in a folder outside the vault: read, never rewritten"
            report.skipped.append(Skip(layout.rel(path), f"{why} ({detail} not written)"))
            return False
        if not dry_run:
            write_atomic(path, updated, expected=digest(data), within=layout.vault_dir)
        report.changes.append(Change(layout.rel(path), action, detail))
    except (VaultkitError, OSError) as exc:
        report.failed.append(Failure(layout.rel(path), str(exc)))
        return False
    return not dry_run


def _write_memory_index(
    renderer: Renderer, found: Survey, report: SyncReport, dry_run: bool
) -> None:
    """MEMORY_INDEX.md from the month tallies and the recent months' summaries."""

    @functools.cache
    def entries_of(month: str) -> list[IndexEntry]:
        entries = []
        for day in found.summary_days_of(month):
            facts = found.summary(day)
            if facts is not None and facts.fields is not None:
                topics = day_topics(facts.fields)
                entries.append(IndexEntry(day, facts.fields["importance"], topics))
        return entries

    layout, catalog = found.layout, found.catalog
    path = layout.memory_index_file
    if not catalog.tallies.months_changed() and catalog.marks.get(INDEX_MARK) == _stat_mark(path):
        return  # no summarized day changed, nor the file since this vaultkit wrote it
    months = catalog.tallies.months()
    text = renderer.memory_index(index_context(months, entries_of))
    try:
        current = read_text(path)
    except FileNotFoundError:
        current = None
    if current != text:
        if not dry_run:
            write_atomic(path, text, within=layout.vault_dir)
        total = sum(t.days for t in months.values())
        report.changes.append(Change(layout.rel(path), "indexed", f"{total} days"))
    catalog.marks.set(INDEX_MARK, _stat_mark(path))


def _stat_mark(path: Path) -> str:
    """A file's mtime, size and inode, as a catalog's mark records them."""
    try:
        stat = path.stat()
    except OSError:
        return ""
    return f"{stat.st_mtime_ns}:{stat.st_size}:{stat.st_ino}"


def _write_entity_notes(
    layout: Layout,
    found: Survey,
    aliases: tuple[Mapping[str, str], Mapping[str, str]],
    report: SyncReport,
    dry_run: bool,
) -> set[str]:
    """A note per person and project the summaries name, its generated part up to date;
    `aliases` are the config's nicknames of people and of terms. Returns the entities to look
    at again (a note that could not be written or retired: `tallies.entity_key`, `link_key`)."""
    tallies = found.catalog.tallies
    named = tallies.entities()
    paths = {key: _note_path(layout, key) for key in named}
    checking, stems = _to_check(found, named)
    left: set[str] = set()
    for key in sorted(checking & named.keys(), key=lambda k: (k[0], k[1].casefold(), k[1])):
        count, first, last = tallies.span(key)
        entity = entities.Entity(
            key[0],  # type: ignore[arg-type]  # a tally's kind is "person" or "project"
            key[1],
            entities.aliases_of(key[0], key[1], *aliases),  # type: ignore[arg-type]
            count,
            parse_date(first or ""),
            parse_date(last or ""),
        )
        if not _write_entity(layout, paths[key], entity, report, dry_run):
            left.add(entity_key(key))
    kept, linked = set(paths.values()), tallies.linked()
    for path in found.files.entities:
        folded = path.stem.casefold()
        if path in kept or folded in linked or (stems is not None and folded not in stems):
            continue
        if not _retire(layout, path, report, dry_run):
            left.add(link_key(folded))
    return left


def _note_path(layout: Layout, key: Entity) -> Path:
    entity = entities.Entity(key[0], key[1])  # type: ignore[arg-type]
    return entities.note_path(layout.people_dir, layout.projects_dir, entity)


def _to_check(found: Survey, named: Mapping[Entity, int]) -> tuple[set[Entity], set[str] | None]:
    """The entities whose notes to write, and the (casefolded) names of the entity notes that
    may be named and linked by no one now (None: every note). A full look checks them all; a
    daily look those a changed summary named or no longer names, those a run left to do, and
    the notes added or removed, or whose links changed."""
    if found.touched is None:
        return set(named), None
    tallies, layout = found.catalog.tallies, found.layout
    checking = set(tallies.touched_entities)
    stems = set(tallies.touched_links)
    for key in found.catalog.pending.entries():
        kind, _, name = key.partition("\t")
        if kind == "link":
            stems.add(name)
        elif name:
            checking.add((kind, name))
    changes = found.entity_changes
    checking |= {k for k in named if os.fspath(_note_path(layout, k)) in changes}
    stems |= {Path(p).stem.casefold() for p in changes}
    stems |= {_note_path(layout, k).stem.casefold() for k in checking}
    return checking, stems


def _write_entity(
    layout: Layout, path: Path, entity: entities.Entity, report: SyncReport, dry_run: bool
) -> bool:
    """Write an entity's note if its generated part or aliases changed; False: not written."""
    try:
        try:
            current: str | None = read_text(path)
        except FileNotFoundError:
            current = None
        text = entities.render(entity, current)
        if text == current:
            return True
        if not is_inside(path, layout.vault_dir):
            report.skipped.append(
                Skip(layout.rel(path), "a symbolic link, or outside the vault: never rewritten")
            )
            return False
        if not dry_run:
            expected = None if current is None else digest(read_bytes(path))
            write_atomic(path, text, expected=expected, within=layout.vault_dir)
        action = "created" if current is None else "updated"
        report.changes.append(Change(layout.rel(path), action, entities.describe(entity)))
        return True
    except (VaultkitError, OSError) as exc:
        report.failed.append(Failure(layout.rel(path), str(exc)))
        return False


def _retire(layout: Layout, path: Path, report: SyncReport, dry_run: bool) -> bool:
    """A person's or project's note that no summary names and no note links: removed when all of
    it is vaultkit's (a name it once got wrong), else its generated line says so and lint warns.
    False: it could not be (the run said why)."""
    try:
        data = read_bytes(path)
        current = data.decode("utf-8")
        if not is_inside(path, layout.vault_dir):
            return True
        if entities.only_generated(current):
            if not dry_run:
                remove_file(path, expected=digest(data), within=layout.vault_dir)
            report.changes.append(Change(layout.rel(path), "removed", "named in no summary"))
            return True
        text = entities.retired(current)
        if text != current:
            if not dry_run:
                write_atomic(path, text, expected=digest(data), within=layout.vault_dir)
            report.changes.append(Change(layout.rel(path), "updated", "named in no summary now"))
    except (VaultkitError, OSError, UnicodeDecodeError) as exc:
        report.failed.append(Failure(layout.rel(path), str(exc)))
        return False
    return True


def _write_obsidian_settings(
    layout: Layout, paths: PathsConfig, report: SyncReport, dry_run: bool
) -> None:
    """Obsidian's property types and graph colour groups, where the vault has none yet."""
    from vaultkit.pages.obsidian import obsidian_settings

    for path, text in obsidian_settings(layout.vault_dir, paths).items():
        if path.exists() or path.is_symlink():
            continue  # the user's (or Obsidian's own): never overwritten
        try:
            if not dry_run:
                write_atomic(path, text, expected=None, within=layout.vault_dir)
            report.changes.append(Change(layout.rel(path), "created", "Obsidian settings"))
        except (VaultkitError, OSError) as exc:
            report.failed.append(Failure(layout.rel(path), str(exc)))
