"""The daily job: summarize what is missing or stale, relate, render, link, and refresh the index."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path

from vaultkit.config import Config
from vaultkit.dates import parse_date
from vaultkit.errors import DirtyFileError, SummarizerUnavailableError, VaultkitError
from vaultkit.files.catalog import Catalog
from vaultkit.files.document import parse_document
from vaultkit.files.links import PARENT_LINE, SPINE_LINE, parent_line, set_managed_line, spine_line
from vaultkit.files.lock import vault_lock
from vaultkit.files.sources import read_day, read_text
from vaultkit.files.storage import (
    batched_dir_sync,
    digest,
    is_inside,
    remove_stale_temp_files,
    save_copy,
    write_atomic,
)
from vaultkit.index.store import folder_times, refresh_index
from vaultkit.jobs.reconcile import DayPlan, Survey, open_catalog, plan_days, survey
from vaultkit.model import DayFields, Progress, Summary
from vaultkit.summarize import Summarizer, make_summarizer, validate_fields
from vaultkit.summary import entities
from vaultkit.summary.memory_index import IndexEntry, index_context
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
class Change:
    """One file sync wrote (or, in a dry run, would write)."""

    path: str
    action: str
    detail: str = ""

    def as_dict(self) -> dict[str, str]:
        return {"path": self.path, "action": self.action, "detail": self.detail}


@dataclass
class SyncReport:
    """What a sync did: files changed, days kept because a person edited them, days that failed,
    files left alone (`skipped`: symbolic links), and why the run stopped early, if it did."""

    changes: list[Change] = field(default_factory=list)
    kept: list[DayPlan] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)
    summarized: list[date] = field(default_factory=list)
    deferred: list[date] = field(default_factory=list)  # over the run's limit
    untried: list[date] = field(default_factory=list)  # left when the run stopped early
    skipped: list[tuple[str, str]] = field(default_factory=list)
    stopped: str | None = None
    dry_run: bool = False

    @property
    def invalid_kept(self) -> list[DayPlan]:
        """Kept hand edits that break the rules: the vault is not valid, a cron job must notice."""
        return [p for p in self.kept if p.invalid]

    @property
    def ok(self) -> bool:
        """False when a day failed, an invalid summary was kept, or the run stopped early."""
        return not (self.failed or self.invalid_kept or self.stopped)

    @property
    def idle(self) -> bool:
        """True when there was nothing to do at all."""
        return not (self.changes or self.kept or self.failed or self.skipped or self.stopped)

    def as_dict(self) -> dict[str, object]:
        """The `vaultkit sync --json` object."""
        return {
            "dry_run": self.dry_run,
            "ok": self.ok,
            "changes": [c.as_dict() for c in self.changes],
            "kept": [p.as_dict() for p in self.kept],
            "failed": [{"what": w, "error": e} for w, e in self.failed],
            "skipped": [{"path": p, "reason": r} for p, r in self.skipped],
            "deferred": [d.isoformat() for d in self.deferred],
            "untried": [d.isoformat() for d in self.untried],
            "stopped": self.stopped,
        }


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
            Change(_rel(config, _summary_path(config, p.day)), p.action, _why(config, p))
            for p in work
        ]
    _reformat(config, found, reformat, report, catalog, dry_run)
    for folder in found.files.linked_folders:
        why = "a symbolic link to a folder: not read (vaultkit reads linked files, not folders)"
        report.skipped.append((_rel(config, folder), why))
    _link_notes(config, found, report, dry_run)
    try:
        _write_memory_index(config, found, report, dry_run)
    except (VaultkitError, OSError) as exc:
        report.failed.append((_rel(config, config.index_file), str(exc)))
    _write_entity_notes(config, found, report, dry_run)
    _write_obsidian_settings(config, report, dry_run)
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
            detail += f"; the replaced file is kept at {_rel(config, kept_at)}"
        report.changes.append(Change(_rel(config, path), _past(plan.action), detail))
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
            _write_summary(config, path, text, DayPlan(day, "refresh", "related dates"))
        except (VaultkitError, OSError) as exc:
            report.failed.append((day.isoformat(), str(exc)))
            continue
        found.summaries[day] = catalog.put(path, _fresh_facts(summary, text))
        detail = ", ".join(d.isoformat() for d in related) or "none"
        report.changes.append(Change(_rel(config, path), "related", f"related dates: {detail}"))


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
        report.changes.append(Change(_rel(config, path), "reformatted", plan.reason))


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
    folder = _rel(config, config.state_dir / REPLACED_DIR)
    return f"{plan.reason}; would overwrite a hand edit (a copy would be kept in {folder}/)"


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
        if updated == text:
            return
        if not is_inside(path, config.vault_dir):
            why = "a symbolic link, or in a folder outside the vault: read, never rewritten"
            report.skipped.append((_rel(config, path), f"{why} ({detail} not written)"))
            return
        if not dry_run:
            write_atomic(path, updated, expected=digest(data), within=config.vault_dir)
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
            write_atomic(path, text, within=config.vault_dir)
        report.changes.append(Change(_rel(config, path), "indexed", f"{len(entries)} days"))


def _write_entity_notes(config: Config, found: Survey, report: SyncReport, dry_run: bool) -> None:
    """A note per person and project the summaries name, its generated part up to date."""
    fields = {day: f["fields"] for day, f in found.summaries.items() if f.get("fields")}
    for entity in entities.collect(config, fields):
        path = entities.note_path(config, entity)
        try:
            try:
                current: str | None = read_text(path)
            except FileNotFoundError:
                current = None
            text = entities.render(entity, current)
            if text == current:
                continue
            if not is_inside(path, config.vault_dir):
                report.skipped.append(
                    (_rel(config, path), "a symbolic link, or outside the vault: never rewritten")
                )
                continue
            if not dry_run:
                expected = None if current is None else digest(path.read_bytes())
                write_atomic(path, text, expected=expected, within=config.vault_dir)
            action = "created" if current is None else "updated"
            report.changes.append(Change(_rel(config, path), action, entities.describe(entity)))
        except (VaultkitError, OSError) as exc:
            report.failed.append((_rel(config, path), str(exc)))


def _write_obsidian_settings(config: Config, report: SyncReport, dry_run: bool) -> None:
    """Obsidian's property types and graph colour groups, where the vault has none yet."""
    from vaultkit.jobs.init import obsidian_settings

    for path, text in obsidian_settings(config).items():
        if path.exists() or path.is_symlink():
            continue  # the user's (or Obsidian's own): never overwritten
        try:
            if not dry_run:
                write_atomic(path, text, expected=None, within=config.vault_dir)
            report.changes.append(Change(_rel(config, path), "created", "Obsidian settings"))
        except (VaultkitError, OSError) as exc:
            report.failed.append((_rel(config, path), str(exc)))


def _known_features(found: Survey) -> dict[date, frozenset[str]]:
    return {
        day: features(summary_of(day, facts["fields"]))
        for day, facts in found.summaries.items()
        if facts.get("fields")
    }


def _fresh_facts(summary: Summary, text: str) -> dict[str, object]:
    marker = read_marker(text)
    source = marker.source if marker else None
    return {
        "pristine": True,
        "marked": True,
        "source": source,
        "problem": None,
        "fields": fields_of(summary),
    }


def _summary_path(config: Config, day: date) -> Path:
    return config.summaries_dir / f"{day.isoformat()}.summary.md"


def _past(action: str) -> str:
    return {"create": "created", "refresh": "refreshed", "repair": "repaired"}.get(action, action)


def _rel(config: Config, path: Path) -> str:
    return os.path.relpath(path, config.vault_dir).replace(os.sep, "/")
