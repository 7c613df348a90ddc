"""The values that flow between the stages: a day's input, its summary fields, a summary, and
the progress callback long work reports to."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Protocol, TypedDict

SCHEMA_VERSION = 1
# The three kinds of vocabulary term: in `uncategorized`'s order, and in the order the
# vocabulary looks a term up (a term listed as a project and a technology is a project).
KINDS = ("technologies", "libraries", "projects")
LOOKUP_KINDS = ("projects", "technologies", "libraries")


class Progress(Protocol):
    """How a long job reports: its stage (`summarizing`, `indexing`), how far, and the item at hand.

    The CLI draws a bar from it on a terminal; the core never knows how it is shown."""

    def __call__(self, stage: str, done: int, total: int, item: str = "") -> None: ...


@dataclass(frozen=True)
class DayInput:
    """Everything a summarizer may read about one day: its note and its transcripts."""

    date: dt.date
    note: str
    transcripts: tuple[tuple[str, str], ...] = ()

    @property
    def text(self) -> str:
        """The note and the transcripts as one text."""
        parts = [self.note, *(text for _, text in self.transcripts)]
        return "\n\n".join(p for p in parts if p.strip())


@dataclass(frozen=True)
class DayFields:
    """What a summarizer supplies for one day, before vocabulary normalization."""

    people: tuple[str, ...] = ()
    projects: tuple[str, ...] = ()
    technologies: tuple[str, ...] = ()
    libraries: tuple[str, ...] = ()
    importance: int = 3
    mood: str = "neutral"
    bullets: tuple[str, ...] = ()
    # What the summarizer has to say of its reading, for the run's report (an LLM's answer the
    # gate changed: `summarize.grounding`); never written to the summary.
    notes: tuple[str, ...] = ()


class SummaryFields(TypedDict):
    """A summary's fields as plain JSON values (what the catalog and the index store)."""

    people: list[str]
    projects: list[str]
    tags: list[str]
    importance: int
    mood: str
    related_dates: list[str]  # YYYY-MM-DD
    uncategorized: dict[str, list[str]]
    bullets: list[str]


@dataclass(frozen=True)
class Uncategorized:
    """Terms outside the controlled vocabulary, kept apart so they never pollute the main fields."""

    technologies: tuple[str, ...] = ()
    libraries: tuple[str, ...] = ()
    projects: tuple[str, ...] = ()

    def of(self, kind: str) -> tuple[str, ...]:
        return tuple(getattr(self, kind))


@dataclass(frozen=True)
class Summary:
    """One day's summary: its frontmatter fields and the bullets of its body."""

    date: dt.date
    people: tuple[str, ...] = ()
    projects: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    importance: int = 3
    mood: str = "neutral"
    related_dates: tuple[dt.date, ...] = ()
    uncategorized: Uncategorized = field(default_factory=Uncategorized)
    bullets: tuple[str, ...] = ()
    schema_version: int = SCHEMA_VERSION

    @property
    def topics(self) -> tuple[str, ...]:
        """People, projects and tags: what related-day matching and the index compare."""
        return (*self.people, *self.projects, *self.tags)


@dataclass(frozen=True)
class MonthTally:
    """A month's summarized days, and its topics, the most named first (then by name): what the
    catalog counts and the memory index lists."""

    days: int
    top: tuple[str, ...]
