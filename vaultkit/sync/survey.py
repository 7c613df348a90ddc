"""The vault as sync sees it: its files by day, and what is known of each (from the catalog).

`survey` reads only the files that changed since the last run; `open_catalog` opens the cache,
emptied when the config or the templates its facts depend on have changed.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from functools import cached_property
from pathlib import Path
from typing import Any

from vaultkit.config import Config
from vaultkit.dates import parse_date
from vaultkit.errors import FileFormatError, VaultkitError
from vaultkit.files.catalog import Catalog, SourceFacts, SummaryFacts
from vaultkit.files.document import load_yaml, parse_document, split_frontmatter
from vaultkit.files.layout import (
    Layout,
    VaultFiles,
    scan,
    scan_archive,
    scan_archived_transcripts,
)
from vaultkit.files.listing import Listings
from vaultkit.files.sources import content_of_note, content_of_transcript, read_text, source_digest
from vaultkit.files.storage import digest, read_bytes
from vaultkit.files.wikilinks import PARENT_LINE, SPINE_LINE, find_wikilinks, managed_target
from vaultkit.lint import check_summary_text
from vaultkit.pages.render import Renderer
from vaultkit.pages.schema import add_marker, fields_of, parse_summary, read_marker
from vaultkit.summarize.evidence import NameEvidence, VaultNames
from vaultkit.summarize.people import file_evidence, vault_names
from vaultkit.sync.related import features
from vaultkit.text.language import Analyzer
from vaultkit.text.vocabulary import Vocabulary

# The newest days whose files a quick survey stats every run: where notes are edited in place
# (an editor that writes the file itself moves no folder's mtime). A month of days is a few
# dozen files; an older note edited in place is seen by `sync --rescan`.
RECENT_DAYS = 31


@dataclass
class Survey:
    """The vault as sync sees it: files by day, and the cached facts of each."""

    config: Config
    layout: Layout
    files: VaultFiles
    archive: dict[date, Path] = field(default_factory=dict)
    archived_transcripts: dict[date, list[Path]] = field(default_factory=dict)
    extra: dict[date, Path] = field(default_factory=dict)
    notes: dict[date, SourceFacts] = field(default_factory=dict)
    transcripts: dict[Path, SourceFacts] = field(default_factory=dict)
    summaries: dict[date, SummaryFacts] = field(default_factory=dict)
    listings: Listings | None = None  # the folders' listings, when the survey kept them

    def note_path(self, day: date) -> Path | None:
        """The daily note of a day: the local one, else the archived one, else one from `extra`."""
        return self.files.daily.get(day) or self.archive.get(day) or self.extra.get(day)

    def transcripts_of(self, day: date) -> list[Path]:
        """A day's transcripts, local and archived; when both hold the same file, the local one."""
        local = self.files.transcripts.get(day, [])
        archived = self.archived_transcripts.get(day, [])
        if not archived:
            return local
        by_place = {p.relative_to(self.layout.archive_chats_dir): p for p in archived}
        by_place.update({p.relative_to(self.layout.chats_dir): p for p in local})
        return [by_place[place] for place in sorted(by_place)]

    @cached_property
    def known_days(self) -> frozenset[str]:
        """Every day with a note or a summary, as `YYYY-MM-DD` (what a related date may name)."""
        return frozenset(d.isoformat() for d in (*self.source_days, *self.summaries))

    @property
    def source_days(self) -> list[date]:
        """Every day with a daily note, local, archived or in the `extra` folder, in order."""
        return sorted(set(self.files.daily) | set(self.archive) | set(self.extra))

    def source_of(self, day: date) -> str | None:
        """The digest of what the day's summary is made from, or None when a file is unreadable."""
        note = self.notes.get(day)
        if note is None or note.error:
            return None
        parts = []
        for path in self.transcripts_of(day):
            facts = self.transcripts[path]
            if facts.error:
                return None
            parts.append((path.name, facts.digest))
        return source_digest(note.digest, parts)

    def vault_names(self, vocabulary: Vocabulary) -> VaultNames:
        """The names the vault's notes and transcripts show to be people's and animals'."""
        files = [*self.notes.values(), *self.transcripts.values()]
        return vault_names(
            (NameEvidence(frozenset(f.persons or ()), frozenset(f.animals or ())) for f in files),
            vocabulary,
        )

    def summarized(self) -> dict[date, SummaryFacts]:
        """The summaries whose fields could be read (valid or not), by day."""
        return {day: f for day, f in self.summaries.items() if f.fields is not None}


