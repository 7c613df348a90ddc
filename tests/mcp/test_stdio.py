"""`vaultkit mcp`: the MCP stdio server, spoken to as a host does, through a real process."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import tree_hashes
from vaultkit.config import load_config
from vaultkit.errors import UsageError
from vaultkit.mcp.server import PROTOCOL_VERSIONS, McpServer, respond, serve
from vaultkit.mcp.tools import TOOLS, check_arguments
from vaultkit.search.fence import NOTICE
from vaultkit.search.search import search
from vaultkit.sync.daily import sync

AS_OF = "2026-07-31"


class Host:
    """An MCP host's end of the stdio pipe: one JSON message per line each way."""

    def __init__(self, config: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "vaultkit", "mcp", "--config", str(config)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self.next_id = 0

    def send(self, message: dict[str, Any] | str) -> None:
        assert self.process.stdin is not None
        line = message if isinstance(message, str) else json.dumps(message)
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def receive(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line, self.close()[1]
        answer: dict[str, Any] = json.loads(line)
        return answer

    def request(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        self.next_id += 1
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        response = self.receive()
        assert response["id"] == self.next_id
        return response

    def call(self, tool: str, **arguments: Any) -> dict[str, Any]:
        result: dict[str, Any] = self.request("tools/call", {"name": tool, "arguments": arguments})[
            "result"
        ]
        return result

    def close(self) -> tuple[int, str]:
        assert self.process.stdin is not None and self.process.stderr is not None
        self.process.stdin.close()
        code = self.process.wait(timeout=30)
        stderr = self.process.stderr.read()
        self.process.stdout.close()  # type: ignore[union-attr]
        self.process.stderr.close()
        return code, stderr


@pytest.fixture
def synced(workspace: Path) -> Path:
    assert sync(load_config(workspace / "memory_config.json")).ok
    return workspace / "memory_config.json"


@pytest.fixture
def host(synced: Path) -> Iterator[Host]:
    host = Host(synced)
    answer = host.request(
        "initialize",
        {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "test-host", "version": "1"},
        },
    )
    assert answer["result"]["protocolVersion"] == "2025-06-18"
    host.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    yield host
    if host.process.poll() is None:
        host.close()


def test_a_session_lists_and_calls_both_tools(host: Host, synced: Path) -> None:
    tools = host.request("tools/list")["result"]["tools"]
    assert [t["name"] for t in tools] == ["search", "recall", "remember", "save_transcript"]
    for tool in tools:
        assert tool["inputSchema"]["required"] in (["query"], ["text"], ["title", "text"])
        assert tool["description"] and tool["annotations"]["openWorldHint"] is False

    found = host.call("search", query="kubernetes", top_k=3, as_of=AS_OF)
    assert "isError" not in found
    expected = search(load_config(synced), "kubernetes", top_k=3, as_of=date(2026, 7, 31))
    assert found["structuredContent"] == json.loads(json.dumps(expected.as_dict()))
    notice, opening, *body, closing = found["content"][0]["text"].splitlines()
    assert notice == NOTICE and closing == "</" + opening[1:]  # the hits are fenced as data
    assert json.loads("\n".join(body)) == found["structuredContent"]
    assert [r["date"] for r in found["structuredContent"]["results"]]

    pack = host.call("recall", query="kubernetes", max_days=2, max_chars=1500, as_of=AS_OF)
    text = pack["content"][0]["text"]
    assert text.startswith("# Recall: kubernetes") and len(text) <= 1500
    assert NOTICE in text and text.endswith(">\n")

    assert host.request("ping")["result"] == {}
    assert host.close()[0] == 0


def test_user_errors_are_tool_errors_the_model_can_read(host: Host) -> None:
    cases = {
        "query: must not be empty": {"query": "  "},
        "missing argument 'query'": {},
        "top_k: expected an integer, got 'five'": {"query": "x", "top_k": "five"},
        "as_of: expected a date YYYY-MM-DD, got '2026-02-30'": {
            "query": "x",
            "as_of": "2026-02-30",
        },
        "unknown argument 'limit'": {"query": "x", "limit": 3},
        "is after": {"query": "x", "since": "2026-05-01", "until": "2026-04-01"},
    }
    for message, arguments in cases.items():
        result = host.request("tools/call", {"name": "search", "arguments": arguments})["result"]
        assert result["isError"] is True, arguments
        assert message in result["content"][0]["text"]
        assert "\n" not in result["content"][0]["text"]


def test_protocol_errors_keep_the_server_running(host: Host) -> None:
    host.send("{not json")
    assert host.receive()["error"]["code"] == -32700
    host.send("[]")
    assert host.receive()["error"]["code"] == -32600
    assert host.request("resources/list")["error"]["code"] == -32601
    unknown = host.request("tools/call", {"name": "forget", "arguments": {}})
    assert unknown["error"]["code"] == -32602
    assert host.request("tools/list")["result"]["tools"]  # still answering
    code, stderr = host.close()
    assert code == 0 and "Traceback" not in stderr


def test_odd_messages_get_the_json_rpc_answer_the_spec_asks_for(synced: Path) -> None:
    server = McpServer(synced, log=io.StringIO())
    ping = {"jsonrpc": "2.0", "method": "ping"}
    for ident in [None, 1.5, True, {"x": 1}]:
        answer = server.handle({**ping, "id": ident})
        assert answer is not None and answer["error"]["code"] == -32600, ident
    assert server.handle({**ping, "id": "a-string"}) == {
        "jsonrpc": "2.0",
        "id": "a-string",
        "result": {},
    }
    no_version = server.handle({"id": 7, "method": "ping"})
    assert (
        no_version is not None and no_version["id"] == 7 and no_version["error"]["code"] == -32600
    )
    assert server.handle({"jsonrpc": "2.0", "id": 9, "result": {}}) is None  # a client's answer
    batch = respond(server, json.dumps([{**ping, "id": 1}, {"jsonrpc": "2.0", "method": "x"}]))
    assert batch is not None and json.loads(batch) == [{"jsonrpc": "2.0", "id": 1, "result": {}}]
    assert json.loads(respond(server, "[]") or "")["error"]["code"] == -32600
    not_utf8 = respond(server, b'{"jsonrpc": "2.0", "id": 1, "method": "caf\xe9"}')
    assert not_utf8 is not None and json.loads(not_utf8)["error"]["code"] == -32700


def test_answers_are_ascii_json_whatever_the_query_holds(synced: Path) -> None:
    server = McpServer(synced, log=io.StringIO())
    for query in ["\ud800 lone surrogate", "日本 Ábc"]:
        call = {"name": "search", "arguments": {"query": query}}
        line = respond(
            server, json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": call})
        )
        assert line is not None and line.isascii()
        assert json.loads(line)["result"]["structuredContent"]["query"] == query


def test_search_answers_hold_what_the_description_promises(host: Host) -> None:
    tools = {t["name"]: t for t in host.request("tools/list")["result"]["tools"]}
    promised = ("people", "projects", "tags", "mood", "bullets")
    assert all(word in tools["search"]["description"] for word in promised)
    found = host.call("search", query="redis outage", as_of="2026-07-10")["structuredContent"]
    assert found["results"]
    for row in found["results"]:
        assert row["date"] <= "2026-07-10"  # the vault as it stood that day
        assert row["importance"] in range(1, 11) and 0 <= row["importance_score"] <= 1
        assert all(key in row for key in promised) and row["bullets"]


def test_a_vault_gone_while_serving_is_a_tool_error(host: Host, synced: Path) -> None:
    vault = load_config(synced).vault_dir
    vault.rename(vault.with_name("moved"))
    result = host.call("search", query="kubernetes")
    assert result["isError"] is True and "[vault-missing]" in result["content"][0]["text"]
    assert not vault.exists()  # nothing was created in its place
    vault.with_name("moved").rename(vault)
    assert "isError" not in host.call("search", query="kubernetes")


def test_a_note_written_while_serving_is_found_by_the_next_call(host: Host, synced: Path) -> None:
    first = host.call("search", query="zanzibar", as_of=AS_OF)["structuredContent"]
    assert first["results"] == []
    memory = load_config(synced).memory_dir
    (memory / "2026-07-30.md").write_text("# 2026-07-30\n\n- Booked the Zanzibar trip.\n")
    found = host.call("search", query="zanzibar", as_of=AS_OF)["structuredContent"]
    assert [r["date"] for r in found["results"]] == ["2026-07-30"]


def test_serving_changes_no_file_of_the_vault(synced: Path) -> None:
    vault = load_config(synced).vault_dir
    before = tree_hashes(vault)
    host = Host(synced)
    host.request("initialize", {"protocolVersion": "2024-11-05", "capabilities": {}})
    host.call("search", query="kubernetes", as_of=AS_OF)
    host.call("recall", query="kubernetes", as_of=AS_OF)
    assert host.close()[0] == 0
    after = tree_hashes(vault)
    assert {k: v for k, v in after.items() if ".vaultkit" not in k} == {
        k: v for k, v in before.items() if ".vaultkit" not in k
    }


def test_a_broken_config_fails_at_start_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "memory_config.json").write_text("{broken", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "vaultkit", "mcp", "--config", str(tmp_path)],
        input="",
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 2
    assert done.stdout == ""  # stdout is the protocol's: nothing else goes there
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "[config-json]" in lines[0]


def test_version_negotiation_and_structured_results(synced: Path) -> None:
    for asked, expected in [
        ("2024-11-05", "2024-11-05"),
        ("2025-11-25", "2025-11-25"),
        ("1999-01-01", PROTOCOL_VERSIONS[0]),
    ]:
        server = McpServer(synced, log=io.StringIO())
        init = server.handle(
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {"protocolVersion": asked},
            }
        )
        assert init is not None and init["result"]["protocolVersion"] == expected
        call = server.handle(
            {
                "jsonrpc": "2.0",
                "id": 2,
                "method": "tools/call",
                "params": {"name": "search", "arguments": {"query": "kubernetes"}},
            }
        )
        assert call is not None
        # structuredContent exists from 2025-06-18 on; older hosts read the text only
        assert ("structuredContent" in call["result"]) == (expected >= "2025-06-18")


