"""The report as HTML: the template, its stylesheet and script inlined, and the calendar's cells.

Everything from the vault (names, bullets, moods, terms, the vault's own name) reaches the page
through Jinja's autoescape or `markupsafe.escape`, and the JSON the script reads through
`tojson`, so a note saying `<script>` shows those characters and runs nothing. The calendar (one
cell per day, the bulk of a large vault's page) is written here rather than in the template: a
plain loop is several times faster than the template's. The template runs in Jinja's
immutable sandbox, as the workspace's templates do (`pages.render`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from jinja2.sandbox import ImmutableSandboxedEnvironment
from markupsafe import Markup, escape

from vaultkit.reports.page.charts import MONTH_ABBR, MONTHS, WEEKDAYS, Blank, Month, Slot, Year
from vaultkit.reports.page.days import Day

TEMPLATES = Path(__file__).resolve().parent / "templates"


@dataclass(frozen=True)
class Links:
    """How the page links a vault file: in Obsidian (`obsidian://open`, by the vault folder's
    name and the path inside it) and as a file (`base` is the vault folder's href as seen from
    the page: relative to where it is written, or a `file://` URL)."""

    vault: str
    base: str
    summaries: str  # the summaries folder, inside the vault, with a trailing `/`

    def obsidian(self, rel: str | None = None) -> str:
        """The Obsidian URL of a vault path (None: the vault itself)."""
        url = f"obsidian://open?vault={quote(self.vault, safe='')}"
        return url if rel is None else f"{url}&file={quote(rel, safe='')}"

    def file(self, rel: str) -> str:
        return self.base + quote(rel, safe="/")

    def summary(self, day: date) -> str:
        return f"{self.summaries}{day.isoformat()}.summary.md"

    def of(self, day: Day) -> tuple[str | None, str | None]:
        """A day's (Obsidian URL, file href): its summary, else its note (an archived note has
        no Obsidian URL: it lies outside the vault)."""
        rel = self.rel_of(day)
        if rel is None:
            return None, None
        return (None if rel.startswith("../") else self.obsidian(rel)), self.file(rel)

    def rel_of(self, day: Day) -> str | None:
        return self.summary(day.day) if day.summary is not None else day.note

    def script_config(self) -> dict[str, str]:
        return {"vault": self.vault, "base": self.base, "summaries": self.summaries}


def make_links(vault_dir: Path, summaries_rel: str, page_dir: Path | None) -> Links:
    """The links of a page written in `page_dir` (None: to stdout, so file links are absolute)."""
    vault_dir = vault_dir.resolve()
    if page_dir is None:
        base = vault_dir.as_uri() + "/"
    else:
        relative = os.path.relpath(vault_dir, page_dir.resolve()).replace(os.sep, "/")
        base = "" if relative == "." else quote(relative, safe="/") + "/"
    return Links(vault_dir.name, base, summaries_rel.rstrip("/") + "/")


def day_name(day: date, *, year: bool = True, weekday: bool = True) -> str:
    """`Mon 6 Jul 2026`."""
    text = f"{day.day} {MONTH_ABBR[day.month - 1]}" + (f" {day.year}" if year else "")
    return f"{WEEKDAYS[day.weekday()][:3]} {text}" if weekday else text


def day_title(day: Day) -> str:
    """What a day's cell says on hover: its date, importance and mood, then its first bullet."""
    if day.summary is None:
        return f"{day_name(day.day)} · no summary yet"
    head = f"{day_name(day.day)} · importance {day.importance} · {day.mood}"
    return f"{head}\n{day.bullet}" if day.bullet else head


def calendar_html(year: Year, *, numbers: bool = False) -> Markup:
    """A year's months as tables, one cell per date; a day's cell carries `data-date`, its
    importance as its class and its title; a day without a summary names its note (`data-n`),
    which its links then open. `numbers`: each cell shows its day of the month (for a calendar
    of a few months, drawn large)."""
    return Markup("".join(_month_html(month, numbers) for month in year.months))


_HEAD = "".join(f'<th scope="col" abbr="{w}">{w[0]}</th>' for w in WEEKDAYS)


def _month_html(month: Month, numbers: bool) -> str:
    out = [
        f'<table class="month"><caption>{MONTHS[month.month - 1]} <span class="cy">{month.year}'
        f'</span> <span class="n">{month.days}</span></caption>'
        f"<thead><tr>{_HEAD}</tr></thead><tbody>"
    ]
    for week in month.weeks:
        out.append("<tr>")
        for slot in week:
            out.append(_cell(slot, numbers))
        out.append("</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def _cell(slot: Slot, numbers: bool) -> str:
    if slot is None:
        return "<td></td>"
    text = str(slot.day.day) if numbers else ""
    if isinstance(slot, Blank):
        return f'<td class="{"o" if slot.outside else "x"}">{text}</td>'
    title = escape(day_title(slot))  # its line break stays: a title shows it
    if slot.summary is not None:
        return f'<td class="i{slot.level}" data-date="{slot.iso}" title="{title}">{text}</td>'
    note = f' data-n="{escape(slot.note)}"' if slot.note else ""
    return f'<td class="i0" data-date="{slot.iso}"{note} title="{title}">{text}</td>'


@cache
def _environment() -> Environment:
    env = ImmutableSandboxedEnvironment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["day"] = day_name
    env.filters["daytitle"] = day_title
    return env


def render_page(context: dict[str, Any]) -> str:
    """The page from `report.html.j2`, with `report.css` and `report.js` inlined."""
    env = _environment()
    css = (TEMPLATES / "report.css").read_text(encoding="utf-8")
    script = (TEMPLATES / "report.js").read_text(encoding="utf-8")
    page = env.get_template("report.html.j2")
    return page.render(**context, css=Markup(css), script=Markup(script))
