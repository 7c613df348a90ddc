"""What the vault needs: which days lack a summary, have a stale or invalid one, or a hand-edited one.

`survey` reads what changed since the last run (through the catalog) and `plan_days` decides per day,
so `vaultkit reconcile` can show exactly what `vaultkit sync` would do.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

from vaultkit.config import Config
from vaultkit.errors import VaultkitError
from vaultkit.files.catalog import Catalog, Facts
from vaultkit.files.document import parse_document
from vaultkit.files.layout import VaultFiles, scan, scan_archive, transcript_date
from vaultkit.files.links import PARENT_LINE, SPINE_LINE, managed_target
from vaultkit.files.sources import content_of_note, content_of_transcript, read_text, source_digest
from vaultkit.files.storage import digest
from vaultkit.lint import check_summary_text
from vaultkit.summary.render import Renderer
from vaultkit.summary.schema import add_marker, fields_of, parse_summary, read_marker
from vaultkit.vocabulary import Vocabulary

Action = Literal["create", "refresh", "repair", "reformat", "keep", "fail"]


@dataclass(frozen=True)
class DayPlan:
    """What sync does for one day, and why.

    `invalid` marks a kept summary that breaks the rules (a hand edit sync will not touch: the run
    must say so and exit 1); `replaces` marks work that overwrites a file vaultkit did not write
    as it is (a hand edit, under `--force`, or an unreadable file without vaultkit's marker):
    sync keeps a copy of it first.
    """

    day: date
    action: Action
    reason: str
    invalid: bool = False
    replaces: bool = False

    def as_dict(self) -> dict[str, object]:
        return {
            "date": self.day.isoformat(),
            "action": self.action,
            "reason": self.reason,
            "invalid": self.invalid,
        }


@dataclass
class Survey:
    """The vault as sync sees it: files by day, and the cached facts of each."""

    config: Config
    files: VaultFiles
    archive: dict[date, Path] = field(default_factory=dict)
    archived_transcripts: dict[date, list[Path]] = field(default_factory=dict)
    extra: dict[date, Path] = field(default_factory=dict)
    notes: dict[date, Facts] = field(default_factory=dict)
    transcripts: dict[Path, Facts] = field(default_factory=dict)
    summaries: dict[date, Facts] = field(default_factory=dict)

    def note_path(self, day: date) -> Path | None:
        """The daily note of a day: the local one, else the archived one, else one from `extra`."""
        return self.files.daily.get(day) or self.archive.get(day) or self.extra.get(day)

    def transcripts_of(self, day: date) -> list[Path]:
        """A day's transcripts, local and archived; when both hold the same file, the local one."""
        local = self.files.transcripts.get(day, [])
        archived = self.archived_transcripts.get(day, [])
        if not archived:
            return local
        by_place = {p.relative_to(archive_chats_dir(self.config)): p for p in archived}
        by_place.update({p.relative_to(self.config.chats_dir): p for p in local})
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
        if note is None or note.get("error"):
            return None
        parts = []
        for path in self.transcripts_of(day):
            facts = self.transcripts[path]
            if facts.get("error"):
                return None
            parts.append((path.name, facts["digest"]))
        return source_digest(note["digest"], parts)


def survey(
    config: Config,
    catalog: Catalog,
    *,
    with_archive: bool = True,
    extra_source: Path | None = None,
) -> Survey:
    """Scan the vault (and archive) and get each file's facts, reading only changed files.

    `extra_source` is a folder of old daily notes read as raw material (backfill's SRC when it is
    not the archive); its days count as source days but never join the timeline spine.
    """
    files = scan(config)
    archive: dict[date, Path] = {}
    archived_transcripts: dict[date, list[Path]] = {}
    chats = archive_chats_dir(config)
    if with_archive:
        archive = {
            d: p for d, p in scan_archive(config.archive_dir).items() if chats not in p.parents
        }
        archived_transcripts = _scan_transcripts(chats)
    extra = scan_archive(extra_source) if extra_source is not None else {}
    result = Survey(config, files, archive, archived_transcripts, extra)
    present: set[str] = set()
    for day in result.source_days:
        path = result.note_path(day)
        assert path is not None
        present.add(os.fspath(path))
        result.notes[day] = catalog.facts(path, _note_facts)
    for paths in (*files.transcripts.values(), *archived_transcripts.values()):
        for path in paths:
            present.add(os.fspath(path))
            result.transcripts[path] = catalog.facts(path, _transcript_facts)
    vocabulary = Vocabulary(config.vocabulary, config.people)
    known_days = frozenset(result.source_days) | frozenset(files.summaries)
    renderer = Renderer(config.templates_dir, config.summarizer.heading)

    def summary_facts(path: Path) -> Facts:
        return _summary_facts(path, vocabulary, known_days, renderer)

    for day, path in files.summaries.items():
        present.add(os.fspath(path))
        result.summaries[day] = catalog.facts(path, summary_facts)
    catalog.forget_missing(present)
    return result


def archive_chats_dir(config: Config) -> Path:
    """Where archived transcripts live: `<archive>/chats/`, mirroring the local chats folder."""
    return config.archive_dir / "chats"


def _scan_transcripts(chats: Path) -> dict[date, list[Path]]:
    found: dict[date, list[Path]] = {}
    if not chats.is_dir():
        return found
    for dirpath, dirnames, filenames in os.walk(chats):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in filenames:
            if name.endswith(".md") and not name.startswith("."):
                path = Path(dirpath, name)
                day = transcript_date(path, chats)
                if day is not None:
                    found.setdefault(day, []).append(path)
    for paths in found.values():
        paths.sort()
    return found


def plan_days(found: Survey, *, force: bool = False, only: date | None = None) -> list[DayPlan]:
    """Every day that needs work (or is kept because a person edited it), in date order."""
    plans = []
    for day in found.source_days:
        if only is not None and day != only:
            continue
        plan = _plan_day(found, day, force)
        if plan is not None:
            plans.append(plan)
    return plans


def open_catalog(config: Config, *, read_only: bool = False) -> Catalog:
    """The catalog, emptied when the config parts its facts depend on have changed (and the
    templates: whether a summary is rendered as today's templates render it is a fact)."""
    relevant = {
        "vocabulary": config.vocabulary,
        "people": config.people,
        "paths": config.paths,
        "heading": config.summarizer.heading,
        "templates": Renderer(config.templates_dir).fingerprint(),
    }
    fingerprint = digest(json.dumps(relevant, default=_plain, sort_keys=True), 16)
    return Catalog(config.state_dir, read_only=read_only, fingerprint=fingerprint)


def _plain(value: Any) -> Any:
    return value.__dict__ if hasattr(value, "__dict__") else dict(value)


def reconcile_plan(config: Config, *, force: bool = False) -> list[DayPlan]:
    """What `sync` would do per day, without writing anything."""
    catalog = open_catalog(config, read_only=True)
    try:
        return plan_days(survey(config, catalog), force=force)
    finally:
        catalog.close()


def _plan_day(found: Survey, day: date, force: bool) -> DayPlan | None:
    source = found.source_of(day)
    if source is None:
        error = found.notes[day].get("error") or _transcript_error(found, day)
        return DayPlan(day, "fail", error)
    summary = found.summaries.get(day)
    if summary is None:
        return DayPlan(day, "create", "no summary")
    hand_edited = not summary["pristine"]
    problem = summary.get("problem") or _dangling_related(found, summary)
    if problem:
        if summary.get("empty"):
            return DayPlan(day, "repair", "the summary file is empty")
        if summary.get("unparseable") and not summary.get("marked"):
            # Neither vaultkit's (no marker) nor readable: regenerated, the old bytes kept.
            return DayPlan(
                day, "repair", f"unreadable, no vaultkit marker: {problem}", replaces=True
            )
        if hand_edited and not force:
            return DayPlan(day, "keep", f"invalid but edited by hand: {problem}", invalid=True)
        return DayPlan(day, "repair", f"invalid: {problem}", replaces=hand_edited)
    if summary["source"] != source:
        if hand_edited and not force:
            return DayPlan(day, "keep", "daily note changed, summary edited by hand")
        return DayPlan(
            day, "refresh", "daily note changed since the summary was made", replaces=hand_edited
        )
    if force and hand_edited:
        return DayPlan(day, "refresh", "edited by hand; --force", replaces=True)
    if not hand_edited and summary.get("stale_format"):
        return DayPlan(day, "reformat", "written by an older template; rendered again")
    return None


def _transcript_error(found: Survey, day: date) -> str:
    """The first unreadable transcript of a day, as its error says."""
    for path in found.transcripts_of(day):
        error = found.transcripts[path].get("error")
        if error:
            return str(error)
    return "a transcript is unreadable"


def _dangling_related(found: Survey, summary: Facts) -> str | None:
    """A related date whose day has gone since the summary's facts were cached."""
    fields = summary.get("fields") or {}
    gone = [d for d in fields.get("related_dates", []) if d not in found.known_days]
    return f"related date {gone[0]} no longer exists" if gone else None


def _note_facts(path: Path) -> Facts:
    try:
        text = read_text(path)
    except (VaultkitError, OSError) as exc:
        return {"error": str(exc)}
    return {"digest": digest(content_of_note(text), 16), "spine": managed_target(text, SPINE_LINE)}


def _transcript_facts(path: Path) -> Facts:
    try:
        text = read_text(path)
    except (VaultkitError, OSError) as exc:
        return {"error": str(exc)}
    content = content_of_transcript(text)
    return {"digest": digest(content, 16), "parent": managed_target(text, PARENT_LINE)}


def _summary_facts(
    path: Path, vocabulary: Vocabulary, known_days: frozenset[date], renderer: Renderer
) -> Facts:
    """Marker state, validity (lint's errors) and the fields related days and the index need.

    The marker is read from the raw text, so a file that does not parse still says whether
    vaultkit wrote it; `empty` and `unparseable` let the plan regenerate what holds nothing of a
    person's (see `_plan_day`). `stale_format` marks a summary exactly as vaultkit wrote it that
    today's templates would render differently: sync renders it again, with no summarizer call.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        return {"pristine": False, "source": None, "problem": _short(exc), "fields": None}
    if not data.strip():
        return {"pristine": False, "source": None, "problem": "empty file", "fields": None,
                "empty": True}  # fmt: skip
    marker = read_marker(data.decode("utf-8", "replace"))
    facts: Facts = {
        "pristine": bool(marker and marker.pristine),
        "marked": marker is not None,
        "source": marker.source if marker else None,
    }
    try:
        summary = parse_summary(parse_document(data, path))
    except VaultkitError as exc:
        return {**facts, "problem": _short(exc), "fields": None, "unparseable": True}
    errors = [
        p for p in check_summary_text(path, data, vocabulary, known_days) if p.severity == "error"
    ]
    problem = f"{errors[0].rule}: {errors[0].message}" if errors else None
    stale = bool(marker and marker.pristine) and (
        add_marker(renderer.summary(summary), marker.source if marker else "").encode("utf-8")
        != data
    )
    return {**facts, "problem": problem, "fields": fields_of(summary), "stale_format": stale}


def _short(exc: Exception) -> str:
    return getattr(exc, "message", None) or str(exc)