def test_serve_reads_lines_until_the_input_ends(synced: Path) -> None:
    lines = [
        json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
        "",
        json.dumps({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {}}),
        json.dumps({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}),
    ]
    written = io.StringIO()
    serve(synced, [line + "\n" for line in lines], written, log=io.StringIO())
    answers = [json.loads(line) for line in written.getvalue().splitlines()]
    assert [a["id"] for a in answers] == [1, 2]  # the notification and the blank line: no answer


def test_a_config_changed_or_broken_while_serving_counts_at_the_next_call(
    host: Host, synced: Path
) -> None:
    good = synced.read_text(encoding="utf-8")
    data = json.loads(good)
    data.setdefault("search", {})["top_k"] = 2
    synced.write_text(json.dumps(data), encoding="utf-8")
    assert len(host.call("search", query="kubernetes")["structuredContent"]["results"]) <= 2
    synced.write_text("{broken", encoding="utf-8")
    broken = host.call("search", query="kubernetes")
    assert broken["isError"] is True and "[config-json]" in broken["content"][0]["text"]
    synced.write_text(good, encoding="utf-8")
    assert "isError" not in host.call("search", query="kubernetes")


def test_arguments_are_checked_against_the_schema() -> None:
    schema = next(t["inputSchema"] for t in TOOLS if t["name"] == "recall")
    checked = check_arguments(schema, {"query": "q", "since": "2024-01-02", "max_days": 2.0})
    assert checked == {"query": "q", "since": "2024-01-02", "max_days": 2}
    assert type(checked["max_days"]) is int  # 2.0 is an integer to JSON Schema
    assert check_arguments(schema, {"query": "q", "max_days": None}) == {"query": "q"}
    for bad, message in [
        ({"query": "q", "max_days": 0}, "max_days: expected an integer >= 1, got 0"),
        ({"query": "q", "max_days": True}, "max_days: expected an integer, got True"),
        ({"query": "q", "max_days": 2.5}, "max_days: expected an integer, got 2.5"),
        ({"query": "q", "min_importance": 11}, "min_importance: expected an integer <= 10"),
        ({"query": 3}, "query: expected a string, got 3"),
        ({"query": None}, "missing argument 'query'"),
        ([], "arguments must be an object"),
    ]:
        with pytest.raises(UsageError, match=message.replace("(", r"\(")):
            check_arguments(schema, bad)


