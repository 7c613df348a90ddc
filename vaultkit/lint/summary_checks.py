"""A summary file against its schema: fields, types, its date, related dates, key order, footer.

"Future" related dates are judged against the summary's own date (lint has no --as-of): a related
date is found among earlier days at sync time, so any later one is wrong.
"""

from __future__ import annotations

from collections.abc import Container
from datetime import date, datetime
from typing import Any

from vaultkit.dates import parse_date
from vaultkit.files.wikilinks import PARENT_LINE, parent_line
from vaultkit.lint.context import Context, Entry
from vaultkit.lint.findings import Findings
from vaultkit.lint.fixes import Plan
from vaultkit.lint.front_checks import mark_coercions
from vaultkit.lint.frontmatter import FIRST_LINE, Front
from vaultkit.lint.link_checks import (
    DATE_LIKE,
    check_footer,
    check_links,
    check_managed,
    check_resolution,
    fast_targets,
)
from vaultkit.lint.term_checks import check_terms
from vaultkit.pages.schema import SUMMARY_KEYS


def check_summary(
    entry: Entry,
    front: Front | None,
    body: str,
    body_line: int,
    ctx: Context,
    found: Findings,
    plan: Plan,
) -> None:
    """Every summary rule; fixable ones record their repair in `plan`."""
    own_link = parent_line(entry.day) if entry.day is not None else None
    targets = fast_targets(body)
    if front is None:
        found.add("frontmatter-shape", 1, "a summary needs YAML frontmatter")
        check_links(body, body_line, found, dates=True, own_link=own_link, targets=targets)
        return
    plan.unlink_lines = check_links(
        body, body_line, found, dates=True, own_link=own_link, targets=targets
    )
    if own_link is not None:
        check_managed(body, body_line, PARENT_LINE, own_link, "day-link", found, plan)
    if ctx.links is not None:
        folder = entry.rel.rpartition("/")[0].casefold()
        check_resolution(body, body_line, ctx.links, folder, found, plan, targets)
    if not front.ok or not isinstance(front.data, dict | None):
        return
    data: dict[Any, Any] = front.data or {}
    for key, line, value in front.impossible:
        if key not in ("date", "related_dates"):
            found.add("impossible-date", line, f"{key}: {value} is not a real date")
    mark_coercions(front, found, plan)
    editable = front.editable
    _check_schema(data, front, found)
    own = _check_summary_date(entry, data, front, found)
    _check_scalars(data, front, found)
    terms = check_terms(data, front, ctx, found, editable)
    if terms is not None:
        plan.values.update(terms.changed)
        check_footer(body, body_line, terms.people, terms.projects, found, plan)
    related = _check_related(data, front, own, ctx.known_days, found, editable)
    if related is not None:
        plan.values["related_dates"] = related
    _check_key_order(front, found, plan)
    if not editable:
        plan.values.clear()
        plan.order = None


def _check_schema(data: dict[Any, Any], front: Front, found: Findings) -> None:
    """Required fields present, no others, and the schema version vaultkit reads."""
    for key in SUMMARY_KEYS:
        if key not in data:
            found.add("missing-field", FIRST_LINE, f"required field {key!r} is missing")
    for key in data:
        if key not in SUMMARY_KEYS:
            line = front.line_of(str(key))
            found.add("extra-field", line, f"{key!r} is not a summary field (kept as is)")
    if "schema_version" not in data:
        return
    version = data["schema_version"]
    line = front.line_of("schema_version")
    if type(version) is not int:
        found.add("wrong-type", line, f"schema_version: expected an integer, got {version!r}")
    elif version != 1:
        message = f"schema_version {version} is not supported (expected 1)"
        found.add("schema-version", line, message)


def _check_scalars(data: dict[Any, Any], front: Front, found: Findings) -> None:
    """importance is an integer from 1 to 10; mood is text."""
    if "importance" in data:
        value = data["importance"]
        if type(value) is not int or not 1 <= value <= 10:
            found.add(
                "importance",
                front.line_of("importance"),
                f"importance: expected an integer from 1 to 10, got {value!r}",
            )
    if "mood" in data and not isinstance(data["mood"], str):
        found.add("wrong-type", front.line_of("mood"), f"mood: expected text, got {data['mood']!r}")