def survey(
    config: Config,
    catalog: Catalog,
    *,
    with_archive: bool = True,
    extra_source: Path | None = None,
    layout: Layout | None = None,
    quick: bool | None = None,
) -> Survey:
    """Scan the vault (and archive) and get each file's facts, reading only changed files.

    `extra_source` is a folder of old daily notes read as raw material (backfill's SRC when it is
    not the archive); its days count as source days but never join the timeline spine.

    `quick` (the daily sync) lists only the folders whose mtime moved since the last run kept
    their listings, and stats only the files added or replaced since (a new inode) and the files
    of the newest `RECENT_DAYS` days, where notes are edited in place; `quick=False` (`sync
    --rescan`) lists every folder and stats every file, and keeps the listings too. None (the
    read-only commands) lists every folder and stats every file, keeping nothing.
    """
    layout = layout or Layout(config)
    listings = None
    if quick is not None:
        listings = Listings(catalog.listings() if quick else {}, trust=quick)
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
    result = Survey(config, layout, files, archive, archived_transcripts, extra)
    days = result.source_days
    recent = (days[-1] - timedelta(days=RECENT_DAYS - 1)) if days else date.min
    inodes = listings.inodes if listings is not None and listings.trust else {}

    def inode(path: Path, day: date) -> int | None:
        return None if day >= recent else inodes.get(os.fspath(path))

    notes = [(day, _known(result.note_path(day))) for day in days]
    found_notes = catalog.many_facts(
        [(path, inode(path, day)) for day, path in notes],
        _note_facts,
        SourceFacts.from_json,
    )
    result.notes = {day: facts for (day, _), facts in zip(notes, found_notes, strict=True)}
    transcripts = [
        (path, day)
        for day, paths in (*files.transcripts.items(), *archived_transcripts.items())
        for path in paths
    ]
    found_transcripts = catalog.many_facts(
        [(path, inode(path, day)) for path, day in transcripts],
        _transcript_facts,
        SourceFacts.from_json,
    )
    result.transcripts = dict(zip((p for p, _ in transcripts), found_transcripts, strict=True))
    present = {os.fspath(path) for _, path in notes}
    present |= {os.fspath(path) for path, _ in transcripts}
    vocabulary = Vocabulary(config.vocabulary, config.people)
    known_days = frozenset(result.source_days) | frozenset(files.summaries)
    renderer = Renderer(config.templates_dir, config.summarizer.heading)
    analyzer = Analyzer(config.languages)

    def summary_facts(path: Path) -> SummaryFacts:
        return _summary_facts(path, vocabulary, known_days, renderer, analyzer)

    summaries = list(files.summaries.items())
    found_summaries = catalog.many_facts(
        [(path, inode(path, day)) for day, path in summaries], summary_facts, SummaryFacts.from_json
    )
    result.summaries = {day: f for (day, _), f in zip(summaries, found_summaries, strict=True)}
    present |= {os.fspath(path) for _, path in summaries}
    catalog.forget_missing(present)
    if listings is not None:
        catalog.keep_listings(listings)
    result.listings = listings
    return result


def _known(path: Path | None) -> Path:
    assert path is not None  # a source day has a note
    return path


