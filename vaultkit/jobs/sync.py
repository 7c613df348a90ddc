"""The daily job: summarize what is missing or stale, relate, render, link, and refresh the index."""

from __future__ import annotations

import time
from collections.abc import Collection
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path

from vaultkit.config import Config
from vaultkit.errors import DirtyFileError, SummarizerUnavailableError, VaultkitError
from vaultkit.files.catalog import Catalog, SummaryFacts
from vaultkit.files.document import parse_document
from vaultkit.files.layout import rel
from vaultkit.files.lock import vault_lock
from vaultkit.files.sources import read_day
from vaultkit.files.storage import (
    batched_dir_sync,
    digest,
    remove_stale_temp_files,
    save_copy,
    write_atomic,
)
from vaultkit.index.refresh import folder_times
from vaultkit.index.store import refresh_index
from vaultkit.jobs.links import keep_linked
from vaultkit.jobs.reconcile import DayPlan, plan_days
from vaultkit.jobs.report import Change, SyncReport
from vaultkit.jobs.survey import Survey, open_catalog, survey
from vaultkit.model import DayFields, Progress, Summary
from vaultkit.summarize import Summarizer, make_summarizer, validate_fields
from vaultkit.summary.related import RelatedFinder, features
from vaultkit.summary.render import Renderer
from vaultkit.summary.schema import add_marker, fields_of, parse_summary, read_marker, summary_of
from vaultkit.vocabulary import Vocabulary

# Days in a row on which the summarizer's endpoint was unusable (refused, timed out, 5xx after
# its retries) before a run stops: the rest would fail the same way, each after its own retries.
MAX_OUTAGE_DAYS = 3
REPLACED_DIR = (
    "replaced"  # below `.vaultkit/`: summaries a run overwrote that vaultkit had not written
)


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
    reformat = [p for p in plans if p.action == "reformat"]
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
            Change(rel(config, _summary_path(config, p.day)), p.action, _why(config, p))
            for p in work
        ]
    _reformat(config, found, reformat, report, catalog, dry_run)
    for folder in found.files.linked_folders:
        why = "a symbolic link to a folder: not read (vaultkit reads linked files, not folders)"
        report.skipped.append((rel(config, folder), why))
    keep_linked(config, found, report, dry_run)
    if not dry_run:
        try:
            refresh_index(
                config,
                files=found.files,
                archive=found.archive,
                folders=folders,
                progress=progress,
            )
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
    """Summarize the planned days one by one, each write atomic; returns the days written.

    When the endpoint is unusable on `MAX_OUTAGE_DAYS` days in a row the run stops: the days
    left are deferred to the next run, which reconciliation finds again.
    """
    renderer = Renderer(config.templates_dir, config.summarizer.heading)
    finder = RelatedFinder(_known_features(found))
    made = []
    outages = 0
    for done, plan in enumerate(work):
        if progress:
            progress("summarizing", done, len(work), plan.day.isoformat())
        if done and pause:
            time.sleep(pause)
        try:
            summary = _summarize_day(config, found, plan.day, summarizer, vocabulary, finder)
            path = _summary_path(config, plan.day)
            text = add_marker(renderer.summary(summary), found.source_of(plan.day) or "")
            kept_at = _write_summary(config, path, text, plan)
        except SummarizerUnavailableError as exc:
            report.failed.append((plan.day.isoformat(), str(exc)))
            outages += 1
            if outages >= MAX_OUTAGE_DAYS:
                report.untried = [p.day for p in work[done + 1 :]]
                report.stopped = (
                    f"the summarizer endpoint failed on {outages} days in a row; stopped, "
                    f"{len(work) - done - 1} days left for the next run"
                )
                break
            continue
        except (VaultkitError, OSError) as exc:  # the LLM's answer, the note, the disk: this day
            report.failed.append((plan.day.isoformat(), str(exc)))
            outages = 0
            continue
        outages = 0
        finder.add(plan.day, features(summary))
        found.summaries[plan.day] = catalog.put(path, _fresh_facts(summary, text))
        found.files.summaries[plan.day] = path
        detail = plan.reason
        if kept_at is not None:
            detail += f"; the replaced file is kept at {rel(config, kept_at)}"
        report.changes.append(Change(rel(config, path), _past(plan.action), detail))
        made.append(plan.day)
    if progress:
        progress("summarizing", len(work), len(work))
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
        if day in made_days or not facts.fields or not facts.pristine:
            continue
        if facts.problem or (scoped is not None and day not in scoped):
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
            text = add_marker(renderer.summary(summary), facts.source or "")
            _write_summary(config, path, text, DayPlan(day, "refresh", "related dates"))
        except (VaultkitError, OSError) as exc:
            report.failed.append((day.isoformat(), str(exc)))
            continue
        found.summaries[day] = catalog.put(path, _fresh_facts(summary, text))
        detail = ", ".join(d.isoformat() for d in related) or "none"
        report.changes.append(Change(rel(config, path), "related", f"related dates: {detail}"))