def _check_key_order(front: Front, found: Findings, plan: Plan) -> None:
    """Keys in the schema's order, unknown keys last; the order is set whenever keys are rewritten."""
    present = list(front.spans)
    canonical = [k for k in SUMMARY_KEYS if k in front.spans or k in plan.values]
    canonical += [k for k in present if k not in SUMMARY_KEYS]
    if present != [k for k in canonical if k in front.spans]:
        found.add("key-order", FIRST_LINE, "keys are not in the canonical order", front.editable)
        if front.editable:
            plan.order = canonical
    elif plan.values:
        plan.order = canonical


def _check_summary_date(
    entry: Entry, data: dict[Any, Any], front: Front, found: Findings
) -> date | None:
    """The summary's own day: its `date`, else the file name's; a mismatch is reported."""
    if "date" not in data:
        return entry.day
    value = data["date"]
    line = front.line_of("date")
    day: date | None = None
    if isinstance(value, datetime):
        found.add("wrong-type", line, f"date: expected a day YYYY-MM-DD, got a time {value}")
    elif isinstance(value, date):
        day = value
    elif isinstance(value, str) and DATE_LIKE.fullmatch(value.strip()):
        day = parse_date(value.strip())
        if day is None:
            found.add("impossible-date", line, f"date: {value.strip()} is not a real date")
    else:
        found.add("wrong-type", line, f"date: expected YYYY-MM-DD, got {value!r}")
    if day is not None and entry.day is not None and day != entry.day:
        found.add(
            "date-mismatch", line, f"date {day} differs from the file name's date {entry.day}"
        )
    return day or entry.day


def _check_related(
    data: dict[Any, Any],
    front: Front,
    own: date | None,
    known_days: Container[date],
    found: Findings,
    editable: bool,
) -> list[Any] | None:
    """related_dates: real, known, earlier than the day itself, once each; returns the fixed list."""
    if "related_dates" not in data or data["related_dates"] is None:
        return None
    raw = data["related_dates"]
    line = front.line_of("related_dates")
    if not isinstance(raw, list):
        found.add("wrong-type", line, f"related_dates: expected a list of dates, got {raw!r}")
        return None
    kept: list[Any] = []
    seen: set[date] = set()
    changed = False
    for item in raw:
        day, impossible = _as_day(item)
        if impossible:
            message = f"related_dates: {item.strip()} is not a real date"
            found.add("related-date-missing", line, message, editable)
            changed = True
        elif day is None:
            found.add("wrong-type", line, f"related_dates: {item!r} is not a date")
            kept.append(item)
        elif _related_ok(day, own, known_days, seen, line, found, editable):
            seen.add(day)
            kept.append(item)
        else:
            changed = True
    return kept if changed and editable else None


def _as_day(item: Any) -> tuple[date | None, bool]:
    """A related date's day, and whether it is written as a date that does not exist."""
    if isinstance(item, datetime):
        return item.date(), False
    if isinstance(item, date):
        return item, False
    if isinstance(item, str) and DATE_LIKE.fullmatch(item.strip()):
        day = parse_date(item.strip())
        return day, day is None
    return None, False


def no_note_for(day: date | str) -> str:
    """The message of a related date whose day has no note (lint's, and sync's on a day that
    went since the summary's facts were read: one wording whichever look finds it)."""
    return f"related_dates: no note exists for {day}"


def _related_ok(
    day: date,
    own: date | None,
    known_days: Container[date],
    seen: set[date],
    line: int,
    found: Findings,
    editable: bool,
) -> bool:
    """Whether a related day stays; the reason it goes is reported."""
    if own is not None and day == own:
        found.add(
            "related-date-self", line, f"related_dates: {day} is the summary's own day", editable
        )
    elif own is not None and day > own:
        message = f"related_dates: {day} is after the summary's day {own}"
        found.add("related-date-future", line, message, editable)
    elif day not in known_days:
        found.add("related-date-missing", line, no_note_for(day), editable)
    elif day in seen:
        found.add("duplicate-item", line, f"related_dates: {day} is listed twice", editable)
    else:
        return True
    return False
