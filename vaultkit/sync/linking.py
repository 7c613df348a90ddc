"""Keeping the vault linked: the timeline spine, transcripts' parent links, MEMORY_INDEX.md, the
people's and projects' notes, and Obsidian's settings where the vault has none.

Only managed lines and generated parts change; a symbolic link, or a file in a folder outside
the vault, is read but never rewritten (the run says so).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from pathlib import Path

from vaultkit.config import Config, PathsConfig
from vaultkit.dates import parse_date
from vaultkit.errors import VaultkitError
from vaultkit.files.catalog import SourceFacts
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
from vaultkit.sync.report import Change, SyncReport
from vaultkit.sync.survey import Survey


def keep_linked(config: Config, found: Survey, report: SyncReport, dry_run: bool) -> None:
    """Every link-keeping pass of a sync, each failure reported, none stopping the others."""
    layout = found.layout
    _link_notes(found, report, dry_run)
    try:
        renderer = Renderer(config.templates_dir, config.summarizer.heading)
        _write_memory_index(renderer, found, report, dry_run)
    except (VaultkitError, OSError) as exc:
        report.failed.append((layout.rel(layout.memory_index_file), str(exc)))
    aliases = (config.people.aliases, config.vocabulary.aliases)
    _write_entity_notes(layout, found, aliases, report, dry_run)
    _write_obsidian_settings(layout, config.paths, report, dry_run)


def _link_notes(found: Survey, report: SyncReport, dry_run: bool) -> None:
    """Thread the spine through local daily notes and give each transcript its parent link.

    The spine runs through local and archived notes (never through a backfill's other source
    folder). When the archive folder is absent (a NAS not mounted), a spine pointing to a summarized
    day with no local note is kept: that day is taken to be archived, so an offline NAS changes no byte.
    """
    previous: date | None = None
    layout = found.layout
    offline = not layout.archive_dir.is_dir()
    for day in sorted(set(found.files.daily) | set(found.archive)):
        local = found.files.daily.get(day)
        facts = found.notes.get(day, SourceFacts())
        if offline and local is not None:
            previous = _archived_previous(found, day, facts.link, previous)
        expected = previous.isoformat() if previous else None
        if local is not None and not facts.error and facts.link != expected:
            line = spine_line(previous) if previous else None
            _relink(
                layout, local, SPINE_LINE, line, "linked", f"spine -> {expected}", report, dry_run
            )
        previous = day
    for day, paths in found.files.transcripts.items():
        for path in paths:
            facts = found.transcripts.get(path, SourceFacts())
            if not facts.error and facts.link != day.isoformat():
                line = parent_line(day)
                _relink(
                    layout, path, PARENT_LINE, line, "linked", f"parent -> {day}", report, dry_run
                )


def _archived_previous(
    found: Survey, day: date, spine: str | None, previous: date | None
) -> date | None:
    """The day a spine points to, when it is a summarized day missing locally (an archived day)."""
    target = parse_date(spine or "")
    if target is None or target in found.files.daily or target not in found.summaries:
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
) -> None:
    try:
        data = read_bytes(path)
        text, bom, crlf = decode(data, path)
        updated = set_managed_line(text, pattern, line)
        if updated == text:
            return
        updated = encoded_like(updated, bom=bom, crlf=crlf)  # the file's own line ends and BOM
        if not is_inside(path, layout.vault_dir):
            why = "a symbolic link, or in a folder outside the vault: read, never rewritten"
            report.skipped.append((layout.rel(path), f"{why} ({detail} not written)"))
            return
        if not dry_run:
            write_atomic(path, updated, expected=digest(data), within=layout.vault_dir)
        report.changes.append(Change(layout.rel(path), action, detail))
    except (VaultkitError, OSError) as exc:
        report.failed.append((layout.rel(path), str(exc)))


def _write_memory_index(
    renderer: Renderer, found: Survey, report: SyncReport, dry_run: bool
) -> None:
    entries = []
    for day, facts in found.summarized().items():
        fields = facts.fields
        assert fields is not None
        topics = (*fields["projects"], *fields["tags"], *fields["people"])
        entries.append(IndexEntry(day, fields["importance"], tuple(topics)))
    layout = found.layout
    text = renderer.memory_index(index_context(entries))
    path = layout.memory_index_file
    try:
        current = read_text(path)
    except FileNotFoundError:
        current = None
    if current != text:
        if not dry_run:
            write_atomic(path, text, within=layout.vault_dir)
        report.changes.append(Change(layout.rel(path), "indexed", f"{len(entries)} days"))


def _write_entity_notes(
    layout: Layout,
    found: Survey,
    aliases: tuple[Mapping[str, str], Mapping[str, str]],
    report: SyncReport,
    dry_run: bool,
) -> None:
    """A note per person and project the summaries name, its generated part up to date;
    `aliases` are the config's nicknames of people and of terms."""
    fields = {day: f.fields for day, f in found.summarized().items() if f.fields is not None}
    named = set()
    for entity in entities.collect(fields, *aliases):
        path = entities.note_path(layout.people_dir, layout.projects_dir, entity)
        named.add(path)
        try:
            try:
                current: str | None = read_text(path)
            except FileNotFoundError:
                current = None
            text = entities.render(entity, current)
            if text == current:
                continue
            if not is_inside(path, layout.vault_dir):
                report.skipped.append(
                    (layout.rel(path), "a symbolic link, or outside the vault: never rewritten")
                )
                continue
            if not dry_run:
                expected = None if current is None else digest(read_bytes(path))
                write_atomic(path, text, expected=expected, within=layout.vault_dir)
            action = "created" if current is None else "updated"
            report.changes.append(Change(layout.rel(path), action, entities.describe(entity)))
        except (VaultkitError, OSError) as exc:
            report.failed.append((layout.rel(path), str(exc)))
    linked = {t.casefold() for facts in _sources(found) for t in facts.links or ()}
    for path in found.files.entities:
        if path not in named and path.stem.casefold() not in linked:
            _retire(layout, path, report, dry_run)


def _sources(found: Survey) -> list[SourceFacts]:
    return [*found.notes.values(), *found.transcripts.values()]


def _retire(layout: Layout, path: Path, report: SyncReport, dry_run: bool) -> None:
    """A person's or project's note that no summary names and no note links: removed when all of
    it is vaultkit's (a name it once got wrong), else its generated line says so and lint warns."""
    try:
        data = read_bytes(path)
        current = data.decode("utf-8")
        if not is_inside(path, layout.vault_dir):
            return
        if entities.only_generated(current):
            if not dry_run:
                remove_file(path, expected=digest(data), within=layout.vault_dir)
            report.changes.append(Change(layout.rel(path), "removed", "named in no summary"))
            return
        text = entities.retired(current)
        if text != current:
            if not dry_run:
                write_atomic(path, text, expected=digest(data), within=layout.vault_dir)
            report.changes.append(Change(layout.rel(path), "updated", "named in no summary now"))
    except (VaultkitError, OSError, UnicodeDecodeError) as exc:
        report.failed.append((layout.rel(path), str(exc)))


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
            report.failed.append((layout.rel(path), str(exc)))
