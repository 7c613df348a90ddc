"""A conversation as every capture source reads into it.

A source (an export, a hook's transcript) yields `Conversation`s, or a `Malformed` for one it
cannot read, so an import goes on past a bad conversation and names it in one line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime

USER = "user"
ASSISTANT = "assistant"
UNTITLED = "Untitled"  # a conversation's title when its source gives none


@dataclass(frozen=True)
class Turn:
    """One message: who said it (`USER` or `ASSISTANT`), its text, when (if the source says)."""

    role: str
    text: str
    at: datetime | None = None


@dataclass(frozen=True)
class Conversation:
    """A whole conversation of one source.

    `key` is the source's id of it (stable across exports: importing again finds the same
    transcript by it); `source` names the source (`chatgpt`, `claude`, `claude-code`);
    `started` is when it began, time-zone aware; `assistant` is the assistant's name as a
    transcript's speaker; `turns` are in the order they were said, the user's and the
    assistant's words only (no system or tool messages)."""

    source: str
    key: str
    title: str
    started: datetime
    assistant: str
    turns: tuple[Turn, ...]


@dataclass(frozen=True)
class Malformed:
    """A conversation a source could not read: where it is (`where`, such as
    `conversations.json: conversation 12`) and why, in a few words."""

    where: str
    why: str

    def __str__(self) -> str:
        return f"{self.where}: {self.why}"


class Unreadable(Exception):
    """Why a source cannot read one conversation, in a few words (it becomes a `Malformed`)."""


def read_each(
    items: Iterable[object], where: str, conversation_of: Callable[[object], Conversation]
) -> Iterator[Conversation | Malformed]:
    """Each item as a Conversation, or a Malformed naming its place (`where`: the export)."""
    for n, item in enumerate(items, 1):
        try:
            yield conversation_of(item)
        except Unreadable as why:
            yield Malformed(f"{where}: conversation {n}", str(why))


def title_of(value: object) -> str:
    """A source's title on one line; none or a blank one is `UNTITLED`."""
    title = " ".join(value.split()) if isinstance(value, str) else ""
    return title or UNTITLED


def utc_time(value: object) -> datetime | None:
    """An ISO 8601 time as an aware UTC datetime (one without a zone is taken as UTC); None if
    it does not parse or cannot be shown in UTC."""
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    try:
        return moment.astimezone(UTC)
    except OverflowError:  # year 1 at a positive offset, year 9999 at a negative one
        return None
