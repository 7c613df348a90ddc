"""The summarizer protocol, the input it gets, the check every answer passes, and the registry."""

from __future__ import annotations

from datetime import date
from typing import Protocol

from vaultkit.errors import SummarizerError
from vaultkit.files.wikilinks import without_controls
from vaultkit.model import DayFields, DayInput

MIN_BULLETS, MAX_BULLETS = 1, 6
MAX_BULLET_CHARS = 300


class Summarizer(Protocol):
    """Turns a day into summary fields."""

    name: str

    def summarize(self, day: DayInput) -> DayFields: ...


def validate_fields(fields: DayFields, day: date) -> DayFields:
    """Reject what must never reach a file: importance outside 1..10, no bullets, bad types."""
    where = f"summary of {day.isoformat()}"
    if type(fields.importance) is not int or not 1 <= fields.importance <= 10:
        raise SummarizerError(f"{where}: importance {fields.importance!r} is not an integer 1..10")
    for name in ("people", "projects", "technologies", "libraries", "bullets"):
        values = getattr(fields, name)
        if not all(isinstance(v, str) for v in values):
            raise SummarizerError(f"{where}: {name} must be a list of strings")
    bullets = tuple(b[:MAX_BULLET_CHARS] for b in map(_clean, fields.bullets) if b)
    if len(bullets) < MIN_BULLETS:
        raise SummarizerError(f"{where}: no bullet points")
    mood = _clean(str(fields.mood))[:40] or "neutral"
    return DayFields(
        people=_names(fields.people),
        projects=_names(fields.projects),
        technologies=_names(fields.technologies),
        libraries=_names(fields.libraries),
        importance=fields.importance,
        mood=mood,
        bullets=bullets[:MAX_BULLETS],
    )


def _clean(text: str) -> str:
    """One line of text with no control characters (an LLM's answer may hold any)."""
    return " ".join(without_controls(text).split())


def _names(values: tuple[str, ...]) -> tuple[str, ...]:
    """Names as a note can be made of them: cleaned, and only those with a letter or digit."""
    return tuple(n for n in map(_clean, values) if any(c.isalnum() for c in n))
