"""`vaultkit mcp --http` spoken to by the official MCP SDK's client, in both eras: the stateless
2026-07-28 revision (the client's default, after its `server/discover` probe) and a session of
2025-11-25 (`mode="legacy"`: initialize, Mcp-Session-Id, DELETE at the end)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import tree_hashes
from tests.fixtures.mcp_http import TOKEN, serving, synced_copy, with_sdk
from vaultkit.config import load_config
from vaultkit.mcp.http import McpHttpServer
from vaultkit.search.recall import recall
from vaultkit.search.search import search

pytest.importorskip("mcp", reason='the official SDK client: pip install -e ".[dev]"')
AS_OF = "2026-07-31"
MODES = ["auto", "legacy"]


@pytest.fixture(scope="module")
def config(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return synced_copy(tmp_path_factory.mktemp("sdk") / "ws")


@pytest.fixture(scope="module")
def server(config: Path) -> Iterator[McpHttpServer]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("VAULTKIT_MCP_TOKEN", TOKEN)
        with serving(config) as running:
            yield running


@pytest.mark.parametrize("mode", MODES)
def test_the_tools_are_listed_with_their_annotations(server: McpHttpServer, mode: str) -> None:
    async def work(client: Any) -> tuple[str, list[Any]]:
        return client.protocol_version, (await client.list_tools()).tools

    version, tools = with_sdk(server.url, work, mode=mode)
    assert version == ("2026-07-28" if mode == "auto" else "2025-11-25")
    hints = {t.name: t.annotations for t in tools}
    assert list(hints) == ["search", "recall", "remember", "save_transcript"]
    assert hints["search"].read_only_hint is True and hints["recall"].read_only_hint is True
    for name in ("remember", "save_transcript"):
        assert hints[name].read_only_hint is False and hints[name].destructive_hint is False
    assert all(t.input_schema["additionalProperties"] is False for t in tools)


@pytest.mark.parametrize("mode", MODES)
def test_search_and_recall_answer_as_the_core_does(
    server: McpHttpServer, config: Path, mode: str
) -> None:
    async def work(client: Any) -> tuple[Any, Any, Any]:
        found = await client.call_tool(
            "search", {"query": "kubernetes", "top_k": 3, "as_of": AS_OF}
        )
        pack = await client.call_tool("recall", {"query": "redis outage", "as_of": AS_OF})
        bad = await client.call_tool("search", {"query": "x", "as_of": "2026-02-30"})
        return found, pack, bad

    found, pack, bad = with_sdk(server.url, work, mode=mode)
    loaded = load_config(config)
    expected = search(loaded, "kubernetes", top_k=3, as_of=date(2026, 7, 31)).as_dict()
    assert found.is_error is False
    assert found.structured_content == json.loads(json.dumps(expected))
    mine = recall(loaded, "redis outage", as_of=date(2026, 7, 31)).markdown
    assert pack.content[0].text == mine and mine.startswith("# Recall: redis outage")
    assert bad.is_error is True and "as_of: expected a date" in bad.content[0].text


@pytest.mark.parametrize("mode", MODES)
def test_what_is_remembered_is_found_by_the_next_search(server: McpHttpServer, mode: str) -> None:
    word = {"auto": "wombat", "legacy": "narwhal"}[mode]

    async def work(client: Any) -> tuple[Any, Any, Any, Any]:
        before = await client.call_tool("search", {"query": word, "as_of": AS_OF})
        kept = await client.call_tool(
            "remember", {"text": f"Rina wants a {word} plush for her birthday", "day": "2026-07-04"}
        )
        after = await client.call_tool("search", {"query": word, "as_of": AS_OF})
        saved = await client.call_tool(
            "save_transcript",
            {"title": f"{word} talk", "text": f"Rina: the {word} one", "day": "2026-07-05"},
        )
        return before, kept, after, saved

    before, kept, after, saved = with_sdk(server.url, work, mode=mode)
    assert before.structured_content["results"] == []
    assert kept.is_error is False and kept.structured_content["path"] == "memory/2026-07-04.md"
    dates = [r["date"] for r in after.structured_content["results"]]
    assert dates[0] == "2026-07-04"
    assert saved.structured_content["path"] == f"memory/chats/2026-07-05/{word}-talk.md"


def leaves(error: BaseException) -> list[BaseException]:
    if isinstance(error, BaseExceptionGroup):
        return [leaf for inner in error.exceptions for leaf in leaves(inner)]
    return [error]


@pytest.mark.parametrize("mode", MODES)
def test_no_token_or_a_wrong_one_is_refused(server: McpHttpServer, mode: str) -> None:
    from mcp.shared.exceptions import MCPError

    async def work(client: Any) -> Any:
        return await client.list_tools()

    for token, said in [(None, "a bearer token is required"), ("wrong-" * 4, "is not valid")]:
        with pytest.raises(BaseException) as failed:
            with_sdk(server.url, work, token=token, mode=mode)
        (error,) = leaves(failed.value)
        assert isinstance(error, MCPError) and said in str(error)
        assert TOKEN not in str(error)


def test_a_read_only_server_lists_and_serves_only_the_read_tools(config: Path) -> None:
    async def work(client: Any) -> tuple[list[str], Any]:
        names = [t.name for t in (await client.list_tools()).tools]
        return names, await client.call_tool("remember", {"text": "should not land"})

    before = tree_hashes(config.parent)
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("VAULTKIT_MCP_TOKEN", raising=False)
        with serving(config, read_only=True) as running:
            names, refused = with_sdk(running.url, work, token=None)
    assert names == ["search", "recall"]
    assert refused.is_error is True and "read-only" in refused.content[0].text
    assert tree_hashes(config.parent) == before
