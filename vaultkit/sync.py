"""The daily job: summarize what is missing or stale, relate, render, link, and refresh the index."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path

from vaultkit.catalog import Catalog
from vaultkit.config import Config
from vaultkit.document import parse_document
from vaultkit.errors import DirtyFileError, VaultkitError
from vaultkit.index import folder_times, refresh_index
from vaultkit.links import PARENT_LINE, SPINE_LINE, parent_line, set_managed_line, spine_line
from vaultkit.lock import vault_lock
from vaultkit.memindex import IndexEntry, index_context
from vaultkit.model import DayFields, Summary
from vaultkit.reconcile import DayPlan, Survey, open_catalog, plan_days, survey
from vaultkit.related import RelatedFinder, features
from vaultkit.render import Renderer
from vaultkit.sources import read_day, read_text
from vaultkit.storage import batched_dir_sync, digest, remove_stale_temp_files, write_atomic
from vaultkit.summarize import Summarizer, make_summarizer, validate_fields
from vaultkit.summary import add_marker, fields_of, parse_summary, read_marker, summary_of
from vaultkit.vault import parse_date
from vaultkit.vocabulary import Vocabulary

Progress = Callable[[int, int, str], None]


@dataclass(frozen=True)
class Change:
    """One file sync wrote (or, in a dry run, would write)."""

    path: str
    action: str
    detail: str = ""


@dataclass
class SyncReport:
    """What a sync did: files changed, days kept because a person edited them, days that failed."""

    changes: list[Change] = field(default_factory=list)
    kept: list[DayPlan] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)
    summarized: list[date] = field(default_factory=list)
    deferred: list[date] = field(default_factory=list)
    dry_run: bool = False

    @property
    def ok(self) -> bool:
        return not self.failed


@dataclass(frozen=True)
class Scope:
    """Which days a run summarizes; the default (every day, no limit) is the daily sync.

    Backfill narrows it: `days` are the days found in its source folder, `limit` caps the work of
    one run (the rest is `deferred`), `source` is a folder of old daily notes read as raw material
    when it is not the archive, `pause` overrides the config's pause between summarizer calls, and
    `relate` refreshes related dates once all days are summarized (see `_relate_again`).
    """

    days: Collection[date] | None = None
    limit: int | None = None
    source: Path | None = None
    pause: float | None = None
    relate: bool = False


def sync(
    config: Config,
    *,
    only: date | None = None,
    dry_run: bool = False,
    force: bool = False,
    summarizer: Summarizer | None = None,
    progress: Progress | None = None,
    scope: Scope | None = None,
) -> SyncReport:
    """Run the whole pass under the vault lock; one failing day never stops the others."""
    vocabulary = Vocabulary(config.vocabulary, config.people)
    scope = scope or Scope()
    if only is not None:
        scope = replace(scope, days=[d for d in scope.days or [only] if d == only])
    if dry_run:
        catalog = open_catalog(config, read_only=True)
        return _sync(config, catalog, vocabulary, scope, True, force, summarizer, progress)
    with vault_lock(config.state_dir), batched_dir_sync():
        remove_stale_temp_files(config.memory_dir)
        catalog = open_catalog(config)
        try:
            return _sync(config, catalog, vocabulary, scope, False, force, summarizer, progress)
        finally:
            catalog.save()
            catalog.close()


def _sync(
    config: Config,
    catalog: Catalog,
    vocabulary: Vocabulary,
    scope: Scope,
    dry_run: bool,
    force: bool,
    summarizer: Summarizer | None,
    progress: Progress | None,
) -> SyncReport:
    report = SyncReport(dry_run=dry_run)
    folders = folder_times(config)  # before the scan, for the index's quick checks
    found = survey(config, catalog, extra_source=scope.source)
    plans = plan_days(found, force=force)
    if scope.days is not None:
        wanted = set(scope.days)
        plans = [p for p in plans if p.day in wanted]
    work = [p for p in plans if p.action in ("create", "refresh", "repair")]
    if scope.limit is not None:
        work, report.deferred = work[: scope.limit], [p.day for p in work[scope.limit :]]
    report.kept = [p for p in plans if p.action == "keep"]
    report.failed = [(p.day.isoformat(), p.reason) for p in plans if p.action == "fail"]
    if work and not dry_run:
        summarizer = summarizer or make_summarizer(config, vocabulary)
        pause = config.pause_seconds if scope.pause is None else scope.pause
        report.summarized = _summarize_days(
            config, found, work, summarizer, vocabulary, report, catalog, progress, force, pause
        )
        if scope.relate and report.summarized:
            _relate_again(config, found, report.summarized, scope, report, catalog)
    elif dry_run:
        report.summarized = [p.day for p in work]
        report.changes += [
            Change(_rel(config, _summary_path(config, p.day)), p.action, p.reason) for p in work
        ]
    _link_notes(config, found, report, dry_run)
    _write_memory_index(config, found, report, dry_run)
    if not dry_run:
        try:
            refresh_index(config, files=found.files, archive=found.archive, folders=folders)
        except VaultkitError as exc:  # a derived cache: report it, keep what sync wrote
            report.failed.append(("search index", str(exc)))
    return report


def _summarize_days(
    config: Config,
    found: Survey,
    work: list[DayPlan],
    summarizer: Summarizer,
    vocabulary: Vocabulary,
    report: SyncReport,
    catalog: Catalog,
    progress: Progress | None,
    force: bool,
    pause: float,
) -> list[date]:
    """Summarize the planned days one by one, each write atomic; returns the days written."""
    renderer = Renderer(config.templates_dir, config.summarizer.heading)
    finder = RelatedFinder(_known_features(found))
    made = []
    for done, plan in enumerate(work):
        if progress:
            progress(done, len(work), plan.day.isoformat())
        if done and pause:
            time.sleep(pause)
        try:
            summary = _summarize_day(config, found, plan.day, summarizer, vocabulary, finder)
            path = _summary_path(config, plan.day)
            text = add_marker(renderer.summary(summary), found.source_of(plan.day) or "")
            _write_summary(path, text, force=force)
        except (VaultkitError, OSError) as exc:  # the LLM, the note, the disk: this day only
            report.failed.append((plan.day.isoformat(), str(exc)))
            continue
        finder.add(plan.day, features(summary))
        found.summaries[plan.day] = catalog.put(path, _fresh_facts(summary, text))
        found.files.summaries[plan.day] = path
        report.changes.append(Change(_rel(config, path), _past(plan.action), plan.reason))
        made.append(plan.day)
    if progress:
        progress(len(work), len(work), "")
    return made


def _relate_again(
    config: Config,
    found: Survey,
    made: list[date],
    scope: Scope,
    report: SyncReport,
    catalog: Catalog,
) -> None:
    """Relate the days this run made against all days, once every day is summarized.

    Days are made in date order, so a day made in this run was already related to every earlier
    day and is left alone. A later machine-made day of the scope (made in an earlier run, before
    this run filled older days) is rewritten only when a made day now ranks among its related
    dates. Hand edits are never touched.
    """
    finder = RelatedFinder(_known_features(found))
    renderer = Renderer(config.templates_dir, config.summarizer.heading)
    made_days, first = set(made), min(made)
    scoped = set(scope.days) if scope.days is not None else None
    limit, floor = config.scoring.related_dates, config.scoring.min_related_overlap
    for day in sorted(d for d in found.summaries if d >= first):
        facts = found.summaries[day]
        if day in made_days or not facts.get("fields") or not facts.get("pristine"):
            continue
        if facts.get("problem") or (scoped is not None and day not in scoped):
            continue
        path = _summary_path(config, day)
        try:
            current = parse_summary(parse_document(path.read_bytes(), path))
            related = tuple(sorted(finder.related(day, features(current), limit, floor)))
            if related == current.related_dates:
                continue
            if not made_days & set(related):
                continue
            summary = replace(current, related_dates=related)
            text = add_marker(renderer.summary(summary), facts.get("source") or "")
            _write_summary(path, text, force=False)
        except (VaultkitError, OSError) as exc:
            report.failed.append((day.isoformat(), str(exc)))
            continue
        found.summaries[day] = catalog.put(path, _fresh_facts(summary, text))
        detail = ", ".join(d.isoformat() for d in related) or "none"
        report.changes.append(Change(_rel(config, path), "related", f"related dates: {detail}"))


def _summarize_day(
    config: Config,
    found: Survey,
    day: date,
    summarizer: Summarizer,
    vocabulary: Vocabulary,
    finder: RelatedFinder,
) -> Summary:
    note = found.note_path(day)
    assert note is not None
    fields: DayFields = validate_fields(
        summarizer.summarize(read_day(day, note, found.transcripts_of(day))), day
    )
    draft = vocabulary.summary(day, fields)
    scoring = config.scoring
    related = finder.related(
        day, features(draft), scoring.related_dates, scoring.min_related_overlap
    )
    return replace(draft, related_dates=tuple(sorted(related)))


def _write_summary(path: Path, text: str, *, force: bool) -> None:
    """Write a summary unless a person edited it since it was planned (then DirtyFileError)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        write_atomic(path, text, expected=None)
        return
    if not force and not _pristine(data):
        raise DirtyFileError("edited by hand during this run; kept", path=path, rule="hand-edited")
    write_atomic(path, text, expected=digest(data))