def open_catalog(config: Config, *, read_only: bool = False) -> Catalog:
    """The catalog, emptied when the config parts its facts depend on have changed (and the
    templates: whether a summary is rendered as today's templates render it is a fact)."""
    relevant = {
        "vocabulary": config.vocabulary,
        "people": config.people,
        "paths": config.paths,
        "heading": config.summarizer.heading,
        "languages": config.languages,
        "templates": Renderer(config.templates_dir).fingerprint(),
    }
    fingerprint = digest(json.dumps(relevant, default=_plain, sort_keys=True), 16)
    return Catalog(config.state_dir, read_only=read_only, fingerprint=fingerprint)


def _plain(value: Any) -> Any:
    return value.__dict__ if hasattr(value, "__dict__") else dict(value)


def _note_facts(path: Path) -> SourceFacts:
    try:
        text = read_text(path)
    except (VaultkitError, OSError) as exc:
        return SourceFacts(error=str(exc))
    evidence = file_evidence(text, chat=False)
    facts = SourceFacts(
        digest(content_of_note(text), 16),
        managed_target(text, SPINE_LINE),
        links=_links(text),
        persons=sorted(evidence.persons),
        animals=sorted(evidence.animals),
    )
    frontmatter, _, _ = split_frontmatter(text)
    if frontmatter is not None:  # still summarized from its text; the run says what is wrong
        try:
            load_yaml(frontmatter, path)
        except FileFormatError as exc:
            return replace(facts, problem=f"[{exc.rule}] {exc.message}", problem_line=exc.line)
    return facts


def _transcript_facts(path: Path) -> SourceFacts:
    try:
        text = read_text(path)
    except (VaultkitError, OSError) as exc:
        return SourceFacts(error=str(exc))
    evidence = file_evidence(text, chat=True)
    return SourceFacts(
        digest(content_of_transcript(text), 16),
        managed_target(text, PARENT_LINE),
        links=_links(text),
        persons=sorted(evidence.persons),
        animals=sorted(evidence.animals),
    )


def _links(text: str) -> list[str]:
    """The targets a note's wikilinks name, other than days (they are the spine's)."""
    targets = {target for target, _ in find_wikilinks(text) if target and not parse_date(target)}
    return sorted(targets)


def _summary_facts(
    path: Path,
    vocabulary: Vocabulary,
    known_days: frozenset[date],
    renderer: Renderer,
    analyzer: Analyzer,
) -> SummaryFacts:
    """Marker state, validity (lint's errors) and the fields related days and the index need.

    The marker is read from the raw text, so a file that does not parse still says whether
    vaultkit wrote it; `empty` and `unparseable` let the plan regenerate what holds nothing of a
    person's. `stale_format` marks a summary exactly as vaultkit wrote it that today's templates
    would render differently: sync renders it again, with no summarizer call.
    """
    try:
        data = read_bytes(path)
    except (VaultkitError, OSError) as exc:
        return SummaryFacts(problem=_short(exc))
    if not data.strip():
        return SummaryFacts(problem="empty file", empty=True)
    marker = read_marker(data.decode("utf-8", "replace"))
    pristine = bool(marker and marker.pristine)
    source = marker.source if marker else None
    try:
        summary = parse_summary(parse_document(data, path))
    except VaultkitError as exc:
        return SummaryFacts(pristine, marker is not None, source, _short(exc), unparseable=True)
    errors = [
        p for p in check_summary_text(path, data, vocabulary, known_days) if p.severity == "error"
    ]
    problem = f"{errors[0].rule}: {errors[0].message}" if errors else None
    stale = pristine and add_marker(renderer.summary(summary), source or "").encode() != data
    return SummaryFacts(
        pristine,
        marker is not None,
        source,
        problem,
        fields_of(summary),
        stale_format=stale,
        features=sorted(features(summary, analyzer)),
    )


def _short(exc: Exception) -> str:
    return getattr(exc, "message", None) or str(exc)
