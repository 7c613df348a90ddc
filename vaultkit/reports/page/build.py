"""`vaultkit report`: the memory as one self-contained HTML page.

The page holds a calendar heatmap of the days (one cell per day, coloured by importance, titled
with its first bullet), mood over time, the people and projects of each period, the biggest days
of each month, the related days of the biggest days as a graph, and the vocabulary's drift (the
terms outside it, by the day they first appeared). Every day links to its summary in Obsidian
and to its file. The page needs no network: its stylesheet, drawings and script are inline.

The same vault and options give the same bytes: nothing in the page depends on the clock. The
page is written outside the vault (by default `report.html` next to `memory_config.json`): it
is a view of the notes, not one of them.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from vaultkit import __version__
from vaultkit.catalog.opener import open_catalog
from vaultkit.config import Config
from vaultkit.errors import UsageError
from vaultkit.files.layout import Layout
from vaultkit.files.storage import check_safe_target, digest, file_digest, write_bytes_atomic
from vaultkit.reports.page.charts import (
    TimeAxis,
    biggest_by_month,
    calendar_years,
    entity_matrix,
    mood_chart,
    mood_slots,
    time_axis,
)
from vaultkit.reports.page.days import Day, Days, collect_days
from vaultkit.reports.page.html import Links, calendar_html, make_links, render_page
from vaultkit.reports.page.related import related_graph
from vaultkit.reports.vocab import Drift, vocabulary_drift

DEFAULT_NAME = "report.html"
MOOD_BUCKETS = 48  # the columns of the mood chart, at most
ENTITY_BUCKETS = 24  # of the people and projects tables
TERMS_LISTED = 60


@dataclass(frozen=True)
class Rendered:
    """A page and what it shows."""

    html: bytes
    days: int
    summaries: int
    first: date | None
    last: date | None
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (path, why): not read


@dataclass(frozen=True)
class ReportResult:
    """What `write_report` wrote: the path (None for stdout), the days shown, the size."""

    path: Path | None
    days: int
    summaries: int
    first: date | None
    last: date | None
    bytes: int
    changed: bool  # False: the file already held these bytes
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (path, why): not read

    def as_dict(self) -> dict[str, Any]:
        return {
            "path": str(self.path) if self.path is not None else "-",
            "days": self.days,
            "summaries": self.summaries,
            "first": self.first.isoformat() if self.first else None,
            "last": self.last.isoformat() if self.last else None,
            "bytes": self.bytes,
            "changed": self.changed,
            "skipped": [{"path": p, "reason": r} for p, r in self.skipped],
        }


def default_out(root: Path) -> Path:
    """Where the report goes by default: next to the workspace config, outside the vault."""
    return root / DEFAULT_NAME


def write_report(
    config: Config, out: Path | None = None, since: date | None = None, until: date | None = None
) -> ReportResult:
    """Write the report of the days from `since` to `until` (either open) to `out` (default:
    `report.html` in the workspace), atomically; a file that already holds it is left alone."""
    _check_window(since, until)
    path = Path(out) if out is not None else default_out(config.root)
    _check_out(config, path)
    page = render_report(config, since=since, until=until, page_dir=path.absolute().parent)
    changed = file_digest(path) != digest(page.html)
    if changed:
        write_bytes_atomic(path, page.html)
    return ReportResult(
        path,
        page.days,
        page.summaries,
        page.first,
        page.last,
        len(page.html),
        changed,
        page.skipped,
    )


def render_report(
    config: Config,
    *,
    since: date | None = None,
    until: date | None = None,
    page_dir: Path | None = None,
) -> Rendered:
    """The page's bytes; its file links are relative to `page_dir` (None: absolute `file://`
    URLs, for a page printed on stdout)."""
    _check_window(since, until)
    catalog = open_catalog(config, read_only=True)  # a reader never writes the cache
    try:
        days = collect_days(Layout(config), catalog, since, until)
    finally:
        catalog.close()
    summaries_rel = os.path.relpath(config.summaries_dir, config.vault_dir).replace(os.sep, "/")
    links = make_links(config.vault_dir, summaries_rel, page_dir)
    drift = vocabulary_drift(config)
    html = render_page(_context(days, drift.terms, links))
    shown = days.shown
    summaries = sum(1 for d in shown if d.summary is not None)
    return Rendered(
        html.encode("utf-8"), len(shown), summaries, days.first, days.last, drift.skipped
    )


def _check_window(since: date | None, until: date | None) -> None:
    if since is not None and until is not None and since > until:
        raise UsageError(
            f"since {since} is after until {until}: no day can be shown", rule="date-range"
        )


def _check_out(config: Config, path: Path) -> None:
    """Refuse a page inside the vault (Obsidian and lint would take it for a note's neighbour,
    and sync owns what is there), a folder, and a symbolic link."""
    if path.is_dir():
        raise UsageError("is a folder; name the page's file (e.g. report.html)", path=path)
    vault = os.path.realpath(config.vault_dir)
    folder = os.path.realpath(path.absolute().parent)
    if folder == vault or folder.startswith(vault.rstrip(os.sep) + os.sep):
        raise UsageError(
            "lies inside the vault; write the report outside it (the default is report.html "
            "next to memory_config.json)",
            path=path,
            rule="report-in-vault",
        )
    check_safe_target(path, None)


def _context(days: Days, terms: list[Drift], links: Links) -> dict[str, Any]:
    shown = days.shown
    summarized = [d for d in shown if d.summary is not None]
    first, last = days.first, days.last
    context: dict[str, Any] = {
        "version": __version__,
        "vault": links.vault,
        "vault_url": links.obsidian(),
        "links": links,
        "config": links.script_config(),
        "first": first,
        "last": last,
        "since": days.since,
        "until": days.until,
        "days": shown,
        "summarized": summarized,
        "people": len({p for d in summarized for p in d.people}),
        "projects": len({p for d in summarized for p in d.projects}),
        "mean": sum(d.importance for d in summarized) / len(summarized) if summarized else None,
        "calendar": _calendar(shown),
        "biggest": biggest_by_month(shown),
        "graph": related_graph(shown, days.all),
        "slots": mood_slots(shown),
    }
    new_terms = [t for t in terms if _inside(t.first, days)]
    new_terms.sort(key=lambda t: (-t.first.toordinal(), -t.days, t.term.casefold(), t.term))
    context["terms"] = new_terms[:TERMS_LISTED]
    context["more_terms"] = max(0, len(new_terms) - TERMS_LISTED)
    context["term_count"] = len(new_terms)
    if first is None or last is None:
        return {**context, "mood": None, "matrices": [], "drift": None, "drift_groups": []}
    moods = time_axis(first, last, MOOD_BUCKETS)
    entities = time_axis(first, last, ENTITY_BUCKETS)
    context["mood"] = mood_chart(shown, moods)
    context["mood_axis"] = _axis(moods)
    context["matrices"] = [entity_matrix(shown, entities, kind) for kind in ("people", "projects")]
    context["drift"] = _drift_columns(new_terms, moods)
    context["drift_groups"] = _drift_groups(context["terms"], moods)
    context["most_mood"] = context["mood"].legend[0][0] if context["mood"].legend else None
    return context


FEW_MONTHS = 3  # a calendar of this many months or fewer is drawn large, with day numbers


def _calendar(shown: list[Day]) -> dict[str, Any]:
    years = calendar_years(shown)
    few = sum(len(y.months) for y in years) <= FEW_MONTHS
    return {"few": few, "years": [(y, calendar_html(y, numbers=few)) for y in years]}


def _inside(day: date, days: Days) -> bool:
    return (days.since is None or day >= days.since) and (days.until is None or day <= days.until)


def _axis(line: TimeAxis) -> list[tuple[str, str]]:
    """Each bucket's axis label and when it shows: `a` always, `w` on a wide screen, `` never."""
    count = len(line.buckets)
    wide = _step(count, 12)
    narrow = wide * _step(-(-count // wide), 5)
    return [
        (b.label, "a" if i % narrow == 0 else "w" if i % wide == 0 else "")
        for i, b in enumerate(line.buckets)
    ]


def _step(count: int, most: int) -> int:
    return max(1, -(-count // most))


def _drift_groups(terms: list[Drift], line: TimeAxis) -> list[tuple[Any, list[Drift]]]:
    """The listed terms by the bucket they first appeared in, the newest bucket first."""
    groups: dict[int, list[Drift]] = {}
    for term in terms:
        groups.setdefault(max(0, min(len(line.buckets) - 1, line.index(term.first))), []).append(
            term
        )
    return [(line.buckets[i], groups[i]) for i in sorted(groups, reverse=True)]


def _drift_columns(terms: list[Drift], line: TimeAxis) -> list[tuple[Any, int, int]]:
    """Per bucket of the mood chart's time axis: (bucket, new terms, height 0-100)."""
    counts = [0] * len(line.buckets)
    for term in terms:
        counts[max(0, min(len(counts) - 1, line.index(term.first)))] += 1
    top = max(counts, default=0) or 1
    return [(b, n, round(100 * n / top)) for b, n in zip(line.buckets, counts, strict=True)]
