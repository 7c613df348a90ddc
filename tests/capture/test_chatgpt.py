"""ChatGPT's export: the path to the current node, the user's and assistant's words only."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from vaultkit.capture.chatgpt import read_chatgpt
from vaultkit.capture.conversation import ASSISTANT, USER, Conversation, Malformed, Turn
from vaultkit.capture.exports import open_export
from vaultkit.capture.json_stream import array_items

T0 = 1748790000.25  # 2025-06-01 15:00:00.25 UTC


def message(
    role: str,
    parts: list[Any] | None = None,
    *,
    at: float | None = None,
    content_type: str = "text",
    **extra: Any,
) -> dict[str, Any]:
    return {
        "id": f"m-{role}",
        "author": {"role": role, "name": None, "metadata": {}},
        "create_time": at,
        "content": {"content_type": content_type, "parts": parts or []},
        "status": "finished_successfully",
        "metadata": extra.pop("metadata", {}),
        "recipient": extra.pop("recipient", "all"),
        **extra,
    }


def tree(*nodes: tuple[str, str | None, dict[str, Any] | None]) -> dict[str, Any]:
    """A mapping from (id, parent, message) triples; children follow from the parents."""
    mapping: dict[str, Any] = {
        node_id: {"id": node_id, "parent": parent, "children": [], "message": msg}
        for node_id, parent, msg in nodes
    }
    for node_id, parent, _ in nodes:
        if parent is not None:
            mapping[parent]["children"].append(node_id)
    return mapping


def conversation(mapping: dict[str, Any], current: str | None, **fields: Any) -> dict[str, Any]:
    item = {
        "title": "Deploy Jumat",
        "create_time": T0,
        "update_time": T0 + 600,
        "mapping": mapping,
        "current_node": current,
        "id": "c-1",
        "conversation_id": "c-1",
        "moderation_results": [],
        **fields,
    }
    if current is None:
        del item["current_node"]
    return item


def simple(key: str = "c-1", **fields: Any) -> dict[str, Any]:
    mapping = tree(
        ("root", None, None),
        ("u", "root", message("user", ["Halo"], at=T0 + 1)),
        ("a", "u", message("assistant", ["Halo juga!"], at=T0 + 2)),
    )
    return conversation(mapping, "a", id=key, conversation_id=key) | fields


def read(tmp_path: Path, items: list[object]) -> list[Conversation | Malformed]:
    path = tmp_path / "conversations.json"
    path.write_bytes(json.dumps(items, ensure_ascii=False).encode())
    with open_export(tmp_path) as (stream, where, _):
        return list(read_chatgpt(array_items(stream, where, 64), where))


def only(tmp_path: Path, item: dict[str, Any]) -> Conversation:
    [found] = read(tmp_path, [item])
    assert isinstance(found, Conversation), found
    return found


def words(found: Conversation) -> list[tuple[str, str]]:
    return [(t.role, t.text) for t in found.turns]


def test_a_conversation_with_an_edited_message_keeps_only_the_current_branch(
    tmp_path: Path,
) -> None:
    mapping = tree(
        (
            "root",
            None,
            message("system", [""], metadata={"is_visually_hidden_from_conversation": True}),
        ),
        ("u1", "root", message("user", ["Gw mau deploy Jumat, aman ga?"], at=T0 + 10)),
        ("a1", "u1", message("assistant", ["Jumat sore sebaiknya jangan."], at=T0 + 20)),
        # the user edited their second message: the first version's branch is dead
        ("u2-old", "a1", message("user", ["Kalau Kamis?"], at=T0 + 30)),
        ("a2-old", "u2-old", message("assistant", ["Kamis oke."], at=T0 + 40)),
        ("u2", "a1", message("user", ["What about Thursday morning?"], at=T0 + 50)),
        ("a2", "u2", message("assistant", ["Thursday morning is fine."], at=T0 + 60)),
    )
    found = only(tmp_path, conversation(mapping, "a2"))
    assert words(found) == [
        (USER, "Gw mau deploy Jumat, aman ga?"),
        (ASSISTANT, "Jumat sore sebaiknya jangan."),
        (USER, "What about Thursday morning?"),
        (ASSISTANT, "Thursday morning is fine."),
    ]
    assert found.turns[0].at == datetime.fromtimestamp(T0 + 10, UTC)
    assert found == Conversation(
        "chatgpt", "c-1", "Deploy Jumat", datetime.fromtimestamp(T0, UTC), "ChatGPT", found.turns
    )
    assert found.started.tzinfo is UTC


def test_without_a_current_node_the_newest_leaf_is_followed(tmp_path: Path) -> None:
    mapping = tree(
        ("root", None, None),
        ("u", "root", message("user", ["Pilih satu"], at=T0 + 1)),
        ("a-new", "u", message("assistant", ["Jawaban kedua"], at=T0 + 9)),
        ("a-old", "u", message("assistant", ["Jawaban pertama"], at=T0 + 5)),
    )
    assert words(only(tmp_path, conversation(mapping, None))) == [
        (USER, "Pilih satu"),
        (ASSISTANT, "Jawaban kedua"),
    ]
    # a current_node the mapping lacks is no current node either
    gone = conversation(mapping, "deleted-node")
    assert words(only(tmp_path, gone))[-1] == (ASSISTANT, "Jawaban kedua")


def test_system_tool_code_thoughts_and_hidden_messages_are_left_out(tmp_path: Path) -> None:
    hidden = {"is_visually_hidden_from_conversation": True}
    mapping = tree(
        ("root", None, None),
        ("sys", "root", message("system", ["You are ChatGPT"])),
        (
            "ctx",
            "sys",
            message(
                "user",
                ["Saya developer Python di Jakarta"],
                content_type="user_editable_context",
                metadata={"is_user_system_message": True},
            ),
        ),
        ("hid", "ctx", message("user", ["hidden instructions"], metadata=hidden)),
        ("u", "hid", message("user", ["Hitung 2+2 pakai Python"])),
        ("th", "u", message("assistant", [], content_type="thoughts")),
        ("rr", "th", message("assistant", [], content_type="reasoning_recap")),
        (
            "code",
            "rr",
            message("assistant", ["print(2+2)"], content_type="code", recipient="python"),
        ),
        ("out", "code", message("tool", ["4"], content_type="execution_output")),
        ("call", "out", message("assistant", ['search("jakarta")'], recipient="browser")),
        ("web", "call", message("tool", ["results"], content_type="tether_browsing_display")),
        ("blank", "web", message("assistant", ["  \n"])),
        ("a", "blank", message("assistant", ["Hasilnya 4."])),
    )
    assert words(only(tmp_path, conversation(mapping, "a"))) == [
        (USER, "Hitung 2+2 pakai Python"),
        (ASSISTANT, "Hasilnya 4."),
    ]


def test_multimodal_parts_keep_their_text_and_drop_the_image(tmp_path: Path) -> None:
    image = {
        "content_type": "image_asset_pointer",
        "asset_pointer": "file-service://file-abc",
        "width": 800,
        "height": 600,
    }
    mapping = tree(
        ("root", None, None),
        (
            "u",
            "root",
            message(
                "user", [image, "Ini error di log, kenapa ya?", ""], content_type="multimodal_text"
            ),
        ),
        ("a", "u", message("assistant", ["Koneksi DB timeout."])),
    )
    found = only(tmp_path, conversation(mapping, "a"))
    assert words(found)[0] == (USER, "Ini error di log, kenapa ya?")
    assert found.turns[0].at is None


def test_a_null_title_is_untitled(tmp_path: Path) -> None:
    assert only(tmp_path, simple(title=None)).title == "Untitled"
    assert only(tmp_path, simple(title="  ")).title == "Untitled"


def test_a_conversation_past_midnight_utc_started_at_its_create_time(tmp_path: Path) -> None:
    start = datetime(2025, 6, 1, 23, 50, tzinfo=UTC).timestamp()
    mapping = tree(
        ("root", None, None),
        ("u", "root", message("user", ["Masih kerja jam segini"], at=start + 60)),
        ("a", "u", message("assistant", ["Istirahat dulu!"], at=start + 1800)),
    )
    found = only(tmp_path, conversation(mapping, "a", create_time=start))
    assert found.started == datetime(2025, 6, 1, 23, 50, tzinfo=UTC)
    assert found.turns[-1] == Turn(
        ASSISTANT, "Istirahat dulu!", datetime(2025, 6, 2, 0, 20, tzinfo=UTC)
    )


def test_a_cycle_or_a_missing_parent_ends_the_walk(tmp_path: Path) -> None:
    mapping = tree(
        ("u", None, message("user", ["Satu"])),
        ("a", "u", message("assistant", ["Dua"])),
    )
    mapping["u"]["parent"] = "a"  # a cycle
    assert words(only(tmp_path, conversation(mapping, "a"))) == [(USER, "Satu"), (ASSISTANT, "Dua")]
    mapping["u"]["parent"] = "not-there"
    assert len(only(tmp_path, conversation(mapping, "a")).turns) == 2


def test_the_id_may_be_given_as_conversation_id_only(tmp_path: Path) -> None:
    item = simple()
    del item["id"]
    assert only(tmp_path, item).key == "c-1"


def test_malformed_conversations_among_good_ones_are_named_by_position(tmp_path: Path) -> None:
    no_text = conversation(tree(("root", None, message("system", ["x"]))), "root")
    items: list[object] = [
        simple("good-1"),
        "not a conversation",
        simple("", title="Tanpa id"),
        simple("c-4", create_time=None),
        simple("c-5", mapping=[]),
        no_text,
        simple("good-7"),
    ]
    found = read(tmp_path, items)
    where = str(tmp_path / "conversations.json")
    # a conversation with no words (only a system message) is well formed: the import counts it
    conversations = [c for c in found if isinstance(c, Conversation)]
    assert [c.key for c in conversations if c.turns] == ["good-1", "good-7"]
    assert [len(c.turns) for c in conversations][1] == 0
    assert [str(m) for m in found if isinstance(m, Malformed)] == [
        f"{where}: conversation 2: not an object but str",
        f'{where}: conversation 3: no id ("Tanpa id")',
        f'{where}: conversation 4: no usable create_time ("Deploy Jumat")',
        f'{where}: conversation 5: its mapping is not an object ("Deploy Jumat")',
    ]
