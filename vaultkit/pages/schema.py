"""Summary files: reading their fields back, and the marker that tells generated from hand-edited."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import Any, cast

from vaultkit.errors import FileFormatError
from vaultkit.files.document import Document, load_yaml
from vaultkit.files.storage import digest
from vaultkit.model import KINDS, Summary, SummaryFields, Uncategorized

SUMMARY_KEYS = (
    "schema_version",
    "date",
    "people",
    "projects",
    "tags",
    "importance",
    "mood",
    "related_dates",
    "uncategorized",
)
UNCATEGORIZED_KEYS = KINDS
# Obsidian reads `.obsidian/types.json` to show each property with the right widget.
OBSIDIAN_TYPES = {
    "types": {
        "schema_version": "number",
        "date": "date",
        "people": "multitext",
        "projects": "multitext",
        "tags": "tags",
        "importance": "number",
        "mood": "text",
        "related_dates": "multitext",
    }
}

# An Obsidian comment (hidden in reading view) recording what the summary was made from and what
# vaultkit wrote; a digest that no longer matches means a person edited the file.
# `source`: the digest of the day's files, then (after "+", when the day writes names the vault's
# other days show to be people's, animals' or tools) the digest of what they show them to be.
MARKER = re.compile(
    r"^%% vaultkit source=([0-9a-f]+(?:\+[0-9a-f]+)?) digest=([0-9a-f]+) %%\n?", re.MULTILINE
)
_BULLET = re.compile(r"^\s*[-*+]\s+(.*\S)\s*$")


@dataclass(frozen=True)
class Marker:
    """What the marker line says: the source digest and whether the file is as vaultkit wrote it."""

    source: str
    pristine: bool


def add_marker(text: str, source: str) -> str:
    """Append the marker line to a rendered summary."""
    body = strip_marker(text)
    return f"{body}%% vaultkit source={source} digest={digest(body, 16)} %%\n"


def strip_marker(text: str) -> str:
    return MARKER.sub("", text)


def read_marker(text: str) -> Marker | None:
    """The marker of a summary's text, or None when it has none (then it counts as hand-written)."""
    match = MARKER.search(text)
    if match is None:
        return None
    return Marker(source=match.group(1), pristine=digest(strip_marker(text), 16) == match.group(2))


def parse_summary(doc: Document) -> Summary:
    """The Summary a file holds; raises FileFormatError when it cannot be read as one."""
    if doc.frontmatter is None:
        raise FileFormatError("no YAML frontmatter", path=doc.path, line=1, rule="frontmatter")
    data = load_yaml(doc.frontmatter, doc.path)
    if not isinstance(data, dict):
        raise FileFormatError(
            "frontmatter is not a mapping", path=doc.path, line=2, rule="frontmatter"
        )
    return summary_from_mapping(data, doc.body, doc.path)


def summary_from_mapping(data: Mapping[str, Any], body: str, path: Path) -> Summary:
    """Build a Summary from parsed frontmatter, normalizing scalars, lists and dates on read."""
    day = as_date(data.get("date"))
    if day is None:
        raise FileFormatError("date: not a YYYY-MM-DD date", path=path, rule="date-invalid")
    importance = data.get("importance")
    uncategorized = data.get("uncategorized")
    uncategorized = uncategorized if isinstance(uncategorized, dict) else {}
    related = (as_date(v) for v in as_list(data.get("related_dates")))
    return Summary(
        date=day,
        people=as_strings(data.get("people")),
        projects=as_strings(data.get("projects")),
        tags=tuple(s.lstrip("#") for s in as_strings(data.get("tags"))),
        importance=_integer(importance),
        mood=str(data.get("mood") or ""),
        related_dates=tuple(d for d in related if d is not None),
        uncategorized=Uncategorized(
            **{k: as_strings(uncategorized.get(k)) for k in UNCATEGORIZED_KEYS}
        ),
        bullets=parse_bullets(body),
        schema_version=_integer(data.get("schema_version")),
    )


def _integer(value: Any) -> int:
    """An integer YAML value as is; anything else (a bool, a float, text) as 0."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def parse_bullets(body: str) -> tuple[str, ...]:
    """The bullet points of the first section, up to the links footer's rule."""
    bullets = []
    for line in strip_marker(body).split("\n"):
        if line.strip() == "---":
            break
        match = _BULLET.match(line)
        if match:
            bullets.append(match.group(1))
    return tuple(bullets)


def as_list(value: Any) -> list[Any]:
    """A YAML value as a list: None is empty, a scalar is a one-item list."""
    if value is None:
        return []
    if isinstance(value, list | tuple):
        return list(value)
    if isinstance(value, str) and "," in value:
        return [v.strip() for v in value.split(",") if v.strip()]
    return [value]


def as_strings(value: Any) -> tuple[str, ...]:
    return tuple(str(v).strip() for v in as_list(value) if v is not None and str(v).strip())


def as_date(value: Any) -> date | None:
    """A YAML date or a `YYYY-MM-DD` string as a date; anything else is None."""
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        from vaultkit.dates import parse_date

        return parse_date(value.strip().strip("[]"))
    return None


def fields_of(summary: Summary) -> SummaryFields:
    """A summary's fields as cached JSON (what related days and the index need)."""
    return {
        "people": list(summary.people),
        "projects": list(summary.projects),
        "tags": list(summary.tags),
        "importance": summary.importance,
        "mood": summary.mood,
        "related_dates": [d.isoformat() for d in summary.related_dates],
        "uncategorized": {k: list(summary.uncategorized.of(k)) for k in KINDS},
        "bullets": list(summary.bullets),
    }


def summary_json(summary: Summary, keys: Sequence[str]) -> dict[str, Any]:
    """Some of a summary's fields as JSON (`fields_of`'s values), in the order of `keys`: what
    search, recall and explain show of a day."""
    fields = cast(dict[str, Any], fields_of(summary))
    return {key: fields[key] for key in keys}


def summary_of(day: date, fields: SummaryFields | dict[str, Any]) -> Summary:
    """The Summary back from cached fields."""
    summary = summary_from_mapping({**fields, "date": day.isoformat()}, "", Path(""))
    return replace(summary, bullets=tuple(fields["bullets"]))
