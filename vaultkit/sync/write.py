"""Writing summary files: where they go, what protects a hand edit, their facts once written, and
the summaries rendered again when the templates changed."""

from __future__ import annotations

from collections.abc import Collection
from datetime import date
from pathlib import Path

from vaultkit.catalog.facts import SummaryFacts
from vaultkit.catalog.store import Catalog
from vaultkit.config import Config
from vaultkit.errors import DirtyFileError, VaultkitError
from vaultkit.files.document import parse_document
from vaultkit.files.layout import Layout
from vaultkit.files.storage import (
    check_safe_target,
    digest,
    read_bytes,
    save_copy,
    write_atomic,
)
from vaultkit.model import Summary
from vaultkit.pages.render import Renderer
from vaultkit.pages.schema import add_marker, fields_of, parse_summary, read_marker
from vaultkit.sync.plan import DayPlan
from vaultkit.sync.related import features
from vaultkit.sync.report import Change, Failure, SyncReport
from vaultkit.sync.survey import Survey
from vaultkit.text.language import Analyzer

REPLACED_DIR = "replaced"  # below `.vaultkit/`: summaries a run overwrote that it had not written


def write_summary(layout: Layout, path: Path, text: str, plan: DayPlan) -> tuple[bool, Path | None]:
    """Write a summary; returns whether a byte changed, and where the file it replaced was kept
    when it was not vaultkit's.

    A file vaultkit did not write as it is (a hand edit) is replaced only when the plan says so
    (`--force`, or an unreadable file without a marker), and then kept first below
    `.vaultkit/replaced/`; one edited while this run was working is never touched.
    """
    check_safe_target(path, layout.vault_dir)  # a folder or a pipe where the file goes
    try:
        data = read_bytes(path)
    except FileNotFoundError:
        return write_atomic(path, text, expected=None, within=layout.vault_dir), None
    kept_at = None
    if data.strip() and not pristine(data):
        if not plan.replaces:
            raise DirtyFileError(
                "edited by hand during this run; kept", path=path, rule="hand-edited"
            )
        kept_at = keep_replaced(layout.state_dir, plan.day, data)
    changed = write_atomic(path, text, expected=digest(data), within=layout.vault_dir)
    return changed, kept_at


def keep_replaced(state_dir: Path, day: date, data: bytes) -> Path:
    """A copy of a summary about to be overwritten, named by its day and content."""
    name = f"{day.isoformat()}.{digest(data, 12)}.summary.md"
    return save_copy(state_dir / REPLACED_DIR, name, data)


def why(layout: Layout, plan: DayPlan) -> str:
    """A dry run's reason, saying when the work would overwrite a hand edit."""
    if not plan.replaces:
        return plan.reason
    folder = layout.rel(layout.state_dir / REPLACED_DIR)
    return f"{plan.reason}; would overwrite a hand edit (a copy would be kept in {folder}/)"


def pristine(data: bytes) -> bool:
    """True when the bytes are a summary exactly as vaultkit wrote it."""
    try:
        marker = read_marker(data.decode("utf-8"))
    except UnicodeDecodeError:
        return False
    return marker is not None and marker.pristine


def fresh_facts(summary: Summary, text: str, feats: Collection[str]) -> SummaryFacts:
    """The facts of a summary this run just wrote (what the survey would find in it), with
    its `features`: the pass holds them already, and their strings are shared, not made
    again for every day a first sync keeps."""
    marker = read_marker(text)
    source = marker.source if marker else None
    return SummaryFacts(True, True, source, None, fields_of(summary), features=sorted(feats))


def past(action: str) -> str:
    return {"create": "created", "refresh": "refreshed", "repair": "repaired"}.get(action, action)


def reformat_summaries(
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
    analyzer = Analyzer(config.languages)
    for plan in plans:
        path = found.layout.summary_path(plan.day)
        try:
            data = read_bytes(path)
            summary = parse_summary(parse_document(data, path))
            marker = read_marker(data.decode("utf-8"))
            text = add_marker(renderer.summary(summary), marker.source if marker else "")
            if not dry_run:
                write_summary(found.layout, path, text, plan)
                facts = fresh_facts(summary, text, features(summary, analyzer))
                catalog.put(path, facts, day=plan.day.isoformat(), kind="summary")
                found.wrote_summary(plan.day, path, facts)
        except (VaultkitError, OSError, UnicodeDecodeError) as exc:
            report.failed.append(Failure(plan.day.isoformat(), str(exc)))
            continue
        report.changes.append(Change(found.layout.rel(path), "reformatted", plan.reason))
