"""Claude's export: text blocks (or the text of an older export), in UTC, tools left out."""

from __future__ import annotations

import json
import zipfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from vaultkit.capture.claude import read_claude
from vaultkit.capture.conversation import ASSISTANT, USER, Conversation, Malformed, Turn
from vaultkit.capture.exports import open_export
from vaultkit.capture.json_stream import array_items


def chat(sender: str, text: str, content: list[Any] | None = None, **extra: Any) -> dict[str, Any]:
    return {
        "uuid": f"m-{sender}-{len(text)}",
        "text": text,
        "content": [{"type": "text", "text": text}] if content is None else content,
        "sender": sender,
        "created_at": extra.pop("created_at", "2025-06-01T15:00:05.123456Z"),
        "updated_at": "2025-06-01T15:00:05.123456Z",
        "attachments": [],
        "files": [],
        **extra,
    }


def conversation(messages: list[Any], **fields: Any) -> dict[str, Any]:
    return {
        "uuid": "9f2c-uuid",
        "name": "Deploy Jumat",
        "created_at": "2025-06-01T15:00:00.000000Z",
        "updated_at": "2025-06-01T15:10:00.000000Z",
        "account": {"uuid": "acc"},
        "chat_messages": messages,
    } | fields


def simple(key: str, **fields: Any) -> dict[str, Any]:
    return conversation([chat("human", "Halo"), chat("assistant", "Halo juga!")], uuid=key) | fields


def read(tmp_path: Path, items: list[object]) -> list[Conversation | Malformed]:
    path = tmp_path / "claude-export.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("data-2025/conversations.json", json.dumps(items, ensure_ascii=False))
    with open_export(path) as (stream, where, _):
        return list(read_claude(array_items(stream, where, 64), where))


def only(tmp_path: Path, item: dict[str, Any]) -> Conversation:
    [found] = read(tmp_path, [item])
    assert isinstance(found, Conversation), found
    return found


def test_text_blocks_are_the_words_and_tool_blocks_are_left_out(tmp_path: Path) -> None:
    tool_use = {"type": "tool_use", "name": "web_search", "input": {"query": "deploy friday"}}
    tool_result = {"type": "tool_result", "content": [{"type": "text", "text": "results"}]}
    thinking = {"type": "thinking", "thinking": "Friday deploys are risky..."}
    messages = [
        chat("human", "Gw mau deploy Jumat, aman ga?"),
        chat(
            "assistant",
            "This block is not supported on your current device yet.",
            [
                thinking,
                {"type": "text", "text": "Sebentar, saya cek dulu."},
                tool_use,
                tool_result,
                {"type": "text", "text": "Better deploy on Thursday morning."},
            ],
        ),
        # tool blocks only: its `text` is a placeholder, not words
        chat("assistant", "```\nThis block is not supported\n```", [tool_use]),
        chat("human", "   "),
        chat("system", "not a speaker"),
    ]
    found = only(tmp_path, conversation(messages))
    assert [(t.role, t.text) for t in found.turns] == [
        (USER, "Gw mau deploy Jumat, aman ga?"),
        (ASSISTANT, "Sebentar, saya cek dulu.\n\nBetter deploy on Thursday morning."),
    ]
    assert found.turns[0].at == datetime(2025, 6, 1, 15, 0, 5, 123456, tzinfo=UTC)
    assert (found.source, found.key, found.title, found.assistant) == (
        "claude",
        "9f2c-uuid",
        "Deploy Jumat",
        "Claude",
    )


def test_an_older_export_without_blocks_has_its_words_in_text(tmp_path: Path) -> None:
    messages = [chat("human", "Apa kabar?", []), chat("assistant", "Baik!", content=None)]
    del messages[1]["content"]
    found = only(tmp_path, conversation(messages))
    assert [t.text for t in found.turns] == ["Apa kabar?", "Baik!"]


def test_times_with_an_offset_become_utc_past_midnight(tmp_path: Path) -> None:
    messages = [
        chat("human", "Masih begadang", created_at="2025-06-02T06:55:00+07:00"),
        chat("assistant", "Tidur dulu", created_at="2025-06-02T00:05:00Z"),
        chat("human", "ok", created_at="yesterday"),
    ]
    found = only(tmp_path, conversation(messages, created_at="2025-06-02T06:50:00.5+07:00"))
    assert found.started == datetime(2025, 6, 1, 23, 50, 0, 500000, tzinfo=UTC)
    assert found.started.tzinfo is UTC
    assert found.turns[0] == Turn(USER, "Masih begadang", datetime(2025, 6, 1, 23, 55, tzinfo=UTC))
    assert found.turns[2].at is None


def test_an_empty_name_is_untitled(tmp_path: Path) -> None:
    assert only(tmp_path, simple("a", name="")).title == "Untitled"
    assert only(tmp_path, simple("b", name=None)).title == "Untitled"


def test_malformed_conversations_among_good_ones_are_named_by_position(tmp_path: Path) -> None:
    items: list[object] = [
        simple("good-1"),
        [1, 2],
        simple("", name="Tanpa uuid"),
        simple("c-4", created_at="2025-13-01T00:00:00Z"),
        simple("c-5", chat_messages=None),
        simple("c-6", chat_messages=[chat("assistant", "", [{"type": "tool_use"}])]),
        simple("good-7"),
    ]
    found = read(tmp_path, items)
    where = f"{tmp_path / 'claude-export.zip'}/data-2025/conversations.json"
    # a conversation with no words (a tool call alone) is well formed: the import counts it
    conversations = [c for c in found if isinstance(c, Conversation)]
    assert [(c.key, len(c.turns)) for c in conversations] == [
        ("good-1", 2),
        ("c-6", 0),
        ("good-7", 2),
    ]
    assert [str(m) for m in found if isinstance(m, Malformed)] == [
        f"{where}: conversation 2: not an object but list",
        f'{where}: conversation 3: no uuid ("Tanpa uuid")',
        f'{where}: conversation 4: no usable created_at ("Deploy Jumat")',
        f'{where}: conversation 5: no chat_messages list ("Deploy Jumat")',
    ]
