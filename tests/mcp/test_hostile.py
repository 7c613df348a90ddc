"""`vaultkit mcp` fed what an attacker or a broken host sends: every bad line gets a JSON-RPC
error or a tool error, the next request is answered, and nothing huge is sent back."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vaultkit.mcp.server import McpServer, bounded_lines, respond

INIT = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18"},
}
PING = json.dumps({"jsonrpc": "2.0", "id": "after", "method": "ping"})


def _search(ident: int, **arguments: Any) -> str:
    params = {"name": "search", "arguments": {"query": "k3s", **arguments}}
    return json.dumps({"jsonrpc": "2.0", "id": ident, "method": "tools/call", "params": params})


def _serve(config: Path, *lines: str) -> tuple[list[dict[str, Any]], str, int]:
    """Send each line, then a ping, to a real `vaultkit mcp`; its answers, stderr and exit."""
    sent = "\n".join([json.dumps(INIT), *lines, PING]) + "\n"
    done = subprocess.run(
        [sys.executable, "-m", "vaultkit", "mcp", "--config", str(config)],
        input=sent.encode(),
        capture_output=True,
        timeout=120,
    )
    answers = [json.loads(line) for line in done.stdout.decode().splitlines()]
    return answers, done.stderr.decode(), done.returncode


BAD_LINES = {
    "a 5,000-deep array": ("[" * 5000 + "]" * 5000, -32700),
    "a 5,000-deep object": ('{"a":' * 5000 + "1" + "}" * 5000, -32700),
    "an id of 5,000 digits": ('{"jsonrpc":"2.0","id":' + "9" * 5000 + ',"method":"ping"}', -32700),
    "a top_k of 5,000 digits": (_search(3).replace('"k3s"', '"k3s","top_k":' + "9" * 5000), -32700),
    "a line of 2 MB": (_search(4, query="x" * 2_000_000), -32600),
}


@pytest.mark.parametrize("case", sorted(BAD_LINES))
def test_a_malformed_line_is_an_error_and_the_next_request_is_answered(
    workspace: Path, case: str
) -> None:
    line, code = BAD_LINES[case]
    answers, stderr, exit_code = _serve(workspace / "memory_config.json", line)
    assert exit_code == 0 and "Traceback" not in stderr
    assert answers[1]["id"] is None and answers[1]["error"]["code"] == code
    assert len(json.dumps(answers[1])) < 300  # nothing of the line is sent back
    assert answers[2] == {"jsonrpc": "2.0", "id": "after", "result": {}}


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        ({"query": "x " * 3000}, "query: at most 4,096 characters, got 6,000"),
        ({"top_k": 10**4000}, "top_k: expected an integer <= 100, got a huge number"),
        ({"top_k": "9" * 10_000}, "top_k: expected an integer, got '999999999999999"),
    ],
)
def test_a_huge_argument_is_a_short_tool_error(
    workspace: Path, arguments: dict[str, Any], said: str
) -> None:
    answers, stderr, exit_code = _serve(workspace / "memory_config.json", _search(5, **arguments))
    result = answers[1]["result"]
    assert result["isError"] and result["content"][0]["text"].startswith(said)
    assert len(result["content"][0]["text"]) < 120
    assert exit_code == 0 and "Traceback" not in stderr
    assert answers[2]["result"] == {}


def test_the_request_bound_comes_from_the_config(workspace: Path) -> None:
    config = workspace / "memory_config.json"
    data = json.loads(config.read_text())
    config.write_text(json.dumps({**data, "mcp": {"max_request_bytes": 2048}}))
    answers, _, _ = _serve(config, _search(6, query="a " * 1500), _search(7, query="k3s"))
    assert (
        answers[1]["error"]["message"]
        == "a request of more than 2,048 bytes (mcp.max_request_bytes)"
    )
    assert answers[2]["id"] == 7 and not answers[2]["result"].get("isError")


def test_a_long_line_is_read_in_pieces_never_whole() -> None:
    class Stream:
        def __init__(self, data: bytes) -> None:
            self.data, self.at, self.largest = data, 0, 0

        def readline(self, limit: int) -> bytes:
            end = self.data.find(b"\n", self.at, self.at + limit)
            stop = self.at + limit if end < 0 else end + 1
            piece, self.at = self.data[self.at : stop], min(stop, len(self.data))
            self.largest = max(self.largest, len(piece))
            return piece

    stream = Stream(b"a" * 100_000 + b"\nnext\n")
    assert list(bounded_lines(stream, 1000)) == [None, b"next\n"]  # type: ignore[arg-type]
    assert stream.largest <= 1001


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> McpServer:
    import shutil

    from tests.conftest import REPO

    root = tmp_path_factory.mktemp("ws")
    shutil.copy(REPO / "memory_config.json", root / "memory_config.json")
    shutil.copytree(REPO / "vault", root / "vault", ignore=shutil.ignore_patterns(".vaultkit"))
    return McpServer(root / "memory_config.json")


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)
MESSAGES = st.fixed_dictionaries(
    {"jsonrpc": st.just("2.0"), "id": JSON, "method": st.sampled_from(["ping", "tools/call", "x"])},
    optional={"params": JSON},
)


@settings(max_examples=150, deadline=None)
@given(st.one_of(JSON, MESSAGES, st.lists(MESSAGES, max_size=3)))
def test_any_json_gets_an_answer_or_none_never_an_exception(server: McpServer, value: Any) -> None:
    answer = respond(server, json.dumps(value))
    assert answer is None or isinstance(json.loads(answer), dict | list)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_get_an_answer_or_none(server: McpServer, line: bytes) -> None:
    answer = respond(server, line)
    assert answer is None or json.loads(answer)
