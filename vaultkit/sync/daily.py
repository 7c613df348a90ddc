"""The daily job: summarize what is missing or stale, relate, render, link, and refresh the index."""

from __future__ import annotations

import os
import secrets
from collections.abc import Collection
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path

from vaultkit.catalog.opener import open_catalog
from vaultkit.catalog.store import Catalog
from vaultkit.config import Config
from vaultkit.errors import IndexOwnerError, VaultkitError, WriteError
from vaultkit.files.layout import Layout, not_read
from vaultkit.files.lock import vault_lock
from vaultkit.files.storage import (
    batched_dir_sync,
    remove_stale_temp_files,
)
from vaultkit.index.embeddings import EMBEDDED_AGAIN
from vaultkit.index.refresh import Changed, looked_folder_times
from vaultkit.index.shared import check_writer
from vaultkit.index.store import refresh_index
from vaultkit.model import Progress
from vaultkit.state import vault_writable
from vaultkit.summarize import Summarizer, make_summarizer
from vaultkit.sync.daily_look import daily_look
from vaultkit.sync.full_look import FullLook, full_look
from vaultkit.sync.linking import keep_linked
from vaultkit.sync.ordered_pass import OrderedPass
from vaultkit.sync.plan import plan_days, unusable_notes
from vaultkit.sync.report import Change, Failure, Notice, Skip, SyncReport, said_of
from vaultkit.sync.settings import (
    encode,
    note_run,
    rechecked_days,
    reshaped_days,
    summary_settings,
)
from vaultkit.sync.survey import Survey
from vaultkit.sync.write import reformat_summaries, why
from vaultkit.text.vocabulary import Vocabulary


@dataclass(frozen=True)
class Scope:
    """Which days a run summarizes; the default (every day, no limit) is the daily sync.

    Backfill narrows it: `days` are the days found in its source folder, `limit` caps the work of
    one run (the rest is `deferred`), `source` is a folder of old daily notes read as raw material
    when it is not the archive, and `pause` overrides the config's pause between summarizer
    calls. `resummarize` summarizes again the days whose summaries vaultkit wrote, their notes
    unchanged (after an upgrade of the summarizer; hand edits stay unless forced). Related dates
    are kept current by every run (see `sync.ordered_pass`).
    """

    days: Collection[date] | None = None
    resummarize: bool = False
    limit: int | None = None
    source: Path | None = None
    pause: float | None = None


@dataclass(frozen=True)
class Run:
    """How a run goes: whether it writes (`dry_run`), whether it replaces hand edits (`force`),
    how it looks at the vault (`quick`: trust the folders' kept listings; False: list every
    folder; None: a dry run's look, which keeps nothing), and what it summarizes with and tells
    progress to."""

    dry_run: bool = False
    force: bool = False
    quick: bool | None = None
    summarizer: Summarizer | None = None
    progress: Progress | None = None


def sync(
    config: Config,
    *,
    only: date | None = None,
    dry_run: bool = False,
    force: bool = False,
    summarizer: Summarizer | None = None,
    progress: Progress | None = None,
    scope: Scope | None = None,
    take_over: bool = False,
    rescan: bool = False,
) -> SyncReport:
    """Run the whole pass under the vault lock; one failing day never stops the others.

    The run looks at what changed since the last one: the folders whose mtime moved, the files
    they gained, lost or had replaced, and the newest days' files (`full_look`); `rescan` lists
    every folder and stats every file (an older note edited in place is seen then).

    A shared index that another copy of the vault writes stops the run before any work, unless
    `take_over` makes this copy its writer (see `vaultkit.index.shared`)."""
    vocabulary = Vocabulary(config.vocabulary, config.people)
    scope = scope or Scope()
    if only is not None:
        scope = replace(scope, days=[d for d in scope.days or [only] if d == only])
    if dry_run:
        catalog = open_catalog(config, read_only=True)
        try:
            run = Run(True, force, None, summarizer, progress)
            return _sync(config, catalog, vocabulary, scope, run)
        finally:
            catalog.close()
    if not vault_writable(config.vault_dir):
        raise WriteError(
            "the vault is read-only (a read-only mount, or a folder this user may not write): "
            "sync writes summaries and links into it; nothing was done (search and recall work)",
            path=config.vault_dir,
            rule="read-only-vault",
        )
    with vault_lock(config.state_dir), batched_dir_sync():
        check_writer(config.index, config.vault_dir, take_over=take_over)
        catalog = open_catalog(config)
        try:
            run = Run(False, force, not rescan, summarizer, progress)
            report = _sync(config, catalog, vocabulary, scope, run)
        finally:
            unsaved = _save(catalog)  # also when the run dies: what was learnt is kept
        if unsaved:
            report.failed.append(Failure("cache", unsaved))
        return report


def _save(catalog: Catalog) -> str | None:
    """Save and close the catalog; what went wrong, if it could not be saved (a cache: the
    next run computes its facts again)."""
    try:
        catalog.save()
    except VaultkitError as exc:
        return str(exc)
    finally:
        catalog.close()
    return None