def _pristine(data: bytes) -> bool:
    """True when the bytes are a summary exactly as vaultkit wrote it."""
    try:
        marker = read_marker(data.decode("utf-8"))
    except UnicodeDecodeError:
        return False
    return marker is not None and marker.pristine


def _link_notes(config: Config, found: Survey, report: SyncReport, dry_run: bool) -> None:
    """Thread the spine through local daily notes and give each transcript its parent link.

    The spine runs through local and archived notes (never through a backfill's other source
    folder). When the archive folder is absent (a NAS not mounted), a spine pointing to a summarized
    day with no local note is kept: that day is taken to be archived, so an offline NAS changes no byte.
    """
    previous: date | None = None
    offline = not config.archive_dir.is_dir()
    for day in sorted(set(found.files.daily) | set(found.archive)):
        local = found.files.daily.get(day)
        facts = found.notes.get(day, {})
        if offline and local is not None:
            previous = _archived_previous(found, day, facts.get("spine"), previous)
        expected = previous.isoformat() if previous else None
        if local is not None and not facts.get("error") and facts.get("spine") != expected:
            line = spine_line(previous) if previous else None
            _relink(
                config, local, SPINE_LINE, line, "linked", f"spine -> {expected}", report, dry_run
            )
        previous = day
    for day, paths in found.files.transcripts.items():
        for path in paths:
            facts = found.transcripts.get(path, {})
            if not facts.get("error") and facts.get("parent") != day.isoformat():
                line = parent_line(day)
                _relink(
                    config, path, PARENT_LINE, line, "linked", f"parent -> {day}", report, dry_run
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
    config: Config,
    path: Path,
    pattern: re.Pattern[str],
    line: str | None,
    action: str,
    detail: str,
    report: SyncReport,
    dry_run: bool,
) -> None:
    try:
        data = path.read_bytes()
        text = read_text(path)
        updated = set_managed_line(text, pattern, line)
        if updated != text:
            if not dry_run:
                write_atomic(path, updated, expected=digest(data))
            report.changes.append(Change(_rel(config, path), action, detail))
    except (VaultkitError, OSError) as exc:
        report.failed.append((_rel(config, path), str(exc)))


