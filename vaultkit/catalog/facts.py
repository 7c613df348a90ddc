"""What sync knows of a file without reading it again: the facts the catalog keeps per file.

`SourceFacts` for a daily note or a transcript, `SummaryFacts` for a summary; the catalog stores
each as JSON (`as_json`) and decodes it when asked (`from_json`). The kinds of file a row can
be, by where it lies, are named here too.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from vaultkit.model import SummaryFields

# Where a row's file lies: a daily note of the memory folder, of the archive, or of a folder a
# backfill reads once (`extra`); a transcript (local or archived); a summary.
RowKind = Literal["note", "archived", "extra", "transcript", "summary"]
NOTE_KINDS: tuple[RowKind, ...] = ("note", "archived", "extra")
SPINE_KINDS: tuple[RowKind, ...] = ("note", "archived")  # the timeline spine runs through these


@dataclass(frozen=True)
class SourceFacts:
    """A daily note or a transcript: the digest of its content (its managed line left out), the
    day its managed line (spine or parent link) points to, or why it cannot be read; `problem`
    (and its `problem_line`) is what is wrong with a note that can still be read, such as
    frontmatter that is not YAML; `links` are the targets of its wikilinks."""

    digest: str = ""
    link: str | None = None
    error: str | None = None
    problem: str | None = None
    problem_line: int | None = None
    links: list[str] | None = None  # the wikilinks' targets (a person's note may be one)
    persons: list[str] | None = None  # names it shows to be people's (summarize.evidence)
    animals: list[str] | None = None  # and animals'
    tools: list[str] | None = None  # and tools'
    places: list[str] | None = None  # and places'
    located: list[str] | None = None  # and where things are (a place or a tool)
    written: list[str] | None = None  # its capitalized words, folded (`Tallies.days_writing`)

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SourceFacts:
        return cls(**data)


@dataclass(frozen=True)
class SummaryFacts:
    """A summary: whether vaultkit wrote it as it is (`pristine`) or wrote it at all (`marked`),
    the source digest its marker records, the first error that makes it invalid, its fields,
    and three states sync acts on: `empty`, `unparseable`, `stale_format` (written by an older
    template)."""

    pristine: bool = False
    marked: bool = False
    source: str | None = None
    problem: str | None = None
    fields: SummaryFields | None = None
    empty: bool = False
    unparseable: bool = False
    stale_format: bool = False
    features: list[str] | None = None  # what related days compare (sync.related.features)

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SummaryFacts:
        return cls(**data)