def _sync(
    config: Config, catalog: Catalog, vocabulary: Vocabulary, scope: Scope, run: Run
) -> SyncReport:
    dry_run, quick, progress = run.dry_run, run.quick, run.progress
    report = SyncReport(dry_run=dry_run)
    layout = Layout(config)
    found: Survey | None = None
    if quick and scope.source is None:
        found = daily_look(config, catalog, layout)
    if found is None:
        found = full_look(config, catalog, extra_source=scope.source, layout=layout, quick=quick)
    catalog.marks.set_daily_ready(scope.source is None)
    if found.listings is not None:
        remove_stale_temp_files(found.listings.temp_files())
    vault = found.vault_names(vocabulary)
    reshaped = reshaped_days(config, catalog, found, vault)
    rechecked = rechecked_days(config, catalog, found, vault)
    plans = plan_days(
        found,
        force=run.force,
        resummarize=scope.resummarize,
        reshaped=reshaped,
        rechecked=rechecked,
    )
    if scope.days is not None:
        wanted = set(scope.days)
        plans = [p for p in plans if p.day in wanted]
    work = [p for p in plans if p.action in ("create", "refresh", "repair")]
    reformat = [p for p in plans if p.action == "reformat"]
    if scope.limit is not None:
        work, report.deferred = work[: scope.limit], [p.day for p in work[scope.limit :]]
    report.kept = [p for p in plans if p.action == "keep"]
    report.unusable = unusable_notes(found)
    report.failed = [Failure(p.day.isoformat(), p.reason) for p in plans if p.action == "fail"]
    if dry_run:
        report.summarized = [p.day for p in work]
        report.changes += [
            Change(layout.rel(layout.summary_path(p.day)), p.action, why(layout, p)) for p in work
        ]
    reformat_summaries(config, found, reformat, report, catalog, dry_run)
    if not dry_run:
        if work:  # should it stop midway, its days were summarized with these
            note_run(config, catalog, vault)
        pause = config.pause_seconds if scope.pause is None else scope.pause
        ordered = OrderedPass(config, found, catalog, vocabulary, report, progress, pause)
        report.summarized = ordered.run(
            work, lambda: run.summarizer or make_summarizer(config, vocabulary, vault)
        )
    for folder in found.files.linked_folders:
        reason = "a symbolic link to a folder: not read (vaultkit reads linked files, not folders)"
        report.skipped.append(Skip(layout.rel(folder), reason))
    report.skipped += [Skip(*said) for said in not_read(layout, found.files.irregular)]
    left = keep_linked(config, found, report, dry_run)
    if not dry_run:
        _settle(catalog, found, report, scope, left)
        _listed_writes(catalog, found, report)
        try:
            _refresh(config, catalog, found, report, progress)
        except IndexOwnerError:  # another copy took the index over meanwhile: not ours to fill
            raise
        except VaultkitError as exc:  # a derived cache: report it, keep what sync wrote
            report.failed.append(Failure("search index", str(exc)))
            return report
        if config.search.backend == "anythingllm":
            _push(config, report, progress)
        whole = scope.days is None and not report.deferred and not report.untried
        if whole and not report.failed and not report.stopped:
            catalog.settings.completed(
                encode(summary_settings(config, vault))
            )  # their days applied
    return report


def _refresh(
    config: Config,
    catalog: Catalog,
    found: Survey,
    report: SyncReport,
    progress: Progress | None,
) -> None:
    """The search index brought up to date with what this run found and wrote: only those files
    are stat'ed when the index is as the last run left it, every file otherwise."""
    layout = found.layout
    notes_too = config.search.index != "summaries"
    listings = found.listings
    assert listings is not None  # a run that writes keeps the listings
    whole = isinstance(found, FullLook)
    folders = looked_folder_times(layout, notes_too, listings, whole=whole)
    written = {
        os.path.normpath(os.path.join(layout.vault, change.path)) for change in report.changes
    }
    changed = Changed(
        frozenset(catalog.changed() | written), catalog.marks.indexed(), secrets.token_hex(8)
    )
    catalog.marks.set_indexed(None)  # until the index holds this run's mark
    done = refresh_index(
        config,
        files=found.files if isinstance(found, FullLook) else None,
        archive=found.archive if isinstance(found, FullLook) else None,
        folders=folders,
        progress=progress,
        changed=changed,
    )
    report.indexed, report.embedded = len(done.indexed) + len(done.removed), done.embedded
    # The refresh's other warnings (a file skipped) are the survey's too, and said once already.
    report.warnings += [Notice("search index", w) for w in done.warnings if EMBEDDED_AGAIN in w]
    catalog.marks.set_indexed(changed.mark)


def _settle(
    catalog: Catalog, found: Survey, report: SyncReport, scope: Scope, entities: set[str]
) -> None:
    """What the next run must look at again: of the days this run planned, those it has
    something to say of (a failure, a hand edit kept, a note it could not use or link), and
    the entities whose notes it could not write; the rest is done with."""
    days = catalog.pending.days()
    looked = days if scope.days is None else days & {d.isoformat() for d in scope.days}
    left = {d.isoformat() for d in said_of(found.layout, report)}
    catalog.settle(looked | (catalog.pending.entries() - days), left | entities)


def _listed_writes(catalog: Catalog, found: Survey, report: SyncReport) -> None:
    """The files this run wrote or removed, in their folders' kept listings."""
    listings = found.listings
    assert listings is not None  # a run that writes keeps the listings
    vault = found.layout.vault
    paths = [os.path.normpath(os.path.join(vault, change.path)) for change in report.changes]
    listings.record_writes(paths, catalog.folders.of)


def _push(config: Config, report: SyncReport, progress: Progress | None) -> None:
    """The AnythingLLM workspace brought up to date; its failures are the run's, retried next."""
    from vaultkit.anythingllm.push import push_days

    try:
        pushed = push_days(config, progress=progress)
    except VaultkitError as exc:
        report.failed.append(Failure("AnythingLLM", str(exc)))
        return
    report.pushed = [*pushed.pushed, *pushed.removed]
    report.failed += [Failure(*said) for said in pushed.failed]
    report.stopped = report.stopped or pushed.stopped
