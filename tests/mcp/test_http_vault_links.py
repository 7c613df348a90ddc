"""A long-running `vaultkit mcp --http` and a vault that changes under it: a chat folder the
server wrote into, then replaced by a symbolic link to a folder outside the vault (a sync peer,
a pull), is refused at the next write, and nothing is written outside."""

from __future__ import annotations

import io
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.fixtures.mcp_http import TOKEN, Raw, serving, synced_copy
from vaultkit.config import load_config

MODERN = "2026-07-28"
META = {
    "io.modelcontextprotocol/protocolVersion": MODERN,
    "io.modelcontextprotocol/clientCapabilities": {},
}


def save_transcript(raw: Raw, title: str, text: str, day: str) -> dict[str, Any]:
    """A `save_transcript` call of the stateless revision; its tool result."""
    arguments = {"title": title, "text": text, "day": day}
    params = {"name": "save_transcript", "arguments": arguments, "_meta": META}
    message = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params}
    headers = {
        "MCP-Protocol-Version": MODERN,
        "Mcp-Method": "tools/call",
        "Mcp-Name": "save_transcript",
    }
    status, _, answer = raw.request("POST", message, headers)
    assert status == 200, answer
    result: dict[str, Any] = answer["result"]
    return result


@pytest.fixture
def places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path, Path]:
    """A synced workspace's config, the chat folder of a day to come, and a folder outside."""
    config = synced_copy(tmp_path / "ws")
    outside = tmp_path / "outside"
    outside.mkdir()
    monkeypatch.setenv("VAULTKIT_MCP_TOKEN", TOKEN)
    return config, load_config(config).chats_dir / "2026-07-22", outside


def test_a_chat_folder_swapped_for_a_link_is_not_written_through(
    places: tuple[Path, Path, Path],
) -> None:
    config, day, outside = places
    with serving(config) as server:
        raw = Raw(server)
        first = save_transcript(raw, "Swap", "Gading: first", "2026-07-22")
        assert not first.get("isError") and (day / "swap.md").is_file()
        shutil.rmtree(day)
        day.symlink_to(outside, target_is_directory=True)
        second = save_transcript(raw, "Swap", "Gading: second", "2026-07-22")
        raw.close()
    assert second["isError"]
    said = second["content"][0]["text"]
    assert "[symlink]" in said and "memory/chats/2026-07-22 is a symbolic link" in said
    assert list(outside.iterdir()) == []
    log = server.log
    assert isinstance(log, io.StringIO) and "Traceback" not in log.getvalue()


def test_a_linked_chat_folder_is_not_read_through_either(
    places: tuple[Path, Path, Path],
) -> None:
    """The same transcript outside the vault, behind a linked day folder: refused, not
    answered "Already in", which would tell what the outside folder holds."""
    config, day, outside = places
    with serving(config) as server:
        raw = Raw(server)
        first = save_transcript(raw, "Swap", "Gading: the same", "2026-07-22")
        assert not first.get("isError")
        shutil.move(day / "swap.md", outside / "swap.md")
        day.rmdir()
        day.symlink_to(outside, target_is_directory=True)
        again = save_transcript(raw, "Swap", "Gading: the same", "2026-07-22")
        raw.close()
    said = again["content"][0]["text"]
    assert again["isError"] and "[symlink]" in said and "Already in" not in said
