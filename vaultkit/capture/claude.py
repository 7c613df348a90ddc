"""The conversations of Claude's data export (`conversations.json`).

Each item is a conversation: `uuid`, `name`, `created_at` and `updated_at` (ISO 8601, with `Z`
or an offset, perhaps with microseconds), and `chat_messages` in the order they were said, each
with `sender` (`human` or `assistant`), `text`, `content` (blocks: `text`, `tool_use`,
`tool_result`, `thinking`...), `created_at`, attachments and files.

A message's words are its `content`'s text blocks, joined, when `content` is a non-empty list;
only an older export without blocks has them in `text` alone. So a message of tool calls and
nothing else is no turn: its `text` holds a placeholder for the blocks, not words. Tool use,
tool results and thinking are left out, and so is a sender other than the two, and a blank
message. A turn's `at` is its message's `created_at`, if it parses.

Times become aware UTC datetimes; one without an offset is taken as UTC (the export writes `Z`).
A conversation that is not an object, has no uuid, no usable `created_at`, no `chat_messages`
list, or no words of the user or the assistant is a `Malformed` named by its 1-based position
in the file (and its name when it has one); the next one is read on.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from typing import Any

from vaultkit.capture.conversation import ASSISTANT, USER, Conversation, Malformed, Turn

SOURCE = "claude"
ASSISTANT_NAME = "Claude"
UNTITLED = "Untitled"
SENDERS = {"human": USER, "assistant": ASSISTANT}


class _Unreadable(Exception):
    """Why a conversation cannot be read, in a few words."""


def read_claude(items: Iterable[object], where: str) -> Iterator[Conversation | Malformed]:
    """Each item of a Claude export as a Conversation, or a Malformed naming it (`where` is the
    export's name in messages)."""
    for n, item in enumerate(items, 1):
        try:
            yield _conversation(item)
        except _Unreadable as why:
            yield Malformed(f"{where}: conversation {n}", str(why))


def _conversation(item: object) -> Conversation:
    if not isinstance(item, dict):
        raise _Unreadable(f"not an object but {type(item).__name__}")
    title = _title(item.get("name"))
    named = f' ("{title}")' if title != UNTITLED else ""
    key = item.get("uuid")
    if not isinstance(key, str) or not key.strip():
        raise _Unreadable(f"no uuid{named}")
    started = _time(item.get("created_at"))
    if started is None:
        raise _Unreadable(f"no usable created_at{named}")
    messages = item.get("chat_messages")
    if not isinstance(messages, list):
        raise _Unreadable(f"no chat_messages list{named}")
    turns = tuple(t for m in messages if isinstance(m, dict) and (t := _turn(m)))
    return Conversation(SOURCE, key, title, started, ASSISTANT_NAME, turns)


def _title(value: object) -> str:
    """The name on one line; none or a blank one is `Untitled`."""
    title = " ".join(value.split()) if isinstance(value, str) else ""
    return title or UNTITLED


def _time(value: object) -> datetime | None:
    """An ISO 8601 time as an aware UTC datetime; None if it does not parse."""
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


def _turn(message: dict[str, Any]) -> Turn | None:
    """The message as a turn, or None when it holds no words of the user or the assistant."""
    sender = message.get("sender")
    role = SENDERS.get(sender) if isinstance(sender, str) else None
    if role is None:
        return None
    text = _text(message)
    if not text:
        return None
    return Turn(role, text, _time(message.get("created_at")))


def _text(message: dict[str, Any]) -> str:
    content = message.get("content")
    if isinstance(content, list) and content:
        texts = (
            block.get("text")
            for block in content
            if isinstance(block, dict) and block.get("type") == "text"
        )
        return "\n\n".join(t.strip() for t in texts if isinstance(t, str) and t.strip())
    text = message.get("text")
    return text.strip() if isinstance(text, str) else ""
