"""The days a report draws: each day of the vault with what its summary says, from the catalog.

A day is one with a daily note (local or archived) or a readable summary, as in the graph. Its
fields come from sync's catalog (`graph._summary_fields`): an unchanged summary is not read again.
Nothing here writes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from vaultkit.catalog.store import Catalog
from vaultkit.dates import parse_date
from vaultkit.files.layout import Layout, scan, scan_archive
from vaultkit.model import SummaryFields
from vaultkit.reports.graph import _summary_fields

BULLET_CHARS = 200  # a longer first bullet is cut (with an ellipsis) in the page
_WIKILINK = re.compile(r"\[\[([^\[\]|\n]*)(?:\|([^\[\]\n]*))?\]\]")
# Runs of whitespace, control characters (C0, DEL, C1) and Unicode's other unprintable ones that
# a name or a bullet may carry (zero-width and bidirectional marks, line and paragraph separators)
_BLANKS = re.compile(r"[\s\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]+")


@dataclass(frozen=True)
class Day:
    """One day of the vault as the report shows it; `importance` 0 is a day without a summary."""

    day: date
    importance: int = 0
    mood: str = ""
    bullet: str = ""
    people: tuple[str, ...] = ()
    projects: tuple[str, ...] = ()
    related: tuple[date, ...] = ()
    summary: Path | None = None  # the summary file, when its fields could be read
    note: str | None = None  # the daily note, relative to the vault (`../` when archived)

    @property
    def iso(self) -> str:
        return self.day.isoformat()

    @property
    def level(self) -> int:
        """The importance as a colour step, 1-10 (0 without a summary)."""
        return max(1, min(10, self.importance)) if self.summary is not None else 0


@dataclass(frozen=True)
class Days:
    """Every day of the vault by date, and the ones inside the report's window, in order."""

    all: dict[date, Day]
    shown: list[Day]
    since: date | None
    until: date | None

    @property
    def first(self) -> date | None:
        return self.shown[0].day if self.shown else None

    @property
    def last(self) -> date | None:
        return self.shown[-1].day if self.shown else None


def collect_days(
    layout: Layout, catalog: Catalog, since: date | None = None, until: date | None = None
) -> Days:
    """The vault's days (every one, for related days outside the window) and those shown; the
    summaries' fields come from `catalog`."""
    files = scan(layout)  # names only; the notes themselves are never opened
    chats = layout.archive_chats_dir
    archive = {d: p for d, p in scan_archive(layout.archive_dir).items() if chats not in p.parents}
    fields = _summary_fields(catalog, files.summaries)
    notes: dict[date, Path] = {**archive, **files.daily}  # a local note wins over an archived one
    found: dict[date, Day] = {}
    for day in sorted(set(notes) | set(fields)):
        f = fields.get(day)
        if f is not None:
            found[day] = _day(day, f, files.summaries[day])
        else:
            found[day] = Day(day, note=layout.rel(notes[day]))
    shown = [
        d
        for d in found.values()
        if (since is None or d.day >= since) and (until is None or d.day <= until)
    ]
    return Days(found, shown, since, until)


def _day(day: date, f: SummaryFields, summary: Path) -> Day:
    related = sorted({d for d in map(parse_date, f["related_dates"]) if d and d != day})
    return Day(
        day,
        importance=int(f["importance"]),
        mood=plain(str(f["mood"] or "")) or "neutral",
        bullet=first_bullet(f["bullets"]),
        people=tuple(plain(p) for p in f["people"]),
        projects=tuple(plain(p) for p in f["projects"]),
        related=tuple(related),
        summary=summary,
    )


def first_bullet(bullets: list[str]) -> str:
    """The first non-empty bullet as plain text, cut to BULLET_CHARS."""
    for bullet in bullets:
        text = plain(bullet)
        if text:
            return text if len(text) <= BULLET_CHARS else text[: BULLET_CHARS - 1].rstrip() + "…"
    return ""


def plain(text: str) -> str:
    """Text as a person reads it: a wikilink shows its label, whitespace and control characters
    are single spaces (escaping for HTML is the template's)."""
    if "[[" in text:
        text = _WIKILINK.sub(lambda m: m.group(2) or m.group(1), text)
    return _BLANKS.sub(" ", text).strip()