def _write_memory_index(config: Config, found: Survey, report: SyncReport, dry_run: bool) -> None:
    entries = []
    for day, facts in found.summaries.items():
        fields = facts.get("fields")
        if fields:
            topics = (*fields["projects"], *fields["tags"], *fields["people"])
            entries.append(IndexEntry(day, fields["importance"], tuple(topics)))
    renderer = Renderer(config.templates_dir, config.summarizer.heading)
    text = renderer.memory_index(index_context(entries))
    path = config.index_file
    try:
        current = read_text(path)
    except FileNotFoundError:
        current = None
    if current != text:
        if not dry_run:
            write_atomic(path, text)
        report.changes.append(Change(_rel(config, path), "indexed", f"{len(entries)} days"))


def _known_features(found: Survey) -> dict[date, frozenset[str]]:
    return {
        day: features(summary_of(day, facts["fields"]))
        for day, facts in found.summaries.items()
        if facts.get("fields")
    }


def _fresh_facts(summary: Summary, text: str) -> dict[str, object]:
    marker = read_marker(text)
    source = marker.source if marker else None
    return {"pristine": True, "source": source, "problem": None, "fields": fields_of(summary)}


def _summary_path(config: Config, day: date) -> Path:
    return config.summaries_dir / f"{day.isoformat()}.summary.md"


def _past(action: str) -> str:
    return {"create": "created", "refresh": "refreshed", "repair": "repaired"}.get(action, action)


def _rel(config: Config, path: Path) -> str:
    return os.path.relpath(path, config.vault_dir).replace(os.sep, "/")