def _reformat(
    config: Config,
    found: Survey,
    plans: list[DayPlan],
    report: SyncReport,
    catalog: Catalog,
    dry_run: bool,
) -> None:
    """Render again, from their own fields, the summaries vaultkit wrote with older templates
    (no summarizer call: nothing about the day changed)."""
    renderer = Renderer(config.templates_dir, config.summarizer.heading)
    for plan in plans:
        path = _summary_path(config, plan.day)
        try:
            data = path.read_bytes()
            summary = parse_summary(parse_document(data, path))
            marker = read_marker(data.decode("utf-8"))
            text = add_marker(renderer.summary(summary), marker.source if marker else "")
            if not dry_run:
                _write_summary(config, path, text, plan)
                found.summaries[plan.day] = catalog.put(path, _fresh_facts(summary, text))
        except (VaultkitError, OSError, UnicodeDecodeError) as exc:
            report.failed.append((plan.day.isoformat(), str(exc)))
            continue
        report.changes.append(Change(rel(config, path), "reformatted", plan.reason))


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


def _write_summary(config: Config, path: Path, text: str, plan: DayPlan) -> Path | None:
    """Write a summary; returns where the file it replaced was kept, if it was not vaultkit's.

    A file vaultkit did not write as it is (a hand edit) is replaced only when the plan says so
    (`--force`, or an unreadable file without a marker), and then kept first below
    `.vaultkit/replaced/`; one edited while this run was working is never touched.
    """
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        write_atomic(path, text, expected=None, within=config.vault_dir)
        return None
    kept_at = None
    if data.strip() and not _pristine(data):
        if not plan.replaces:
            raise DirtyFileError(
                "edited by hand during this run; kept", path=path, rule="hand-edited"
            )
        kept_at = _keep_replaced(config, plan.day, data)
    write_atomic(path, text, expected=digest(data), within=config.vault_dir)
    return kept_at


def _keep_replaced(config: Config, day: date, data: bytes) -> Path:
    """A copy of a summary about to be overwritten, named by its day and content."""
    name = f"{day.isoformat()}.{digest(data, 12)}.summary.md"
    return save_copy(config.state_dir / REPLACED_DIR, name, data)


def _why(config: Config, plan: DayPlan) -> str:
    """A dry run's reason, saying when the work would overwrite a hand edit."""
    if not plan.replaces:
        return plan.reason
    folder = rel(config, config.state_dir / REPLACED_DIR)
    return f"{plan.reason}; would overwrite a hand edit (a copy would be kept in {folder}/)"


def _pristine(data: bytes) -> bool:
    """True when the bytes are a summary exactly as vaultkit wrote it."""
    try:
        marker = read_marker(data.decode("utf-8"))
    except UnicodeDecodeError:
        return False
    return marker is not None and marker.pristine


def _known_features(found: Survey) -> dict[date, frozenset[str]]:
    return {
        day: features(summary_of(day, facts.fields))
        for day, facts in found.summaries.items()
        if facts.fields is not None
    }


def _fresh_facts(summary: Summary, text: str) -> SummaryFacts:
    marker = read_marker(text)
    source = marker.source if marker else None
    return SummaryFacts(True, True, source, None, fields_of(summary))


def _summary_path(config: Config, day: date) -> Path:
    return config.summaries_dir / f"{day.isoformat()}.summary.md"


def _past(action: str) -> str:
    return {"create": "created", "refresh": "refreshed", "repair": "repaired"}.get(action, action)
