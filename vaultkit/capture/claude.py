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
from typing import Any

from vaultkit.capture.conversation import (
    ASSISTANT,
    UNTITLED,
    USER,
    Conversation,
    Malformed,
    Turn,
    Unreadable,
    read_each,
    title_of,
    utc_time,
)

SOURCE = "claude"
ASSISTANT_NAME = "Claude"
SENDERS = {"human": USER, "assistant": ASSISTANT}


def read_claude(items: Iterable[object], where: str) -> Iterator[Conversation | Malformed]:
    """Each item of a Claude export as a Conversation, or a Malformed naming it (`where` is the
    export's name in messages)."""
    return read_each(items, where, _conversation)


def _conversation(item: object) -> Conversation:
    if not isinstance(item, dict):
        raise Unreadable(f"not an object but {type(item).__name__}")
    title = title_of(item.get("name"))
    named = f' ("{title}")' if title != UNTITLED else ""
    key = item.get("uuid")
    if not isinstance(key, str) or not key.strip():
        raise Unreadable(f"no uuid{named}")
    started = utc_time(item.get("created_at"))
    if started is None:
        raise Unreadable(f"no usable created_at{named}")
    messages = item.get("chat_messages")
    if not isinstance(messages, list):
        raise Unreadable(f"no chat_messages list{named}")
    turns = tuple(t for m in messages if isinstance(m, dict) and (t := _turn(m)))
    return Conversation(SOURCE, key, title, started, ASSISTANT_NAME, turns)


def _turn(message: dict[str, Any]) -> Turn | None:
    """The message as a turn, or None when it holds no words of the user or the assistant."""
    sender = message.get("sender")
    role = SENDERS.get(sender) if isinstance(sender, str) else None
    if role is None:
        return None
    text = _text(message)
    if not text:
        return None
    return Turn(role, text, utc_time(message.get("created_at")))


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