def test_the_stateless_revision_over_stdio(synced: Path) -> None:
    """2026-07-28: no initialize; each request carries its version, `server/discover` names
    them, and an older client's `initialize` still works in the same process."""
    server = McpServer(synced, log=io.StringIO())
    meta = {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
    }

    def ask(method: str, **params: Any) -> dict[str, Any]:
        message = {"jsonrpc": "2.0", "id": 1, "method": method, "params": {**params, "_meta": meta}}
        answer = server.handle(message)
        assert answer is not None
        return answer

    found = ask("server/discover")["result"]
    assert found["supportedVersions"][0] == "2026-07-28" and found["resultType"] == "complete"
    assert found["_meta"]["io.modelcontextprotocol/serverInfo"]["name"] == "vaultkit"
    listed = ask("tools/list")["result"]
    assert listed["cacheScope"] == "private" and len(listed["tools"]) == 4
    called = ask("tools/call", name="search", arguments={"query": "k3s", "as_of": AS_OF})
    assert called["result"]["structuredContent"]["results"]
    assert ask("ping")["error"]["code"] == -32601  # gone from this revision
    meta["io.modelcontextprotocol/protocolVersion"] = "2099-01-01"
    refused = ask("tools/list")["error"]
    assert refused["code"] == -32022 and "2026-07-28" in refused["data"]["supported"]
    hello = {
        "jsonrpc": "2.0",
        "id": 2,
        "method": "initialize",
        "params": {"protocolVersion": "2025-06-18"},
    }
    assert server.handle(hello)["result"]["protocolVersion"] == "2025-06-18"  # type: ignore[index]
