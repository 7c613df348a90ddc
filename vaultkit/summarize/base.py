"""The summarizer protocol, the input it gets, the check every answer passes, and the registry.

Every summarizer's answer passes `validate_fields` before anything is rendered, so what holds
here holds for all of them: each name, term, mood and bullet is one line of plain text
(`plain_line`) that can be none of the structure vaultkit writes and lint checks. A wikilink
becomes the text it shows (links are the footer's, made from the fields), a stray `[[` or `]]`
a single bracket, an Obsidian comment's `%%` (which would hide the rest of the summary, footer
and marker included) a single `%`; line breaks and control characters become spaces, so no
value can start a line of its own (a frontmatter `---`, a spine or a marker line). A bullet
loses the list marks it came with, and one with no letter or digit (a bare `---`) is dropped.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Protocol

from vaultkit.errors import SummarizerError
from vaultkit.files.wikilinks import plain_line
from vaultkit.model import DayFields, DayInput

MIN_BULLETS, MAX_BULLETS = 1, 6
MAX_BULLET_CHARS = 300
MAX_NAME_CHARS = 100  # a person's, a project's or a term's: a longer one is a sentence
MAX_MOOD_CHARS = 40
_LIST_MARKS = re.compile(r"^(?:[-*+•]\s+)+")


class Summarizer(Protocol):
    """Turns a day into summary fields."""

    name: str

    def summarize(self, day: DayInput) -> DayFields: ...


def validate_fields(fields: DayFields, day: date) -> DayFields:
    """Reject what must never reach a file: importance outside 1..10, no bullets, bad types;
    make every text plain (`plain_line`)."""
    where = f"summary of {day.isoformat()}"
    if type(fields.importance) is not int or not 1 <= fields.importance <= 10:
        raise SummarizerError(f"{where}: importance {fields.importance!r} is not an integer 1..10")
    for name in ("people", "projects", "technologies", "libraries", "bullets"):
        values = getattr(fields, name)
        if not all(isinstance(v, str) for v in values):
            raise SummarizerError(f"{where}: {name} must be a list of strings")
    bullets = _bullets(fields.bullets)
    if len(bullets) < MIN_BULLETS:
        raise SummarizerError(f"{where}: no bullet points")
    mood = plain_line(str(fields.mood))[:MAX_MOOD_CHARS].strip() or "neutral"
    return DayFields(
        people=_names(fields.people),
        projects=_names(fields.projects),
        technologies=_names(fields.technologies),
        libraries=_names(fields.libraries),
        importance=fields.importance,
        mood=mood,
        bullets=bullets[:MAX_BULLETS],
        notes=fields.notes,
    )


def _bullets(values: tuple[str, ...]) -> tuple[str, ...]:
    """Bullets as plain lines without list marks of their own, cut to `MAX_BULLET_CHARS`; one
    with no letter or digit says nothing and goes."""
    found = (_LIST_MARKS.sub("", plain_line(b))[:MAX_BULLET_CHARS].strip() for b in values)
    return tuple(b for b in found if any(c.isalnum() for c in b))


def _names(values: tuple[str, ...]) -> tuple[str, ...]:
    """Names as a note can be made of them: plain, with a letter or digit, not a sentence."""
    found = (plain_line(n) for n in values)
    return tuple(n for n in found if any(c.isalnum() for c in n) and len(n) <= MAX_NAME_CHARS)
