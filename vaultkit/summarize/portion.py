"""How much of a day a summarizer reads: all of it, or its first part when the day is larger than
the summarizer reads (the offline summarizer's `MAX_DAY_CHARS`, an LLM's `max_input_chars`).

The first part is the note, then the transcripts in their order, up to the limit, cut at a
line's end. A summary made from part of a day is not one of all of it, so a summarizer that
cut a day says how much it read (`Bounded.portion`): sync warns of it for the day, in `--json`
too, and `vaultkit explain DAY` shows it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from vaultkit.model import DayInput


@dataclass(frozen=True)
class Portion:
    """The part of a day a summarizer read and the day's size (bytes of UTF-8 text), and the
    limit that cut it."""

    read: int
    total: int
    limit: str

    @classmethod
    def of(cls, read: Iterable[str], whole: Iterable[str], limit: str) -> Portion:
        """The portion that the texts `read` are of the texts `whole`."""
        return cls(sum(map(_bytes, read)), sum(map(_bytes, whole)), limit)

    def message(self) -> str:
        read, total = size(self.read), size(self.total)
        if read == total:  # a day just over the limit: "2.0 MB of 2.0 MB" would say nothing
            read, total = f"{self.read:,}", f"{self.total:,} bytes"
        return f"read the first {read} of {total} ({self.limit})"

    def as_dict(self) -> dict[str, object]:
        return {"read_bytes": self.read, "total_bytes": self.total, "limit": self.limit,
                "message": self.message()}  # fmt: skip


@runtime_checkable
class Bounded(Protocol):
    """A summarizer that may read only the first part of a day."""

    def portion(self, day: DayInput) -> Portion | None:
        """How much of the day it reads, when not all of it."""
        ...


def portion_of(summarizer: object, day: DayInput) -> Portion | None:
    """How much of a day a summarizer reads, when not all of it."""
    return summarizer.portion(day) if isinstance(summarizer, Bounded) else None


def head(text: str, limit: int) -> str:
    """At most `limit` characters from the start of `text`, cut at a line's end when one falls
    in their second half."""
    if len(text) <= limit:
        return text
    cut = text[:limit]
    newline = cut.rfind("\n")
    return cut[:newline] if newline > limit // 2 else cut


def first_part(day: DayInput, limit: int, why: str) -> tuple[DayInput, Portion | None]:
    """The day as read within `limit` characters: its note, then its transcripts in order, the
    first one that does not fit cut (and the rest left out); and how much that is, when it is
    not the whole day. `why` names the limit."""
    if len(day.note) + sum(len(text) for _, text in day.transcripts) <= limit:
        return day, None
    note = head(day.note, limit)
    left = limit - len(note) if note == day.note else 0  # what is cut ends what is read
    transcripts: list[tuple[str, str]] = []
    for name, text in day.transcripts:
        if left <= 0:
            break
        kept = head(text, left)
        transcripts.append((name, kept))
        left = left - len(kept) if kept == text else 0
    read = Portion.of(
        [note, *(text for _, text in transcripts)],
        [day.note, *(t for _, t in day.transcripts)],
        why,
    )
    return DayInput(day.date, note, tuple(transcripts)), read


def size(count: int) -> str:
    """A number of bytes as a person reads it: `512 bytes`, `24.0 KB`, `2.0 MB`."""
    if count < 1000:
        return f"{count} bytes"
    if count < 1_000_000:
        return f"{count / 1000:.1f} KB"
    return f"{count / 1_000_000:.1f} MB"


def _bytes(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))
