"""The summarizer protocol, the input it gets, the check every answer passes, and the registry."""

from __future__ import annotations

from datetime import date
from typing import Protocol

from vaultkit.errors import SummarizerError
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
    bullets = tuple(" ".join(b.split())[:MAX_BULLET_CHARS] for b in fields.bullets if b.strip())
    if len(bullets) < MIN_BULLETS:
        raise SummarizerError(f"{where}: no bullet points")
    mood = " ".join(str(fields.mood).split())[:40] or "neutral"
    return DayFields(
        people=fields.people,
        projects=fields.projects,
        technologies=fields.technologies,
        libraries=fields.libraries,
        importance=fields.importance,
        mood=mood,
        bullets=bullets[:MAX_BULLETS],
    )
