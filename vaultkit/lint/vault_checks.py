"""Checks across files: property types (a vote, or types.json) and names that differ only in case.

Both are counting passes over what the per-file checks recorded, never pairwise comparisons.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import date, datetime
from typing import Any

from vaultkit.dates import parse_date
from vaultkit.lint.context import Entry
from vaultkit.lint.findings import Problem, Result, problem

_LIST_TYPES = {"multitext", "tags", "aliases", "cssclasses"}


def name_collisions(entries: list[Entry], selected: set[str]) -> list[Problem]:
    """Notes in one folder whose names differ only in case: one file on macOS and Windows.

    Equal names in different folders are fine (transcripts of different days share names);
    Obsidian tells them apart by path.
    """
    folded = Counter(entry.rel.casefold() for entry in entries)  # collisions are rare: count first
    groups: dict[tuple[str, str], list[Entry]] = defaultdict(list)
    for entry in entries:
        if folded[entry.rel.casefold()] > 1:
            folder, _, name = entry.rel.rpartition("/")
            groups[(folder, name.casefold())].append(entry)
    problems = []
    for group in groups.values():
        if len(group) < 2:
            continue
        for entry in group:
            if entry.rel in selected:
                others = ", ".join(e.path.name for e in group if e is not entry)
                message = f"name differs only in case from {others} in the same folder"
                problems.append(problem("name-collision", entry.rel, None, message))
    return problems


def property_type_problems(results: list[Result]) -> list[Problem]:
    """A property whose type differs from its declared type, or from most files that have it."""
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    for result in results:
        for key, kind, _ in result.props:
            votes[key][kind] += 1
    problems = []
    for result in results:
        for key, kind, line in result.props:
            mismatch = _mismatch(kind, result.declared.get(key), votes[key])
            if mismatch is not None:
                message = f"property {key!r} is {kind} here but {mismatch}"
                problems.append(problem("property-type", result.rel, line, message))
    return problems


def _mismatch(kind: str, declared: str | None, counts: Counter[str]) -> str | None:
    """What a property of `kind` should be and why, or None when it fits."""
    if declared is not None:
        expected = _category_of_type(declared)
        if expected is None or _fits(kind, expected):
            return None
        return f"{expected} declared in .obsidian/types.json"
    expected = max(sorted(counts), key=lambda k: counts[k])
    if _fits(kind, expected):
        return None
    return f"{expected} in {counts[expected]} other file(s)"


def category(value: Any) -> str | None:
    """The kind of property Obsidian sees in a value (None for an empty one)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "checkbox"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, datetime):
        return "datetime"
    if isinstance(value, date):
        return "date"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "object"
    if isinstance(value, str) and parse_date(value.strip()) is not None:
        return "date"
    return "text"


def _category_of_type(obsidian_type: str) -> str | None:
    if obsidian_type in _LIST_TYPES:
        return "list"
    if obsidian_type in ("text", "number", "checkbox", "date", "datetime"):
        return obsidian_type
    return None


def _fits(kind: str, expected: str) -> bool:
    """Whether Obsidian shows a value of `kind` in a property of type `expected` without a warning."""
    return (
        kind == expected
        or (expected == "text" and kind == "date")
        or (expected == "list" and kind in ("text", "date"))
        or (expected == "datetime" and kind == "date")
    )


def unreferenced_notes(entries: list[Entry], results: list[Result]) -> list[Problem]:
    """A person's or project's note that no file links: no summary names it any more (sync
    removes such a note when all of it is vaultkit's; this one holds something of yours)."""
    linked = {t.casefold() for result in results for t in result.targets}
    return [
        problem("unreferenced-note", entry.rel, None, _UNREFERENCED)
        for entry in entries
        if entry.kind == "entity" and entry.path.stem.casefold() not in linked
    ]


_UNREFERENCED = (
    "no summary names this note and no note links it; keep it if it is yours, or delete it"
)
