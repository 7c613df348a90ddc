"""The conversations of ChatGPT's data export (`conversations.json`).

Each item is a conversation: `id` (older exports: `conversation_id`), `title`, `create_time`
(epoch seconds), `current_node`, and `mapping`, a tree of nodes `{id, parent, children,
message}`. The tree keeps every version: editing a message, or asking for another answer,
starts a sibling branch and leaves the old one in the tree. What the user saw last, and so the
conversation, is the path from the root to `current_node`, found by following `parent` up from
it (a cycle or a missing parent ends the walk: the export is not trusted to be a tree).

Without a `current_node` (or one the mapping lacks), the conversation is the path to the leaf
whose message is the newest by `create_time` (a leaf without a time counts as oldest; a tie
goes to the later in the mapping). That is the branch last written to, as ChatGPT shows after
an edit; following the first child from the root would pick the version edited away.

A message on that path is a turn when it is the user's or the assistant's words: `author.role`
user or assistant; `content.content_type` text or multimodal_text (its string parts only, an
image's part is a dict); not hidden (`metadata.is_visually_hidden_from_conversation`, the
custom instructions of `is_user_system_message`); not addressed to a tool (an assistant's
message whose `recipient` is not `all` is a call to browsing, code or memory, not an answer);
and not blank. System and tool messages, code, execution output, browsing displays, thoughts
and reasoning recaps are left out. A turn's `at` is its message's `create_time`, if it has one.

A conversation that is not an object, has no id, no usable `create_time`, a mapping that is not
an object, or no words of the user or the assistant on its path is a `Malformed` named by its
1-based position in the file (and its title when it has one); the next one is read on.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
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
)

SOURCE = "chatgpt"
ASSISTANT_NAME = "ChatGPT"
ROLES = {"user": USER, "assistant": ASSISTANT}
TEXT_TYPES = frozenset({"text", "multimodal_text"})
HIDDEN_FLAGS = ("is_visually_hidden_from_conversation", "is_user_system_message")


def read_chatgpt(items: Iterable[object], where: str) -> Iterator[Conversation | Malformed]:
    """Each item of a ChatGPT export as a Conversation, or a Malformed naming it (`where` is
    the export's name in messages)."""
    return read_each(items, where, _conversation)


def _conversation(item: object) -> Conversation:
    if not isinstance(item, dict):
        raise Unreadable(f"not an object but {type(item).__name__}")
    title = title_of(item.get("title"))
    named = f' ("{title}")' if title != UNTITLED else ""
    key = item.get("id") or item.get("conversation_id")
    if not isinstance(key, str) or not key.strip():
        raise Unreadable(f"no id{named}")
    started = _time(item.get("create_time"))
    if started is None:
        raise Unreadable(f"no usable create_time{named}")
    mapping = item.get("mapping")
    if not isinstance(mapping, dict):
        raise Unreadable(f"its mapping is not an object{named}")
    turns = tuple(t for node in _path(mapping, item.get("current_node")) if (t := _turn(node)))
    return Conversation(SOURCE, key, title, started, ASSISTANT_NAME, turns)


def _time(value: object) -> datetime | None:
    """Epoch seconds as an aware UTC datetime; None if it is not a usable number."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return None
    try:
        return datetime.fromtimestamp(value, UTC)
    except (OverflowError, OSError, ValueError):
        return None


def _path(mapping: dict[str, Any], current: object) -> list[dict[str, Any]]:
    """The nodes from the root to `current` (or to the newest leaf, without one), in order."""
    if not isinstance(current, str) or not isinstance(mapping.get(current), dict):
        current = _newest_leaf(mapping)
    path: list[dict[str, Any]] = []
    seen: set[str] = set()
    node_id: object = current
    while isinstance(node_id, str) and node_id not in seen:
        node = mapping.get(node_id)
        if not isinstance(node, dict):
            break
        seen.add(node_id)
        path.append(node)
        node_id = node.get("parent")
    path.reverse()
    return path


def _newest_leaf(mapping: dict[str, Any]) -> str | None:
    """The id of the leaf whose message is the newest (see the module's docstring)."""
    best: tuple[float, int] | None = None
    leaf = None
    for order, (node_id, node) in enumerate(mapping.items()):
        if not isinstance(node, dict) or _has_children(node, mapping):
            continue
        created = _time(_message(node).get("create_time"))
        rank = (created.timestamp() if created else -math.inf, order)
        if best is None or rank > best:
            best, leaf = rank, node_id
    return leaf


def _has_children(node: dict[str, Any], mapping: dict[str, Any]) -> bool:
    children = node.get("children")
    return isinstance(children, list) and any(
        isinstance(c, str) and isinstance(mapping.get(c), dict) for c in children
    )


def _message(node: dict[str, Any]) -> dict[str, Any]:
    message = node.get("message")
    return message if isinstance(message, dict) else {}


def _turn(node: dict[str, Any]) -> Turn | None:
    """The node's message as a turn, or None when it is not the user's or assistant's words."""
    message = _message(node)
    author = message.get("author")
    name = author.get("role") if isinstance(author, dict) else None
    role = ROLES.get(name) if isinstance(name, str) else None
    if role is None or _hidden(message) or message.get("recipient") not in (None, "all"):
        return None
    text = _text(message.get("content"))
    if not text:
        return None
    return Turn(role, text, _time(message.get("create_time")))


def _hidden(message: dict[str, Any]) -> bool:
    metadata = message.get("metadata")
    return isinstance(metadata, dict) and any(metadata.get(flag) is True for flag in HIDDEN_FLAGS)


def _text(content: object) -> str:
    """The string parts of a text or multimodal_text content, joined; "" for any other."""
    if not isinstance(content, dict) or content.get("content_type") not in TEXT_TYPES:
        return ""
    parts = content.get("parts")
    if not isinstance(parts, list):
        return ""
    return "\n\n".join(p.strip() for p in parts if isinstance(p, str) and p.strip())
